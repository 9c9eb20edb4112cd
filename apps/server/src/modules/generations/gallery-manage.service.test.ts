import { describe, expect, it } from 'vitest';
import { uniqueEntryNames } from '../batches/batch-zip';
import { galleryDownloadName } from './gallery-manage.service';

describe('gallery zip names', () => {
  it('follow the gallery download names of document 1 §2', () => {
    expect(galleryDownloadName('try-on', 'gen_abc', 'image', 2)).toBe('try-on-gen_abc-image-2.jpg');
    expect(galleryDownloadName('video-generation', 'gen_x', 'video', 1)).toBe(
      'video-generation-gen_x-video-1.mp4',
    );
  });

  it('keep only safe characters of a stored type or id', () => {
    expect(galleryDownloadName('../odd type', 'gen/1', 'image', 1)).toBe(
      '-odd-type-gen-1-image-1.jpg',
    );
  });

  it('tell repeated names apart with a suffix, ignoring case', () => {
    expect(uniqueEntryNames(['a.jpg', 'A.jpg', 'a.jpg', 'b'])).toEqual([
      'a.jpg',
      'A-2.jpg',
      'a-3.jpg',
      'b',
    ]);
  });
});
