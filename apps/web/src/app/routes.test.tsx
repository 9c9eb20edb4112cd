import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render';
import { mockSignedIn } from '@/testing/server';

describe('guarded pages', () => {
  it.each([
    ['/account-settings', 'Account Settings'],
    ['/settings', 'Settings'],
    ['/credit-history', 'Credit History'],
    ['/canvas-editor', 'Canvas Editor'],
    ['/realistic-photoshoot', 'Advance Clothes AI Photoshoot'],
    ['/try-on', 'Clothes AI Photoshoot'],
    ['/ai-designer', 'AI Designer'],
    ['/fashion-extractor', 'Fashion Extractor'],
    ['/gallery', 'My Gallery'],
    ['/analytics', 'Analytics'],
  ])('%s shows its page', async (path, title) => {
    mockSignedIn();
    renderApp(path);

    expect(await screen.findByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    expect(screen.queryByText('Coming soon')).not.toBeInTheDocument();
  });

  it('/profile shows the profile', async () => {
    mockSignedIn();
    renderApp('/profile');

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Ada Lovelace' }),
    ).toBeInTheDocument();
  });

  it('/ shows the dashboard with shortcuts to the tools', async () => {
    mockSignedIn();
    renderApp('/');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome back, Ada' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Product photography/ })).toHaveAttribute(
      'href',
      '/photoshoot',
    );
  });
});
