import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  galleryItems,
  type PastGenerationsBody,
  PAST_GENERATIONS_URL,
  pastGenerationsHandler,
} from '@/testing/gallery-handlers';
import { AccountSummaryProvider } from '@/features/account';
import { renderWithProviders } from '@/testing/render';
import { errorResponse, mockProfile, mockSignedIn, server, testUser } from '@/testing/server';
import { LEFT_SHOWCASE, RIGHT_SHOWCASE } from '../lib/slides';
import { DashboardHome } from './dashboard-home';

afterEach(() => {
  vi.useRealTimers();
});

function renderDashboard() {
  return renderWithProviders(
    <AccountSummaryProvider>
      <DashboardHome />
    </AccountSummaryProvider>,
  );
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
    // The slide on screen stays ours (no swap under the user's eyes); theirs come next.
    expect(within(left).getByRole('img')).toHaveAttribute('src', LEFT_SHOWCASE[0]?.src);
    const sources = Array.from(left.querySelectorAll('img')).map((image) =>
      image.getAttribute('src'),
    );
    expect(sources).toEqual([
      LEFT_SHOWCASE[0]?.src,
      items[0]?.thumbnailUrl,
      items[1]?.thumbnailUrl,
      LEFT_SHOWCASE[1]?.src,
      LEFT_SHOWCASE[2]?.src,
    ]);
    expect(left.querySelector(`img[src="${items[0]?.thumbnailUrl ?? ''}"]`)).toHaveAccessibleName(
      'Your recent result 1',
    );
    const right = screen.getByRole('region', { name: 'More of your results' });
    expect(
      Array.from(right.querySelectorAll('img')).map((image) => image.getAttribute('src')),
    ).toEqual(RIGHT_SHOWCASE.map((slide) => slide.src));
  });

  it('fill every slide but the first of each slider for a user with six results or more', async () => {
    mockSignedIn();
    const items = galleryItems(9);
    server.use(pastGenerationsHandler(items));
    renderDashboard();

    const right = await screen.findByRole('region', { name: 'More of your results' });
    const left = screen.getByRole('region', { name: 'Your latest results' });
    const sources = (region: HTMLElement) =>
      Array.from(region.querySelectorAll('img')).map((image) => image.getAttribute('src'));
    expect(sources(left)).toEqual([
      LEFT_SHOWCASE[0]?.src,
      ...items.slice(0, 4).map((item) => item.thumbnailUrl),
    ]);
    expect(sources(right)).toEqual([
      RIGHT_SHOWCASE[0]?.src,
      ...items.slice(4, 6).map((item) => item.thumbnailUrl),
    ]);
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
