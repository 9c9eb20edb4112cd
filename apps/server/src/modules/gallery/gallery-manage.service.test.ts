import { describe, expect, it } from 'vitest';
import { uniqueEntryNames } from '../../platform/zip';
import { galleryDownloadName } from '@studio/contract';
import { withRealExtension } from './gallery-manage.service';

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

  it('take the extension of what the file really is, as the single download does', () => {
    expect(withRealExtension('upscaler-g-image-1.jpg', 'png')).toBe('upscaler-g-image-1.png');
    expect(withRealExtension('photoshoot-g-image-1.jpg', 'jpeg')).toBe('photoshoot-g-image-1.jpg');
    expect(withRealExtension('v-video-1.mp4', 'mp4')).toBe('v-video-1.mp4');
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
