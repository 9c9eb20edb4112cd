import { describe, expect, it, vi } from 'vitest';
import type { DownloadFile } from './download-files';
import { shareNatively } from './native-share';
import { SHARE_TITLE, shareText } from './share-links';

const urls = ['https://studio.example/api/v1/media/a', 'https://studio.example/api/v1/media/b'];
const files: DownloadFile[] = urls.map((url, index) => ({
  url,
  filename: `try-on-g1-image-${String(index + 1)}.jpg`,
}));
const loadFile = (file: DownloadFile) =>
  Promise.resolve(new File([new Uint8Array([1])], file.filename, { type: 'image/jpeg' }));

describe('shareNatively', () => {
  it('is unavailable without a share sheet', async () => {
    expect(await shareNatively(urls, files, {}, loadFile)).toBe('unavailable');
  });

  it('shares the files with the links as text when the platform can share files', async () => {
    const share = vi.fn(() => Promise.resolve());
    const outcome = await shareNatively(urls, files, { share, canShare: () => true }, loadFile);

    expect(outcome).toBe('shared');
    const [data] = share.mock.calls[0] as unknown as [ShareData];
    expect(data.text).toBe(shareText(urls));
    expect(data.files?.map((file) => file.name)).toEqual([
      'try-on-g1-image-1.jpg',
      'try-on-g1-image-2.jpg',
    ]);
  });

  it('shares the links alone when files cannot be shared', async () => {
    const share = vi.fn(() => Promise.resolve());
    await shareNatively(urls, files, { share, canShare: () => false }, loadFile);
    expect(share).toHaveBeenCalledWith({ title: SHARE_TITLE, text: shareText(urls) });

    share.mockClear();
    await shareNatively(urls, files, { share }, loadFile);
    expect(share).toHaveBeenCalledWith({ title: SHARE_TITLE, text: shareText(urls) });
  });

  it('leaves out a file that could not be fetched', async () => {
    const share = vi.fn(() => Promise.resolve());
    await shareNatively(urls, files, { share, canShare: () => true }, (file) =>
      file.filename.endsWith('2.jpg') ? Promise.reject(new Error('404')) : loadFile(file),
    );
    const [data] = share.mock.calls[0] as unknown as [ShareData];
    expect(data.files).toHaveLength(1);
  });

  it('stops quietly when the user cancels the share sheet', async () => {
    const share = vi.fn(() => Promise.reject(new DOMException('Share canceled', 'AbortError')));
    expect(await shareNatively(urls, files, { share }, loadFile)).toBe('cancelled');
  });

  it('is unavailable when the share sheet fails for another reason', async () => {
    const share = vi.fn(() =>
      Promise.reject(new DOMException('No user activation', 'NotAllowedError')),
    );
    expect(await shareNatively(urls, files, { share }, loadFile)).toBe('unavailable');
  });
});
