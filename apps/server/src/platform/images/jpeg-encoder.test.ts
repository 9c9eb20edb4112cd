import { describe, expect, it } from 'vitest';
import { MOZJPEG_MAX_PIXELS, jpegOptionsFor } from './jpeg-encoder';

describe('jpegOptionsFor', () => {
  it('uses mozjpeg up to the size limit and libjpeg-turbo above it, at the quality asked', () => {
    expect(jpegOptionsFor(256, 192, 90)).toEqual({ quality: 90, mozjpeg: true });
    expect(jpegOptionsFor(2000, MOZJPEG_MAX_PIXELS / 2000, 92)).toEqual({
      quality: 92,
      mozjpeg: true,
    });
    expect(jpegOptionsFor(2000, MOZJPEG_MAX_PIXELS / 2000 + 1, 92)).toEqual({
      quality: 92,
      optimiseCoding: true,
    });
    expect(jpegOptionsFor(4000, 3000, 90)).toEqual({ quality: 90, optimiseCoding: true });
  });
});
