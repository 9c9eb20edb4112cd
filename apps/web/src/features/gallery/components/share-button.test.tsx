import { act, screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { galleryItem, mediaHandler } from '@/testing/gallery-handlers';
import { renderWithProviders } from '@/testing/render';
import { server } from '@/testing/server';
import type { GalleryItem } from '@studio/contract';
import { shareFileCache } from '../lib/share-files';
import { SHARE_TITLE, shareText } from '../lib/share-links';
import { ShareButton } from './share-button';

const origin = 'http://localhost:3000';

function renderShare(item: GalleryItem, fakeTimers = false) {
  server.use(mediaHandler());
  return renderWithProviders(<ShareButton item={item} subject="Try-Ons from Jan 10, 2026" />, {
    userEventOptions: fakeTimers ? { advanceTimers: vi.advanceTimersByTime } : undefined,
  });
}

/** Whether the event being dispatched is a click: the user activation the share sheet needs. */
let activation = false;
const noteActivation = () => {
  activation = true;
  // Gone once the click has been handled, as after an await in a real browser (Safari).
  queueMicrotask(() => {
    activation = false;
  });
};

/**
 * Installs a share sheet on navigator for one test. Like Safari's, it refuses with
 * NotAllowedError when it is not called while the click is being handled.
 */
function stubShareSheet(share: (data: ShareData) => Promise<void>, canShare = true) {
  document.addEventListener('click', noteActivation, { capture: true });
  const shareMock = vi.fn((data: ShareData) =>
    activation ? share(data) : Promise.reject(new DOMException('No activation', 'NotAllowedError')),
  );
  Object.defineProperty(navigator, 'share', { value: shareMock, configurable: true });
  Object.defineProperty(navigator, 'canShare', { value: () => canShare, configurable: true });
  return shareMock;
}

afterEach(() => {
  document.removeEventListener('click', noteActivation, { capture: true });
  Reflect.deleteProperty(navigator, 'share');
  Reflect.deleteProperty(navigator, 'canShare');
  vi.useRealTimers();
});

/** Media that never arrives, so files fetched for sharing are never ready. */
const slowMediaHandler = () =>
  http.get('/api/v1/media/:id', async () => {
    await delay('infinite');
    return HttpResponse.arrayBuffer(new ArrayBuffer(0));
  });

const item = galleryItem({
  generationId: 'gen_s',
  imageUrlList: ['/api/v1/media/a', '/api/v1/media/b', '/api/v1/media/a'],
  videoUrlList: ['/api/v1/media/clip-1'],
});
const urls = [
  `${origin}/api/v1/media/a`,
  `${origin}/api/v1/media/b`,
  `${origin}/api/v1/media/clip-1`,
];

describe('share', () => {
  it('opens a dialog with share links when there is no system share sheet', async () => {
    const { user } = renderShare(item);

    await user.click(screen.getByRole('button', { name: 'Share' }));

    const dialog = await screen.findByRole('dialog', { name: 'Share generation' });
    const links = within(within(dialog).getByRole('list', { name: 'Share to' })).getAllByRole(
      'link',
    );
    expect(links.map((link) => link.textContent)).toEqual([
      'WhatsApp',
      'Telegram',
      'X (Twitter)',
      'Facebook',
      'Pinterest',
      'Email',
    ]);
    for (const link of links) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    // The unique links, images then videos, travel URL-encoded in the share text.
    expect(links[0]).toHaveAttribute(
      'href',
      `https://wa.me/?text=${encodeURIComponent(shareText(urls))}`,
    );
  });

  it('Copy Link copies the first media link and says so', async () => {
    const { user } = renderShare(item);
    await user.click(screen.getByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share generation' });

    await user.click(within(dialog).getByRole('button', { name: 'Copy Link' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent('Link copied');
    expect(await navigator.clipboard.readText()).toBe(`${origin}/api/v1/media/a`);
  });

  it('closes the dialog by itself after 30 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = renderShare(item, true);
    await user.click(screen.getByRole('button', { name: 'Share' }));
    await screen.findByRole('dialog', { name: 'Share generation' });

    act(() => {
      vi.advanceTimersByTime(29_000);
    });
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(screen.getByRole('button', { name: 'Share' })).toHaveFocus();
  });

  it('shares up to 5 files fetched while the pointer rested on Share', async () => {
    const share = stubShareSheet(() => Promise.resolve());
    const many = galleryItem({
      imageUrlList: Array.from({ length: 7 }, (_, index) => `/api/v1/media/img-${String(index)}`),
    });
    const { user } = renderShare(many);
    const button = screen.getByRole('button', { name: 'Share' });

    await user.hover(button);
    await waitFor(() => {
      expect(shareFileCache.ready(many.generationId)).toHaveLength(5);
    });
    await user.click(button);

    expect(share).toHaveBeenCalledOnce();
    const [data] = share.mock.calls[0] ?? [];
    expect(data?.text).toContain(`${origin}/api/v1/media/img-6`);
    // At most 5 files ride along, however many the generation has.
    expect(data?.files?.map((file) => file.name)).toEqual(
      [1, 2, 3, 4, 5].map((n) => `${many.type}-${many.generationId}-image-${String(n)}.jpg`),
    );
    await waitFor(() => {
      expect(button).toBeEnabled();
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('fetches the files when Share gets keyboard focus, and shares them with Enter', async () => {
    const share = stubShareSheet(() => Promise.resolve());
    const focused = galleryItem({ imageUrlList: ['/api/v1/media/k'] });
    const { user } = renderShare(focused);

    await user.tab();
    expect(screen.getByRole('button', { name: 'Share' })).toHaveFocus();
    await waitFor(() => {
      expect(shareFileCache.ready(focused.generationId)).toHaveLength(1);
    });
    await user.keyboard('{Enter}');

    const [data] = share.mock.calls[0] ?? [];
    expect(data?.files?.map((file) => file.name)).toEqual([
      `${focused.type}-${focused.generationId}-image-1.jpg`,
    ]);
  });

  it('shares the links at once when the files have not arrived yet', async () => {
    const share = stubShareSheet(() => Promise.resolve());
    const fresh = galleryItem({ imageUrlList: ['/api/v1/media/slow'] });
    const { user } = renderShare(fresh);
    server.use(slowMediaHandler());

    await user.click(screen.getByRole('button', { name: 'Share' }));

    expect(share).toHaveBeenCalledExactlyOnceWith({
      title: SHARE_TITLE,
      text: shareText([`${origin}/api/v1/media/slow`]),
    });
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Share' })).toBeEnabled();
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shares the links alone when the platform cannot share the files', async () => {
    const share = stubShareSheet(() => Promise.resolve(), false);
    const { user } = renderShare(item);
    const button = screen.getByRole('button', { name: 'Share' });

    await user.hover(button);
    await waitFor(() => {
      expect(shareFileCache.ready(item.generationId)).toHaveLength(4);
    });
    await user.click(button);

    expect(share).toHaveBeenCalledExactlyOnceWith({ title: SHARE_TITLE, text: shareText(urls) });
  });

  it('does nothing more when the user cancels the share sheet', async () => {
    const share = stubShareSheet(() => Promise.reject(new DOMException('Canceled', 'AbortError')));
    const { user } = renderShare(item);

    await user.click(screen.getByRole('button', { name: 'Share' }));

    await waitFor(() => {
      expect(share).toHaveBeenCalledOnce();
    });
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Share' })).toBeEnabled();
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('falls back to the dialog when the share sheet fails', async () => {
    stubShareSheet(() => Promise.reject(new DOMException('Share failed', 'DataError')));
    const { user } = renderShare(item);

    await user.click(screen.getByRole('button', { name: 'Share' }));

    expect(await screen.findByRole('dialog', { name: 'Share generation' })).toBeInTheDocument();
  });
});
