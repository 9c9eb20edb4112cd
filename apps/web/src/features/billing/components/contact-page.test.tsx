import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render';
import { mockSignedIn } from '@/testing/server';
import { mockSiteInfo } from '@/testing/site-info-handlers';

describe('contact page', () => {
  it('shows the configured support email as a mail link, the phone note and the hours', async () => {
    mockSignedIn();
    mockSiteInfo({ supportHours: 'Every day, 8am-8pm IST' });
    renderApp('/contact');

    expect(await screen.findByRole('heading', { name: 'Get in touch' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'help@studio.example' })).toHaveAttribute(
      'href',
      'mailto:help@studio.example',
    );
    expect(screen.getByText('Phone')).toBeInTheDocument();
    expect(screen.getByText(/email us and we will call you back/)).toBeInTheDocument();
    expect(screen.getByText('Every day, 8am-8pm IST')).toBeInTheDocument();
  });

  it('shows the support phone from configuration as a call link', async () => {
    mockSignedIn();
    mockSiteInfo({ supportPhone: '+91 80 4000 1234' });
    renderApp('/contact');

    expect(await screen.findByRole('link', { name: '+91 80 4000 1234' })).toHaveAttribute(
      'href',
      'tel:+918040001234',
    );
    expect(screen.queryByText(/we will call you back/)).not.toBeInTheDocument();
  });
});
