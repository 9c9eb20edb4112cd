import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SUPPORT_EMAIL, SUPPORT_HOURS } from '@studio/contract/constants';
import { renderApp } from '@/testing/render';
import { mockSignedIn } from '@/testing/server';

describe('contact page', () => {
  it('shows the support email as a mail link, the phone note and the hours', async () => {
    mockSignedIn();
    renderApp('/contact');

    expect(await screen.findByRole('heading', { name: 'Get in touch' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: SUPPORT_EMAIL })).toHaveAttribute(
      'href',
      `mailto:${SUPPORT_EMAIL}`,
    );
    expect(screen.getByText('Phone')).toBeInTheDocument();
    expect(screen.getByText(SUPPORT_HOURS)).toBeInTheDocument();
  });
});
