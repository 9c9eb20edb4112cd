import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes, useLocation, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/components/ui/toast';
import { openInNewTab, saveFile } from '@/features/generations';
import {
  galleryItem,
  galleryItems,
  mediaHandler,
  PAST_GENERATIONS_URL,
  pastGenerationsBody,
  pastGenerationsFailureHandler,
  pastGenerationsHandler,
  pastGenerationsPendingHandler,
  type PastGenerationsBody,
} from '@/testing/gallery-handlers';
import { currentLocation, renderWithProviders } from '@/testing/render';
import { mockSignedIn, server, testUser } from '@/testing/server';
import type { GalleryItem } from '@studio/contract';
import { readGalleryPageViews } from '../lib/page-views';
import { GalleryPage } from './gallery-page';

vi.mock('@/components/ui/toast', () => ({
  notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() },
}));
vi.mock('@/features/generations/lib/download', () => ({
  saveFile: vi.fn(() => Promise.resolve()),
  openInNewTab: vi.fn(),
}));

/** Where View went: the tool's path and the router state it received. */
function ToolProbe() {
  const location = useLocation();
  return <pre data-testid="tool-state">{JSON.stringify(location.state)}</pre>;
}

/** Changes the URL from outside the page, as Back or a link would. */
function GoTo({ to }: { to: string }) {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      onClick={() => {
        void navigate(to);
      }}
    >
      Go to {to}
    </button>
  );
}

interface OpenOptions {
  path?: string;
  items?: GalleryItem[];
  fakeTimers?: boolean;
}

/** Signed in, the gallery API answering with `items`; returns the request bodies it received. */
async function openGallery({
  path = '/gallery',
  items = [],
  fakeTimers = false,
}: OpenOptions = {}) {
  const requests: PastGenerationsBody[] = [];
  mockSignedIn();
  server.use(pastGenerationsHandler(items, requests), mediaHandler());
  const rendered = renderWithProviders(
    <Routes>
      <Route
        path="/gallery"
        element={
          <>
            <GalleryPage />
            <GoTo to="/gallery?search=linen" />
          </>
        }
      />
      <Route path="*" element={<ToolProbe />} />
    </Routes>,
    {
      path,
      userEventOptions: fakeTimers ? { advanceTimers: vi.advanceTimersByTime } : undefined,
    },
  );
  await waitFor(() => {
    expect(requests.length).toBeGreaterThan(0);
  });
  await waitFor(() => {
    expect(screen.queryByText('Loading your generations…')).not.toBeInTheDocument();
  });
  return { ...rendered, requests };
}

const cards = () => screen.queryAllByRole('article');

function card(index = 0): HTMLElement {
  const found = cards()[index];
  if (!found) throw new Error(`No card ${String(index)}`);
  return found;
}

const lastRequest = (requests: PastGenerationsBody[]) => requests.at(-1);

