import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  galleryItems,
  type PastGenerationsBody,
  PAST_GENERATIONS_URL,
  pastGenerationsHandler,
} from '@/testing/gallery-handlers';
import { renderWithProviders } from '@/testing/render';
import { errorResponse, mockProfile, mockSignedIn, server, testUser } from '@/testing/server';
import { LEFT_SHOWCASE, RIGHT_SHOWCASE } from '../lib/slides';
import { DashboardHome } from './dashboard-home';

afterEach(() => {
  vi.useRealTimers();
});

function renderDashboard() {
  return renderWithProviders(<DashboardHome />);
}

describe('dashboard feature cards', () => {
  it('link every card of the spec to its tool, AI Designer and Analytics included', async () => {
    mockSignedIn();
    server.use(pastGenerationsHandler([]));
    renderDashboard();

    await screen.findByRole('link', { name: /^AI Designer/ });
    const cards = screen.getAllByRole('link').map((link) => {
      const title = link.querySelector('.font-semibold')?.textContent;
      expect(link).toHaveAccessibleName(expect.stringMatching(new RegExp(`^${title ?? '-'}`)));
      return [title, link.getAttribute('href')];
    });
    expect(cards).toEqual([
      ['Fashion Reels', '/canvas-editor'],
      ['Advance Clothes AI Photoshoot', '/realistic-photoshoot'],
      ['Outfit Picker', '/fashion-extractor'],
      ['AI Pose Change', '/ai-poses'],
      ['Dummy/Mannequin to AI Model', '/try-on'],
      ['Clothes Catalogue Generator', '/try-on'],
      ['4K Resolution Converter', '/canvas-editor?tool=upscaler'],
      ['Change Background', '/canvas-editor?tool=background-removal'],
      ['Background Removal', '/canvas-editor?tool=background-removal'],
      ['Product photography', '/photoshoot'],
      ['AI Designer', '/ai-designer'],
      ['Analytics', '/analytics'],
    ]);
  });
});

describe('dashboard sliders', () => {
  it('show our showcase to a user without results', async () => {
    mockSignedIn();
    const requests: PastGenerationsBody[] = [];
    server.use(pastGenerationsHandler([], requests));
    renderDashboard();

    const left = screen.getByRole('region', { name: 'Made with AI Product Studio' });
    const right = screen.getByRole('region', { name: 'More examples' });
    expect(within(left).getByRole('img')).toHaveAttribute('src', LEFT_SHOWCASE[0]?.src);
    expect(within(right).getByRole('img')).toHaveAttribute('src', RIGHT_SHOWCASE[0]?.src);
    // The newest page of every type, not logged as a gallery page view.
    await vi.waitFor(() => {
      expect(requests).toEqual([{ userId: testUser.id, page: 1, limit: 12, type: 'all' }]);
    });
    expect(window.sessionStorage.getItem('gallery:page-views')).toBeNull();
    expect(within(left).getByRole('group')).toHaveAccessibleName('1 of 5');
    expect(within(right).getByRole('group')).toHaveAccessibleName('1 of 3');
  });

  it("put the user's latest results in place of showcase slides, newest first", async () => {
    mockSignedIn();
    const items = galleryItems(2);
    server.use(pastGenerationsHandler(items));
    renderDashboard();

    const left = await screen.findByRole('region', { name: 'Your latest results' });
    expect(within(left).getByRole('img', { name: 'Your recent result 1' })).toHaveAttribute(
      'src',
      items[0]?.thumbnailUrl,
    );
    // Two of theirs, then three of ours; the right slider keeps the showcase.
    const sources = Array.from(left.querySelectorAll('img')).map((image) =>
      image.getAttribute('src'),
    );
    expect(sources).toEqual([
      items[0]?.thumbnailUrl,
      items[1]?.thumbnailUrl,
      ...LEFT_SHOWCASE.slice(0, 3).map((slide) => slide.src),
    ]);
    const right = screen.getByRole('region', { name: 'More of your results' });
    expect(within(right).getByRole('img')).toHaveAttribute('src', RIGHT_SHOWCASE[0]?.src);
  });

  it('fill both sliders with the results of a user who has eight or more', async () => {
    mockSignedIn();
    const items = galleryItems(9);
    server.use(pastGenerationsHandler(items));
    renderDashboard();

    const right = await screen.findByRole('region', { name: 'More of your results' });
    const sources = Array.from(right.querySelectorAll('img')).map((image) =>
      image.getAttribute('src'),
    );
    expect(sources).toEqual(items.slice(5, 8).map((item) => item.thumbnailUrl));
  });

  it('keep the showcase and say so when the results cannot be loaded', async () => {
    mockSignedIn();
    server.use(
      http.post(PAST_GENERATIONS_URL, () => errorResponse(500, 'internal', 'Something broke')),
    );
    renderDashboard();

    expect(
      await screen.findByText(
        'Your latest results could not be loaded, so these are our examples.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('region', { name: 'Made with AI Product Studio' })).toBeVisible();
  });

  it('turn the left slider every 4 s and the right one every 3.5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockSignedIn();
    server.use(http.post(PAST_GENERATIONS_URL, () => HttpResponse.json({}, { status: 500 })));
    renderDashboard();
    const left = screen.getByRole('region', { name: 'Made with AI Product Studio' });
    const right = screen.getByRole('region', { name: 'More examples' });

    await act(async () => {
      await vi.advanceTimersByTimeAsync(3_500);
    });
    expect(within(left).getByRole('group')).toHaveAccessibleName('1 of 5');
    expect(within(right).getByRole('group')).toHaveAccessibleName('2 of 3');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    expect(within(left).getByRole('group')).toHaveAccessibleName('2 of 5');
  });
});

describe('dashboard greeting', () => {
  it('welcomes a brand-new user without "back"', async () => {
    mockSignedIn();
    server.use(pastGenerationsHandler([]));
    mockProfile({
      registrationDate: '2026-11-24T10:00:00.000Z',
      lastSignIn: '2026-11-24T10:00:00.400Z',
    });
    renderDashboard();

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeVisible();
    expect(screen.queryByText(/welcome back/i)).not.toBeInTheDocument();
  });

  it('welcomes a returning user back', async () => {
    mockSignedIn();
    server.use(pastGenerationsHandler([]));
    mockProfile({
      registrationDate: '2025-01-15T10:00:00.000Z',
      lastSignIn: '2026-01-10T09:30:00.000Z',
    });
    renderDashboard();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome back, Ada' }),
    ).toBeVisible();
  });
});
