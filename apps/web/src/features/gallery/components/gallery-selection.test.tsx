import { act, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  galleryItems,
  mediaHandler,
  pastGenerationsHandler,
  type PastGenerationsBody,
} from '@/testing/gallery-handlers';
import { currentLocation, renderWithProviders } from '@/testing/render';
import { mockSignedIn, server } from '@/testing/server';
import type { GalleryItem } from '@studio/contract';
import { notify } from '@/components/ui/toast';
import { UNDO_WINDOW_MS } from '../hooks/use-deferred-delete';
import { GalleryPage } from './gallery-page';

vi.mock('@/components/ui/toast', () => ({
  notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() },
}));

const DELETE_URL = '/api/v1/gallery/generations';

/** The gallery with `items`, recording every delete the server receives. */
async function openGallery(items: GalleryItem[], fakeTimers = false) {
  const requests: PastGenerationsBody[] = [];
  const deletes: string[][] = [];
  let remaining = [...items];
  mockSignedIn();
  server.use(
    pastGenerationsHandler(remaining, requests),
    mediaHandler(),
    http.delete(DELETE_URL, async ({ request }) => {
      const { generationIds } = (await request.json()) as { generationIds: string[] };
      deletes.push(generationIds);
      remaining = remaining.filter((item) => !generationIds.includes(item.generationId));
      server.use(pastGenerationsHandler(remaining, requests));
      return HttpResponse.json({ success: true, deleted: generationIds.length });
    }),
  );
  const rendered = renderWithProviders(<GalleryPage />, {
    path: '/gallery',
    userEventOptions: fakeTimers ? { advanceTimers: vi.advanceTimersByTime } : undefined,
  });
  await screen.findAllByRole('article');
  return { ...rendered, requests, deletes };
}

const checkboxes = () => screen.getAllByRole('checkbox', { name: /^Select / });
const checked = () => checkboxes().map((box) => (box as HTMLInputElement).checked);
const toolbar = () => screen.getByRole('toolbar', { name: 'Selected items' });

afterEach(() => {
  vi.useRealTimers();
});

describe('gallery selection', () => {
  it('selects a card with its named checkbox and counts it in the toolbar', async () => {
    const { user } = await openGallery(galleryItems(4, { prompt: 'Linen shirt' }));

    expect(within(toolbar()).getByText('None selected')).toBeInTheDocument();
    await user.click(checkboxes()[1] as HTMLElement);

    expect(checked()).toEqual([false, true, false, false]);
    expect(within(toolbar()).getByText('1 selected')).toBeInTheDocument();
    expect(within(toolbar()).getByRole('button', { name: 'Download as zip' })).toBeEnabled();
  });

  it('selects the range between two clicks with Shift held', async () => {
    const { user } = await openGallery(galleryItems(5));

    await user.click(checkboxes()[0] as HTMLElement);
    await user.keyboard('{Shift>}');
    await user.click(checkboxes()[3] as HTMLElement);
    await user.keyboard('{/Shift}');

    expect(checked()).toEqual([true, true, true, true, false]);
    expect(within(toolbar()).getByText('4 selected')).toBeInTheDocument();
  });

  it('selects the whole page with Select page, and Clear empties it', async () => {
    const { user } = await openGallery(galleryItems(3));

    await user.click(within(toolbar()).getByRole('button', { name: 'Select page' }));
    expect(checked()).toEqual([true, true, true]);

    await user.click(within(toolbar()).getByRole('button', { name: 'Clear' }));
    expect(checked()).toEqual([false, false, false]);
  });
});

const ZIP_URL = '/api/v1/gallery/zip';

/** The links the page clicked, as the browser would follow them: where, and under which name. */
function recordLinkClicks() {
  const clicks: { href: string; download: string | null; attached: boolean }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    clicks.push({
      href: this.getAttribute('href') ?? '',
      download: this.getAttribute('download'),
      attached: this.isConnected,
    });
  });
  return clicks;
}

