import { rgbaToThumbHash } from 'thumbhash';
import { describe, expect, it } from 'vitest';
import { thumbhashDataUrl } from './thumbhash-url';

/** A real ThumbHash of a 4×4 red image, base64 as the server sends it. */
function redThumbhash(): string {
  const rgba = new Uint8Array(4 * 4 * 4).map((_, index) =>
    index % 4 === 1 || index % 4 === 2 ? 0 : 255,
  );
  return btoa(String.fromCharCode(...rgbaToThumbHash(4, 4, rgba)));
}

describe('thumbhashDataUrl', () => {
  it('decodes a base64 ThumbHash into a PNG data URL', () => {
    expect(thumbhashDataUrl(redThumbhash())).toMatch(/^data:image\/png;base64,/);
  });

  it('gives null for no hash, broken base64 and a hash too short to decode', () => {
    expect(thumbhashDataUrl(null)).toBeNull();
    expect(thumbhashDataUrl('')).toBeNull();
    expect(thumbhashDataUrl('%%%not base64')).toBeNull();
    expect(thumbhashDataUrl(btoa('ab'))).toBeNull();
  });
});