beforeEach(() => {
  vi.mocked(notify.success).mockClear();
  vi.mocked(notify.error).mockClear();
  vi.mocked(saveFile).mockReset().mockResolvedValue(undefined);
  vi.mocked(openInNewTab).mockClear();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('gallery: loading and listing', () => {
  it('shows the heading, the search box and the type filter', async () => {
    await openGallery();

    expect(screen.getByRole('heading', { level: 2, name: 'My Gallery' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveAttribute(
      'placeholder',
      'Search by prompt, tool or style (min 2 characters)…',
    );
    const type = screen.getByRole('combobox', { name: 'Type' });
    expect(type).toHaveDisplayValue('All Types');
    expect(
      within(type)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'All Types',
      'Photoshoots',
      'Try-Ons',
      'Advance Clothes Try-On',
      'AI Designer',
      'Pose Change',
      'Fashion Extractor',
      'Video Generation',
      'Image Upscaler',
      'Background Removal',
      'Listing Images',
      'Colourways',
      'Angle Sets',
    ]);
  });

  it.each([
    ['/gallery', 12],
    ['/gallery?limit=6', 6],
    ['/gallery?limit=36', 36],
  ])('shows one skeleton card per item of the page size while %s loads', async (path, count) => {
    mockSignedIn();
    server.use(pastGenerationsPendingHandler());
    renderWithProviders(<GalleryPage />, { path });

    const loading = await screen.findByRole('status');
    expect(loading).toHaveTextContent('Loading your generations…');
    expect(within(loading).getAllByTestId('gallery-card-skeleton')).toHaveLength(count);
  });

  it("asks for the signed-in user's first page of every type, without a search", async () => {
    const { requests } = await openGallery();

    // The GET /gallery's HTML preloads (ADR 041); the server takes the user from the session.
    expect(requests).toEqual([{ method: 'GET', page: 1, limit: 12, type: 'all' }]);
  });

  it('reads the page, page size, type and search from the URL', async () => {
    const { requests } = await openGallery({
      path: '/gallery?type=fashion-extractor&search=denim&page=2&limit=24',
      items: galleryItems(30),
    });

    expect(requests).toEqual([
      { userId: testUser.id, page: 2, limit: 24, type: 'fashion_extractor', search: 'denim' },
    ]);
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('denim');
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveDisplayValue('Fashion Extractor');
  });

  it('shows a card per generation with its image, counts, type, date and prompt', async () => {
    const timestamp = new Date(2026, 0, 15, 10, 30).toISOString();
    await openGallery({
      items: [
        galleryItem({
          type: 'try-on',
          timestamp,
          prompt: 'Red silk dress on a rooftop at sunset',
          numberOfImages: 2,
          numberOfVideos: 1,
          thumbnailUrl: '/api/v1/media/first/thumbnail',
        }),
        galleryItem({ type: 'ai-designer', timestamp: 'not a date', prompt: '' }),
        galleryItem({ type: 'hologram-maker' }),
      ],
    });
    const date = 'Jan 15, 2026';

    await waitFor(() => {
      expect(cards()).toHaveLength(3);
    });
    const first = within(card(0));
    expect(card(0)).toHaveAccessibleName(
      `Try-Ons from ${date}: Red silk dress on a rooftop at sunset`,
    );
    expect(first.getByText('2 images · 1 video')).toBeInTheDocument();
    expect(first.getByText('Try-Ons')).toBeInTheDocument();
    expect(first.getByText(date)).toHaveAttribute('datetime', timestamp);
    expect(first.getByText('Red silk dress on a rooftop at sunset')).toHaveClass('line-clamp-2');
    expect(first.getByRole('img')).toHaveAttribute(
      'src',
      'http://localhost:3000/api/v1/media/first/thumbnail',
    );
    expect(first.getByRole('button', { name: 'Download' })).toBeEnabled();
    expect(first.getByRole('button', { name: 'Share' })).toBeEnabled();
    expect(first.getByRole('button', { name: 'View' })).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'Open in tool' })).toBeInTheDocument();

    const second = within(card(1));
    expect(second.getByText('AI Designer')).toBeInTheDocument();
    expect(second.getByText('Invalid Date')).not.toHaveAttribute('datetime');
    expect(second.getByText('No prompt')).toBeInTheDocument();

    expect(within(card(2)).getByText('hologram-maker')).toBeInTheDocument();
  });

  it('uses the first image when a generation has no thumbnail', async () => {
    await openGallery({
      items: [galleryItem({ thumbnailUrl: null, imageUrlList: ['/api/v1/media/full'] })],
    });

    expect(within(card()).getByRole('img')).toHaveAttribute(
      'src',
      'http://localhost:3000/api/v1/media/full',
    );
  });

  it('loads the first 6 images with priority and the rest lazily', async () => {
    await openGallery({ items: galleryItems(8) });
    // The cards past the first few come in a render of their own (gallery-grid.tsx).
    await waitFor(() => {
      expect(cards()).toHaveLength(8);
    });

    const images = cards().map((article) => within(article).getByRole('img'));
    expect(images.slice(0, 6).map((image) => image.getAttribute('loading'))).toEqual(
      Array.from({ length: 6 }, () => 'eager'),
    );
    expect(images[0]).toHaveAttribute('fetchpriority', 'high');
    expect(images.slice(6).map((image) => image.getAttribute('loading'))).toEqual(['lazy', 'lazy']);
  });

  it('logs each successful load as a page view in the session', async () => {
    await openGallery({ path: '/gallery?type=upscaler&search=denim', items: galleryItems(1) });

    expect(readGalleryPageViews()).toEqual([
      { page: 1, type: 'upscaler', search: 'denim', timestamp: expect.any(String) as string },
    ]);
  });
});

describe('gallery: empty and failed', () => {
  it('suggests where to start when there are no generations at all', async () => {
    await openGallery();

    const empty = screen.getByRole('region', { name: 'No generations found' });
    expect(empty).toHaveTextContent('Start creating photoshoots or try-ons to see them here.');
    const links = within(empty).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/photoshoot',
      '/try-on',
      '/fashion-extractor',
    ]);
    expect(screen.queryByRole('navigation', { name: 'Gallery pages' })).not.toBeInTheDocument();
  });

  it.each(['/gallery?type=upscaler', '/gallery?search=velvet'])(
    'suggests adjusting the filters when %s finds nothing',
    async (path) => {
      await openGallery({ path });

      const empty = screen.getByRole('region', { name: 'No generations found' });
      expect(empty).toHaveTextContent('Try adjusting your search or filter...');
      expect(within(empty).queryAllByRole('link')).toHaveLength(0);
    },
  );

  it('keeps the list when a later refresh fails, with the error above it', async () => {
    const { queryClient } = await openGallery({ items: galleryItems(3) });

    server.use(pastGenerationsFailureHandler('Gallery is unavailable'));
    await act(() => queryClient.refetchQueries({ queryKey: ['gallery'] }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Gallery is unavailable');
    expect(cards()).toHaveLength(3);
  });

  it('shows a failure in red with Retry, which loads the gallery', async () => {
    mockSignedIn();
    server.use(pastGenerationsFailureHandler('Gallery is unavailable'));
    const { user } = renderWithProviders(<GalleryPage />, { path: '/gallery' });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load your gallery.");
    expect(within(alert).getByText('Gallery is unavailable')).toHaveClass('text-destructive');
    expect(cards()).toHaveLength(0);

    server.use(pastGenerationsHandler(galleryItems(2)));
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));

    await waitFor(() => {
      expect(cards()).toHaveLength(2);
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('gallery: filters', () => {
  it('changing the type updates the URL, goes back to page 1 and asks for that type', async () => {
    const { user, requests } = await openGallery({
      path: '/gallery?page=3&limit=6',
      items: galleryItems(20),
    });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'Fashion Extractor');

    expect(currentLocation()).toBe('/gallery?type=fashion-extractor&limit=6');
    await waitFor(() => {
      expect(lastRequest(requests)).toEqual({
        userId: testUser.id,
        page: 1,
        limit: 6,
        type: 'fashion_extractor',
      });
    });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'All Types');
    expect(currentLocation()).toBe('/gallery?limit=6');
  });

  it('typing one character shows the hint and searches nothing', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, requests } = await openGallery({ items: galleryItems(2), fakeTimers: true });

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'd');

    expect(screen.getByText('Type at least 2 characters to search')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(requests).toHaveLength(1);
    expect(currentLocation()).toBe('/gallery');
    expect(screen.queryByText('Searching…')).not.toBeInTheDocument();
    expect(cards()).toHaveLength(2);
  });

  it('applies a typed search 800 ms after typing stops, from page 1', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, requests } = await openGallery({
      path: '/gallery?page=2',
      items: galleryItems(20),
      fakeTimers: true,
    });

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'dress');

    // Until it is applied the old list no longer matches, so it is replaced by the indicator.
    expect(screen.getByRole('status')).toHaveTextContent('Searching…');
    expect(cards()).toHaveLength(0);
    expect(screen.queryByText('Type at least 2 characters to search')).not.toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(650);
    });
    expect(currentLocation()).toBe('/gallery?page=2');

    act(() => {
      vi.advanceTimersByTime(150);
    });
    expect(currentLocation()).toBe('/gallery?search=dress');
    await waitFor(() => {
      expect(lastRequest(requests)).toEqual({
        userId: testUser.id,
        page: 1,
        limit: 12,
        type: 'all',
        search: 'dress',
      });
    });
    await waitFor(() => {
      expect(cards()).toHaveLength(12);
    });
  });

  it('waits 1200 ms for a search longer than 5 characters', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = await openGallery({ items: galleryItems(2), fakeTimers: true });

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'silk dress');
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(currentLocation()).toBe('/gallery');

    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(currentLocation()).toBe('/gallery?search=silk+dress');
  });

  it('clearing the search box shows everything again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, requests } = await openGallery({
      path: '/gallery?search=dress',
      items: galleryItems(2),
      fakeTimers: true,
    });

    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    act(() => {
      vi.advanceTimersByTime(800);
    });

    expect(currentLocation()).toBe('/gallery');
    await waitFor(() => {
      expect(lastRequest(requests)).not.toHaveProperty('search');
    });
  });

  it('the search box follows a search that arrives through the URL', async () => {
    const { user, requests } = await openGallery({ path: '/gallery?search=dress' });

    await user.click(screen.getByRole('button', { name: 'Go to /gallery?search=linen' }));

    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('linen');
    expect(screen.queryByText('Searching…')).not.toBeInTheDocument();
    await waitFor(() => {
      expect(lastRequest(requests)).toMatchObject({ search: 'linen' });
    });
  });
});

