import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentLocation, renderApp } from '@/testing/render';
import { mockSignedIn } from '@/testing/server';

async function renderShell(path = '/gallery') {
  mockSignedIn();
  const rendered = renderApp(path);
  await within(await screen.findByRole('banner')).findByText('12 credits');
  return rendered;
}

const menuButton = () => screen.getByRole('button', { name: 'Open menu' });

describe('mobile sidebar', () => {
  it('opens from the header menu button and closes on Escape, returning focus', async () => {
    const { user } = await renderShell();
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');

    await user.click(menuButton());

    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveFocus();

    await user.keyboard('{Escape}');

    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton()).toHaveFocus();
  });

  it('closes when the dark overlay is clicked', async () => {
    const { user } = await renderShell();
    await user.click(menuButton());

    await user.click(screen.getByTestId('sidebar-overlay'));

    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByTestId('sidebar-overlay')).not.toBeInTheDocument();
  });

  it('closes after navigating to another page', async () => {
    const { user } = await renderShell();
    await user.click(menuButton());

    await user.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', {
        name: 'Credit History',
      }),
    );

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Credit History' }),
    ).toBeInTheDocument();
    expect(currentLocation()).toBe('/credit-history');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('desktop sidebar', () => {
  it('collapses to icons and remembers it', async () => {
    const { user } = await renderShell();

    await user.click(screen.getByRole('button', { name: 'Collapse sidebar' }));

    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toBeInTheDocument();
    expect(window.localStorage.getItem('studio:sidebar-collapsed')).toBe('true');
  });
});

describe('page layout', () => {
  it('keeps regular pages in a centred container', async () => {
    await renderShell('/gallery');
    expect(screen.getByRole('main')).toHaveClass('max-w-6xl');
  });

  it.each(['/canvas-editor', '/ai-poses'])('gives %s the full width', async (path) => {
    await renderShell(path);
    expect(screen.getByRole('main')).not.toHaveClass('max-w-6xl');
  });

  it('names the browser tab after the page', async () => {
    await renderShell('/credit-history');
    expect(document.title).toBe('Credit History · AI Product Studio');
  });

  it('shows a friendly 404 inside the shell for unknown paths', async () => {
    const { user } = await renderShell('/does-not-exist');

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByText('/does-not-exist')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Go to dashboard' }));
    expect(await screen.findByRole('heading', { name: 'Welcome back, Ada' })).toBeInTheDocument();
  });
});

describe('footer', () => {
  it('links the terms and the privacy policy from every page of the shell (ADR 050)', async () => {
    const { user } = await renderShell('/credit-history');
    const footer = screen.getByRole('contentinfo');

    expect(within(footer).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
    await user.click(within(footer).getByRole('link', { name: 'Terms of Service' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Terms of Service' }),
    ).toBeInTheDocument();
    expect(currentLocation()).toBe('/terms');
  });
});
