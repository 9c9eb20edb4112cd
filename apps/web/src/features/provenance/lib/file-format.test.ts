import { describe, expect, it } from 'vitest';
import { sniffFormat } from './file-format';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(
    parts.flatMap((part) =>
      typeof part === 'string' ? Array.from(part, (char) => char.charCodeAt(0)) : part,
    ),
  );

describe('sniffFormat', () => {
  it('names JPEG, PNG, WebP and MP4 by their first bytes', () => {
    expect(sniffFormat(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffFormat(bytes([0x89], 'PNG\r\n\x1a\n'))).toBe('image/png');
    expect(sniffFormat(bytes('RIFF', [0, 0, 0, 0], 'WEBP'))).toBe('image/webp');
    expect(sniffFormat(bytes([0, 0, 0, 0x18], 'ftypisom'))).toBe('video/mp4');
  });

  it('refuses HEIC, QuickTime, GIF and text', () => {
    expect(sniffFormat(bytes([0, 0, 0, 0x18], 'ftypheic'))).toBeNull();
    expect(sniffFormat(bytes([0, 0, 0, 0x14], 'ftypqt  '))).toBeNull();
    expect(sniffFormat(bytes('GIF89a'))).toBeNull();
    expect(sniffFormat(bytes('hello world!'))).toBeNull();
  });
});
