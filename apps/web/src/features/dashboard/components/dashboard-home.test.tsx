import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { mockProfile, mockSignedIn } from '@/testing/server';
import { DashboardHome } from './dashboard-home';

describe('dashboard tool cards', () => {
  it('link every tool screen, the AI Designer included', async () => {
    mockSignedIn();
    renderWithProviders(<DashboardHome />);

    const designer = await screen.findByRole('link', { name: /^AI Designer/ });
    expect(designer).toHaveAttribute('href', '/ai-designer');
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/try-on',
      '/realistic-photoshoot',
      '/ai-designer',
      '/ai-poses',
      '/fashion-extractor',
      '/photoshoot',
      '/canvas-editor',
    ]);
  });
});

describe('dashboard greeting', () => {
  it('welcomes a brand-new user without "back"', async () => {
    mockSignedIn();
    mockProfile({
      registrationDate: '2026-11-24T10:00:00.000Z',
      lastSignIn: '2026-11-24T10:00:00.400Z',
    });
    renderWithProviders(<DashboardHome />);

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeVisible();
    expect(screen.queryByText(/welcome back/i)).not.toBeInTheDocument();
  });

  it('welcomes a returning user back', async () => {
    mockSignedIn();
    mockProfile({
      registrationDate: '2025-01-15T10:00:00.000Z',
      lastSignIn: '2026-01-10T09:30:00.000Z',
    });
    renderWithProviders(<DashboardHome />);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome back, Ada' }),
    ).toBeVisible();
  });
});
