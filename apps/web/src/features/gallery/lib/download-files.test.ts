import { describe, expect, it, vi } from 'vitest';
import { downloadFileName, downloadFiles, downloadSequentially } from './download-files';

const origin = 'https://studio.example';

describe('downloadFileName', () => {
  it('names images .jpg and videos .mp4 after the type, the generation and the position', () => {
    expect(downloadFileName('try-on', 'gen_1', 'image', 1)).toBe('try-on-gen_1-image-1.jpg');
    expect(downloadFileName('video-generation', 'gen_2', 'video', 3)).toBe(
      'video-generation-gen_2-video-3.mp4',
    );
  });

  it('keeps path separators and other odd characters out of the name', () => {
    expect(downloadFileName('../type', 'a/b c', 'image', 1)).toBe('-type-a-b-c-image-1.jpg');
  });
});

describe('downloadFiles', () => {
  it('lists the images, then the videos, each counted from 1, with absolute URLs', () => {
    expect(
      downloadFiles(
        {
          type: 'photoshoot',
          generationId: 'g1',
          imageUrlList: ['/api/v1/media/a', '/api/v1/media/b'],
          videoUrlList: ['/api/v1/media/v'],
        },
        origin,
      ),
    ).toEqual([
      { url: `${origin}/api/v1/media/a`, filename: 'photoshoot-g1-image-1.jpg' },
      { url: `${origin}/api/v1/media/b`, filename: 'photoshoot-g1-image-2.jpg' },
      { url: `${origin}/api/v1/media/v`, filename: 'photoshoot-g1-video-1.mp4' },
    ]);
  });

  it('leaves out URLs that are not http(s)', () => {
    expect(
      downloadFiles(
        {
          type: 'upscaler',
          generationId: 'g2',
          imageUrlList: ['javascript:alert(1)', '/api/v1/media/ok'],
          videoUrlList: [],
        },
        origin,
      ),
    ).toEqual([{ url: `${origin}/api/v1/media/ok`, filename: 'upscaler-g2-image-2.jpg' }]);
  });
});

describe('downloadSequentially', () => {
  const files = ['a', 'b', 'c'].map((name) => ({ url: `/${name}`, filename: `${name}.jpg` }));

  it('saves each file in order with a 500 ms pause between files, none after the last', async () => {
    const log: string[] = [];
    const outcome = await downloadSequentially(files, {
      save: (_url, filename) => {
        log.push(`save ${filename}`);
        return Promise.resolve();
      },
      openFallback: vi.fn(),
      wait: (ms) => {
        log.push(`wait ${String(ms)}`);
        return Promise.resolve();
      },
    });

    expect(log).toEqual(['save a.jpg', 'wait 500', 'save b.jpg', 'wait 500', 'save c.jpg']);
    expect(outcome).toEqual({ saved: 3, failed: [] });
  });

  it('tries a file that cannot be saved in a new tab, carries on and reports which failed', async () => {
    const openFallback = vi.fn();
    const save = vi.fn((url: string) =>
      url === '/b' ? Promise.reject(new Error('HTTP error! status: 500')) : Promise.resolve(),
    );

    const outcome = await downloadSequentially(files, {
      save,
      openFallback,
      wait: () => Promise.resolve(),
    });

    expect(save).toHaveBeenCalledTimes(3);
    expect(openFallback).toHaveBeenCalledExactlyOnceWith('/b');
    expect(outcome).toEqual({ saved: 2, failed: [{ url: '/b', position: 2 }] });
  });
});