describe('gallery: pagination', () => {
  it('numbers the pages, says how many items there are and marks the current page', async () => {
    await openGallery({ path: '/gallery?page=4&limit=6', items: galleryItems(42) });

    const pager = screen.getByRole('navigation', { name: 'Gallery pages' });
    expect(pager).toHaveTextContent('42 total items');
    const pages = within(pager)
      .getAllByRole('button', { name: /^Page / })
      .map((button) => button.textContent);
    expect(pages).toEqual(['1', '3', '4', '5', '7']);
    expect(within(pager).getByRole('button', { name: 'Page 4' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(pager).getByRole('button', { name: 'Page 3' })).not.toHaveAttribute(
      'aria-current',
    );
    expect(within(pager).getByRole('combobox', { name: 'Items per page' })).toHaveDisplayValue('6');
  });

  it('moves between pages by number, Previous and Next, asking the server for each', async () => {
    const { user, requests } = await openGallery({ items: galleryItems(30) });
    const pager = () => screen.getByRole('navigation', { name: 'Gallery pages' });
    expect(within(pager()).getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(within(pager()).getByRole('button', { name: 'Page 2' }));

    expect(currentLocation()).toBe('/gallery?page=2');
    await waitFor(() => {
      expect(lastRequest(requests)).toMatchObject({ page: 2, limit: 12 });
    });
    await waitFor(() => {
      expect(within(pager()).getByRole('button', { name: 'Page 2' })).toHaveAttribute(
        'aria-current',
        'page',
      );
    });

    await user.click(within(pager()).getByRole('button', { name: 'Next' }));
    expect(currentLocation()).toBe('/gallery?page=3');
    await waitFor(() => {
      expect(cards()).toHaveLength(6);
    });
    expect(within(pager()).getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(within(pager()).getByRole('button', { name: 'Previous' }));
    expect(currentLocation()).toBe('/gallery?page=2');
  });

  it('changing the page size goes back to page 1', async () => {
    const { user, requests } = await openGallery({
      path: '/gallery?page=2',
      items: galleryItems(30),
    });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Items per page' }), '24');

    expect(currentLocation()).toBe('/gallery?limit=24');
    await waitFor(() => {
      expect(lastRequest(requests)).toMatchObject({ page: 1, limit: 24 });
    });
  });

  it('keeps the pager and the focused page size select while the resized page loads', async () => {
    await openGallery({ items: galleryItems(30) });
    const requests: PastGenerationsBody[] = [];
    // The resized page answers only when the test says so, to look at the pager meanwhile.
    let answer: () => void = () => undefined;
    server.use(
      http.post(PAST_GENERATIONS_URL, async ({ request }) => {
        const body = (await request.json()) as PastGenerationsBody;
        requests.push(body);
        await new Promise<void>((resolve) => {
          answer = resolve;
        });
        return HttpResponse.json(pastGenerationsBody(galleryItems(30), body.page, body.limit));
      }),
    );
    const size = screen.getByRole('combobox', { name: 'Items per page' });
    // Reached with Tab; ArrowDown on a closed select changes the value straight away.
    act(() => {
      size.focus();
    });
    fireEvent.change(size, { target: { value: '24' } });

    await waitFor(() => {
      expect(requests).toHaveLength(1);
    });
    const pager = screen.getByRole('navigation', { name: 'Gallery pages' });
    expect(pager).toHaveTextContent('30 total items');
    expect(within(pager).getAllByRole('button', { name: /^Page / })).toHaveLength(2);
    expect(size).toHaveFocus();

    answer();
    await waitFor(() => {
      expect(cards()).toHaveLength(24);
    });
    expect(screen.getByRole('combobox', { name: 'Items per page' })).toHaveFocus();
    expect(screen.getByRole('combobox', { name: 'Items per page' })).toHaveDisplayValue('24');
  });

  it('shows the last page instead of a page past the end', async () => {
    const { requests } = await openGallery({ path: '/gallery?page=9', items: galleryItems(14) });

    await waitFor(() => {
      expect(currentLocation()).toBe('/gallery?page=2');
    });
    await waitFor(() => {
      expect(cards()).toHaveLength(2);
    });
    expect(requests.map((body) => body.page)).toEqual([9, 2]);
  });
});

describe('gallery: card actions', () => {
  it('downloads every image then every video, 500 ms apart, and says how many', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const saved: { name: string; at: number }[] = [];
    vi.mocked(saveFile).mockImplementation((_url, filename) => {
      saved.push({ name: filename, at: Date.now() });
      return Promise.resolve();
    });
    const { user } = await openGallery({
      items: [
        galleryItem({
          generationId: 'gen_a',
          type: 'video-generation',
          imageUrlList: ['/api/v1/media/still-1', '/api/v1/media/still-2'],
          videoUrlList: ['/api/v1/media/clip-1'],
        }),
      ],
      fakeTimers: true,
    });

    await user.click(within(card()).getByRole('button', { name: 'Download' }));

    expect(within(card()).getByRole('button', { name: 'Downloading…' })).toBeDisabled();
    await waitFor(() => {
      expect(saved).toHaveLength(1);
    });
    for (const next of [2, 3]) {
      // Not before 500 ms (the margin absorbs the real time that also moves the clock)…
      await act(async () => {
        vi.advanceTimersByTime(300);
        await Promise.resolve();
      });
      expect(saved).toHaveLength(next - 1);
      // …and right after.
      await act(async () => {
        vi.advanceTimersByTime(200);
        await Promise.resolve();
      });
      await waitFor(() => {
        expect(saved).toHaveLength(next);
      });
    }

    expect(saved.map((file) => file.name)).toEqual([
      'video-generation-gen_a-image-1.jpg',
      'video-generation-gen_a-image-2.jpg',
      'video-generation-gen_a-video-1.mp4',
    ]);
    expect(vi.mocked(saveFile).mock.calls.map(([url]) => url)).toEqual([
      'http://localhost:3000/api/v1/media/still-1',
      'http://localhost:3000/api/v1/media/still-2',
      'http://localhost:3000/api/v1/media/clip-1',
    ]);
    const gaps = saved.slice(1).map((file, index) => file.at - (saved[index]?.at ?? 0));
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(500);
    await waitFor(() => {
      expect(notify.success).toHaveBeenCalledWith(
        'Download complete! 3 file(s) downloaded successfully.',
      );
    });
    expect(within(card()).getByRole('button', { name: 'Download' })).toBeEnabled();
  });

  it('tries a failed file in a new tab, says it was not downloaded and links to it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.mocked(saveFile).mockImplementation((url) =>
      url.endsWith('/b') ? Promise.reject(new Error('HTTP error! status: 404')) : Promise.resolve(),
    );
    const { user } = await openGallery({
      items: [galleryItem({ imageUrlList: ['/api/v1/media/a', '/api/v1/media/b'] })],
      fakeTimers: true,
    });

    await user.click(within(card()).getByRole('button', { name: 'Download' }));
    act(() => {
      vi.advanceTimersByTime(500);
    });

    await waitFor(() => {
      expect(notify.error).toHaveBeenCalledWith(
        '1 file(s) could not be downloaded.',
        'Open them from the links on the card to save them yourself.',
      );
    });
    // Still tried (document 1 §2), but a popup blocker may stop it, so nothing claims it opened.
    expect(openInNewTab).toHaveBeenCalledWith('http://localhost:3000/api/v1/media/b');
    expect(notify.success).toHaveBeenCalledWith(
      'Download complete! 1 file(s) downloaded successfully.',
    );
    const failed = within(card()).getByRole('list', {
      name: 'Some files could not be downloaded. Open them to save them yourself:',
    });
    const links = within(failed).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Open file 2']);
    expect(links[0]).toHaveAttribute('href', 'http://localhost:3000/api/v1/media/b');
    expect(links[0]).toHaveAttribute('target', '_blank');
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer');

    // The next attempt clears them; this time everything is saved.
    vi.mocked(saveFile).mockResolvedValue(undefined);
    await user.click(within(card()).getByRole('button', { name: 'Download' }));
    expect(within(card()).queryByRole('link', { name: 'Open file 2' })).not.toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(500);
    });
    await waitFor(() => {
      expect(within(card()).getByRole('button', { name: 'Download' })).toBeEnabled();
    });
    expect(within(card()).queryByRole('list')).not.toBeInTheDocument();
  });

  it('claims no success when no file could be saved', async () => {
    vi.mocked(saveFile).mockRejectedValue(new Error('Failed to fetch'));
    const { user } = await openGallery({
      items: [galleryItem({ imageUrlList: ['/api/v1/media/a'] })],
    });

    await user.click(within(card()).getByRole('button', { name: 'Download' }));

    await waitFor(() => {
      expect(notify.error).toHaveBeenCalledWith(
        '1 file(s) could not be downloaded.',
        'Open them from the links on the card to save them yourself.',
      );
    });
    expect(notify.success).not.toHaveBeenCalled();
    expect(within(card()).getByRole('link', { name: 'Open file 1' })).toHaveAttribute(
      'href',
      'http://localhost:3000/api/v1/media/a',
    );
  });

  it('says there is nothing to share for a generation without media', async () => {
    const { user } = await openGallery({
      items: [galleryItem({ imageUrlList: [], videoUrlList: [], numberOfImages: 0 })],
    });

    await user.click(within(card()).getByRole('button', { name: 'Share' }));

    expect(notify.error).toHaveBeenCalledWith('No content available to share');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('View shows the result in the viewer, compared with its input, and goes on to the next card', async () => {
    const { user } = await openGallery({
      items: [
        galleryItem({
          generationId: 'gen_a',
          type: 'photoshoot',
          prompt: 'in a landscape',
          styleName: 'studio',
          numberOfImages: 1,
          imageUrlList: ['/api/v1/media/a1'],
          inputImageUrls: ['/api/v1/media/in_a'],
        }),
        galleryItem({
          generationId: 'gen_b',
          type: 'upscaler',
          prompt: 'Upscale 2x',
          numberOfImages: 1,
          imageUrlList: ['/api/v1/media/b1'],
          inputImageUrls: ['/api/v1/media/in_b'],
        }),
      ],
    });

    await user.click(within(card(0)).getByRole('button', { name: 'View' }));
    const viewer = within(screen.getByRole('dialog'));
    expect(viewer.getByRole('heading', { name: /: Studio scene$/ })).toBeVisible();
    await user.click(viewer.getByRole('button', { name: 'Compare with original' }));
    expect(viewer.getByRole('img', { name: /^Original of / })).toHaveAttribute(
      'src',
      '/api/v1/media/in_a',
    );
    await user.click(viewer.getByRole('button', { name: 'Next result' }));
    expect(viewer.getByRole('heading', { name: /: Upscale 2x$/ })).toBeVisible();
    await user.click(viewer.getByRole('link', { name: 'Open in tool' }));
    expect(currentLocation()).toBe('/canvas-editor');
  });

  it('closing the viewer gives the focus back to the View button that opened it', async () => {
    const { user } = await openGallery({
      items: [galleryItem({ numberOfImages: 1, imageUrlList: ['/api/v1/media/a1'] })],
    });
    const view = within(card()).getByRole('button', { name: 'View' });

    await user.click(view);
    expect(await screen.findByRole('dialog')).toBeVisible();
    await user.keyboard('{Escape}');

    await waitFor(() => {
      expect(view).toHaveFocus();
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('captions a photoshoot made without a prompt by its scene, not the default prompt', async () => {
    await openGallery({
      items: [galleryItem({ type: 'photoshoot', prompt: 'in a landscape', styleName: 'studio' })],
    });
    expect(within(card()).getByText('Studio scene')).toBeInTheDocument();
    expect(within(card()).queryByText('in a landscape')).not.toBeInTheDocument();
  });

  it('Open in tool opens the originating tool with the generation in the navigation state', async () => {
    const item = galleryItem({
      generationId: 'gen_view',
      type: 'realistic-try-on',
      prompt: 'Linen suit',
      styleName: 'Editorial',
      numberOfImages: 2,
      imageUrlList: ['/api/v1/media/o1', '/api/v1/media/o2'],
      inputImageUrls: ['/api/v1/media/in'],
    });
    const { user } = await openGallery({ items: [item] });

    await user.click(within(card()).getByRole('link', { name: 'Open in tool' }));

    expect(currentLocation()).toBe('/realistic-photoshoot');
    expect(JSON.parse(screen.getByTestId('tool-state').textContent)).toEqual({
      inputImages: ['/api/v1/media/in'],
      prompt: 'Linen suit',
      style: 'Editorial',
      variations: 2,
      recreatingFrom: 'gen_view',
      generatedImages: ['/api/v1/media/o1', '/api/v1/media/o2'],
    });
  });

  it('Open in tool opens a video in the canvas editor with its videos and the tool marker; no View for the image viewer', async () => {
    const { user } = await openGallery({
      items: [
        galleryItem({
          type: 'video-generation',
          numberOfImages: 0,
          numberOfVideos: 1,
          imageUrlList: [],
          videoUrlList: ['/api/v1/media/clip'],
        }),
      ],
    });

    expect(within(card()).queryByRole('button', { name: 'View' })).not.toBeInTheDocument();
    await user.click(within(card()).getByRole('link', { name: 'Open in tool' }));

    expect(currentLocation()).toBe('/canvas-editor');
    expect(JSON.parse(screen.getByTestId('tool-state').textContent)).toMatchObject({
      generatedVideos: ['/api/v1/media/clip'],
      tool: 'video-generation',
      variations: 1,
    });
  });
});
