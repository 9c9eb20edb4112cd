import { describe, expect, it, vi } from 'vitest';
import { shareNatively } from './native-share';
import { SHARE_TITLE, shareText } from './share-links';

const urls = ['https://studio.example/api/v1/media/a', 'https://studio.example/api/v1/media/b'];
const files = ['try-on-g1-image-1.jpg', 'try-on-g1-image-2.jpg'].map(
  (name) => new File([new Uint8Array([1])], name, { type: 'image/jpeg' }),
);

describe('shareNatively', () => {
  it('is unavailable without a share sheet', async () => {
    expect(await shareNatively(urls, files, {})).toBe('unavailable');
  });

  it('opens the share sheet before its first await, so the click activation still counts', () => {
    const share = vi.fn(() => Promise.resolve());

    void shareNatively(urls, files, { share, canShare: () => true });

    expect(share).toHaveBeenCalledOnce();
  });

  it('shares the files with the links as text when the platform can share files', async () => {
    const share = vi.fn((_data: ShareData) => Promise.resolve());
    const canShare = vi.fn(() => true);
    const outcome = await shareNatively(urls, files, { share, canShare });

    expect(outcome).toBe('shared');
    expect(canShare).toHaveBeenCalledWith({ files });
    const [data] = share.mock.calls[0] ?? [];
    expect(data?.text).toBe(shareText(urls));
    expect(data?.files?.map((file) => file.name)).toEqual([
      'try-on-g1-image-1.jpg',
      'try-on-g1-image-2.jpg',
    ]);
  });

  it('shares the links alone when the files are not ready or cannot be shared', async () => {
    const share = vi.fn(() => Promise.resolve());
    const linksOnly = { title: SHARE_TITLE, text: shareText(urls) };

    await shareNatively(urls, undefined, { share, canShare: () => true });
    expect(share).toHaveBeenLastCalledWith(linksOnly);

    await shareNatively(urls, [], { share, canShare: () => true });
    expect(share).toHaveBeenLastCalledWith(linksOnly);

    await shareNatively(urls, files, { share, canShare: () => false });
    expect(share).toHaveBeenLastCalledWith(linksOnly);

    await shareNatively(urls, files, { share });
    expect(share).toHaveBeenLastCalledWith(linksOnly);
  });

  it('stops quietly when the user cancels the share sheet', async () => {
    const share = vi.fn(() => Promise.reject(new DOMException('Share canceled', 'AbortError')));
    expect(await shareNatively(urls, files, { share })).toBe('cancelled');
  });

  it('is unavailable when the share sheet fails for another reason', async () => {
    const share = vi.fn(() =>
      Promise.reject(new DOMException('No user activation', 'NotAllowedError')),
    );
    expect(await shareNatively(urls, files, { share })).toBe('unavailable');
  });
});