describe('gallery zip download', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('asks for a link, shows it is preparing, then hands the link to the browser to save', async () => {
    const items = galleryItems(3);
    const { user } = await openGallery(items);
    const clicks = recordLinkClicks();
    const bodies: unknown[] = [];
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.use(
      http.post(ZIP_URL, async ({ request }) => {
        bodies.push(await request.json());
        await answered;
        return HttpResponse.json(
          {
            success: true,
            downloadUrl: '/api/v1/gallery/zip/abc.def',
            expiresAt: '2026-11-24T12:05:00.000Z',
          },
          { status: 201 },
        );
      }),
    );

    await user.click(checkboxes()[0] as HTMLElement);
    await user.click(checkboxes()[2] as HTMLElement);
    await user.click(within(toolbar()).getByRole('button', { name: 'Download as zip' }));

    const preparing = await within(toolbar()).findByRole('button', {
      name: 'Preparing download…',
    });
    expect(preparing).toBeDisabled();
    expect(clicks).toEqual([]);
    answer();

    await waitFor(() => {
      expect(clicks).toEqual([
        { href: '/api/v1/gallery/zip/abc.def', download: '', attached: true },
      ]);
    });
    expect(bodies).toEqual([{ generationIds: [items[0]?.generationId, items[2]?.generationId] }]);
    expect(await within(toolbar()).findByRole('button', { name: 'Download as zip' })).toBeEnabled();
    expect(notify.success).toHaveBeenCalledWith(
      'Download started: 2 item(s) in one zip.',
      'Your browser shows its progress.',
    );
  });

  it("shows the server's reason when the zip is refused, and starts no download", async () => {
    const { user } = await openGallery(galleryItems(2));
    const clicks = recordLinkClicks();
    server.use(
      http.post(ZIP_URL, () =>
        HttpResponse.json(
          {
            success: false,
            error: {
              code: 'conflict',
              message: 'None of the selected generations has a stored file.',
            },
          },
          { status: 409 },
        ),
      ),
    );

    await user.click(checkboxes()[1] as HTMLElement);
    await user.click(within(toolbar()).getByRole('button', { name: 'Download as zip' }));

    await waitFor(() => {
      expect(notify.error).toHaveBeenCalledWith(
        'The zip could not be downloaded.',
        'None of the selected generations has a stored file.',
      );
    });
    expect(clicks).toEqual([]);
    expect(within(toolbar()).getByRole('button', { name: 'Download as zip' })).toBeEnabled();
  });
});

describe('gallery delete with undo', () => {
  it('hides the cards and sends nothing when Undo is pressed within the window', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, deletes } = await openGallery(galleryItems(3), true);

    const pager = () => screen.getByRole('navigation', { name: 'Gallery pages' });
    expect(pager()).toHaveTextContent('3 total items');
    await user.click(checkboxes()[0] as HTMLElement);
    await user.click(within(toolbar()).getByRole('button', { name: 'Delete' }));

    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.getByRole('status')).toHaveTextContent('Deleted 1 item');
    // The total follows the cards at once, not when the server hears of it.
    expect(pager()).toHaveTextContent('2 total items');
    act(() => {
      vi.advanceTimersByTime(UNDO_WINDOW_MS - 1000);
    });
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    act(() => {
      vi.advanceTimersByTime(UNDO_WINDOW_MS * 2);
    });

    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(pager()).toHaveTextContent('3 total items');
    expect(deletes).toEqual([]);
  });

  it('sends DELETE for the selection once the window closes, then reloads the page', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const items = galleryItems(3);
    const { user, deletes, requests } = await openGallery(items, true);
    const loadsBefore = requests.length;

    await user.click(checkboxes()[0] as HTMLElement);
    await user.click(checkboxes()[2] as HTMLElement);
    await user.click(within(toolbar()).getByRole('button', { name: 'Delete' }));
    act(() => {
      vi.advanceTimersByTime(UNDO_WINDOW_MS - 1);
    });
    expect(deletes).toEqual([]);
    act(() => {
      vi.advanceTimersByTime(1);
    });

    await waitFor(() => {
      expect(deletes).toEqual([[items[0]?.generationId, items[2]?.generationId]]);
    });
    await waitFor(() => {
      expect(requests.length).toBeGreaterThan(loadsBefore);
    });
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
  });
});

/** Where a link went: the router state it carried. */
function ToolProbe() {
  const location = useLocation();
  return <pre data-testid="tool-state">{JSON.stringify(location.state)}</pre>;
}

describe('gallery: made from and reuse settings', () => {
  it("opens the tool with the generation's settings and no old results on Reuse settings", async () => {
    const item = galleryItems(1, {
      type: 'photoshoot',
      prompt: 'On marble',
      styleName: 'luxury',
      numberOfImages: 2,
    })[0] as GalleryItem;
    mockSignedIn();
    server.use(
      pastGenerationsHandler([item], []),
      mediaHandler(),
      // The stored settings come from the generation itself (ADR 030).
      http.get('/api/v1/generations/:id/settings', () =>
        HttpResponse.json({
          success: true,
          generation: {
            id: item.generationId,
            type: 'photoshoot',
            settings: { sceneStyle: 'luxury', mode: 'balanced' },
          },
        }),
      ),
    );
    const { user } = renderWithProviders(
      <Routes>
        <Route path="/gallery" element={<GalleryPage />} />
        <Route path="*" element={<ToolProbe />} />
      </Routes>,
      { path: '/gallery' },
    );

    await user.click(await screen.findByRole('link', { name: 'Reuse settings' }));

    await waitFor(() => {
      expect(currentLocation()).toBe('/photoshoot');
    });
    expect(JSON.parse(screen.getByTestId('tool-state').textContent)).toEqual({
      inputImages: item.inputImageUrls,
      prompt: 'On marble',
      style: 'luxury',
      variations: 2,
      recreatingFrom: item.generationId,
      settings: { sceneStyle: 'luxury', mode: 'balanced' },
    });
  });

  it('links a generation made from another to that one, and not the others', async () => {
    const [source, made] = galleryItems(2);
    const items = [
      { ...(made as GalleryItem), madeFrom: source?.generationId ?? null },
      source as GalleryItem,
    ];
    await openGallery(items);

    const links = screen.getAllByRole('link', { name: 'Made from' });
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', `/gallery?search=${source?.generationId ?? ''}`);
  });
});
