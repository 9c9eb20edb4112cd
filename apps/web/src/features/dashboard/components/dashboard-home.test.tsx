import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { mockSignedIn } from '@/testing/server';
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
