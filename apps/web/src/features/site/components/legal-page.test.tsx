import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { currentLocation, renderApp } from '@/testing/render';
import { errorResponse, mockSession, server } from '@/testing/server';

describe('legal pages', () => {
  it('shows the configured privacy policy to a signed-out visitor, section by section', async () => {
    mockSession(null);
    renderApp('/privacy');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Your uploads' })).toBeVisible();
    expect(screen.getByText('Stored under a random id, metadata removed.')).toBeInTheDocument();
    expect(screen.getByText('Last updated 24 November 2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'help@studio.example' })).toHaveAttribute(
      'href',
      'mailto:help@studio.example',
    );
    // Public: no detour through the login screen.
    expect(currentLocation()).toBe('/privacy');
    expect(document.title).toBe('Privacy Policy · AI Product Studio');
  });

  it('shows the terms as plain text and links between the two documents', async () => {
    mockSession(null);
    const { user } = renderApp('/terms');

    expect(await screen.findByRole('heading', { level: 2, name: 'Credits' })).toBeVisible();
    // An operator's text is never interpreted as markup.
    expect(screen.getByText('<b>Plain text</b>, never markup.')).toBeInTheDocument();
    const legalNav = screen.getByRole('navigation', { name: 'Legal' });
    expect(within(legalNav).getByRole('link', { name: 'Terms' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await user.click(within(legalNav).getByRole('link', { name: 'Privacy' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' }),
    ).toBeInTheDocument();
  });

  it('says when the text cannot be loaded and loads it again on request', async () => {
    mockSession(null);
    server.use(
      http.get('/api/v1/site-info', () => errorResponse(500, 'internal_error', 'Boom'), {
        once: true,
      }),
    );
    const { user } = renderApp('/terms');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The terms of service could not be loaded.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Credits' })).toBeVisible();
  });
});
