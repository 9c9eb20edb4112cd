import { describe, expect, it, vi } from 'vitest';
import type { DownloadFile } from './download-files';
import { createShareFileCache } from './share-files';

const files: DownloadFile[] = [1, 2].map((n) => ({
  url: `https://studio.example/api/v1/media/${String(n)}`,
  filename: `try-on-g1-image-${String(n)}.jpg`,
}));

const asFile = ({ filename }: DownloadFile) =>
  new File([new Uint8Array([1])], filename, { type: 'image/jpeg' });

/** A loader whose fetches the test finishes by hand. */
function manualLoader() {
  const finish: (() => void)[] = [];
  const fail: (() => void)[] = [];
  const load = vi.fn(
    (file: DownloadFile) =>
      new Promise<File>((resolve, reject) => {
        finish.push(() => {
          resolve(asFile(file));
        });
        fail.push(() => {
          reject(new Error('HTTP error! status: 404'));
        });
      }),
  );
  return { load, finish, fail };
}

const names = (loaded: File[] | undefined) => loaded?.map((file) => file.name);

describe('share file cache', () => {
  it("hands over a generation's files once all have arrived, fetching them only once", async () => {
    const { load, finish } = manualLoader();
    const cache = createShareFileCache(load);

    cache.prefetch('g1', files);
    cache.prefetch('g1', files);
    expect(cache.ready('g1')).toBeUndefined();
    finish.forEach((done) => {
      done();
    });

    await vi.waitFor(() => {
      expect(names(cache.ready('g1'))).toEqual(['try-on-g1-image-1.jpg', 'try-on-g1-image-2.jpg']);
    });
    cache.prefetch('g1', files);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('leaves out a file that could not be fetched', async () => {
    const { load, finish, fail } = manualLoader();
    const cache = createShareFileCache(load);

    cache.prefetch('g1', files);
    finish[0]?.();
    fail[1]?.();

    await vi.waitFor(() => {
      expect(names(cache.ready('g1'))).toEqual(['try-on-g1-image-1.jpg']);
    });
  });

  it('tries again next time when none of the files arrived', async () => {
    const load = vi.fn(() => Promise.reject(new Error('Failed to fetch')));
    const cache = createShareFileCache(load);

    cache.prefetch('g1', files);
    expect(load).toHaveBeenCalledTimes(2);

    // Once the failures are in, the next pointer or focus fetches again.
    await vi.waitFor(() => {
      cache.prefetch('g1', files);
      expect(load).toHaveBeenCalledTimes(4);
    });
    expect(cache.ready('g1')).toBeUndefined();
  });

  it('keeps only the generations wanted most recently', async () => {
    const cache = createShareFileCache((file) => Promise.resolve(asFile(file)), 2);

    cache.prefetch('g1', files);
    cache.prefetch('g2', files);
    cache.prefetch('g1', files);
    cache.prefetch('g3', files);

    await vi.waitFor(() => {
      expect(cache.ready('g3')).toHaveLength(2);
    });
    expect(cache.ready('g1')).toHaveLength(2);
    expect(cache.ready('g2')).toBeUndefined();
  });
});
