import { describe, expect, it } from 'vitest';
import { safeMediaUrl, safeMediaUrls, thumbnailOf, toHttpUrl } from './media-url';

describe('safeMediaUrl', () => {
  it('keeps a same-origin path as stored and normalises an http(s) URL', () => {
    expect(safeMediaUrl('/api/v1/media/a')).toBe('/api/v1/media/a');
    expect(safeMediaUrl('https://cdn.example/a.jpg')).toBe('https://cdn.example/a.jpg');
    expect(safeMediaUrl('HTTP://cdn.example/a.jpg')).toBe('http://cdn.example/a.jpg');
  });

  it.each([
    'javascript:alert(1)',
    ' javascript:alert(1)',
    'data:image/png;base64,AA',
    'blob:https://studio.example/1',
    '//evil.example/a.jpg',
    '/\\evil.example/a.jpg',
    'media/a.jpg',
    '',
    ' ',
  ])('refuses %j', (value) => {
    expect(safeMediaUrl(value)).toBeNull();
  });

  it('filters a list, keeping the order', () => {
    expect(safeMediaUrls(['/a', 'javascript:x', 'https://cdn.example/b'])).toEqual([
      '/a',
      'https://cdn.example/b',
    ]);
  });
});

describe('toHttpUrl', () => {
  const origin = 'https://studio.example';

  it('makes same-origin paths absolute and keeps http(s) URLs', () => {
    expect(toHttpUrl('/api/v1/media/a', origin)).toBe('https://studio.example/api/v1/media/a');
    expect(toHttpUrl('http://cdn.example/a.jpg', origin)).toBe('http://cdn.example/a.jpg');
  });

  it.each(['javascript:alert(1)', 'data:image/png;base64,AA', 'blob:x', '//evil.example/a', ''])(
    'refuses %j',
    (value) => {
      expect(toHttpUrl(value, origin)).toBeNull();
    },
  );
});

describe('thumbnailOf', () => {
  it('points a stored image at its thumbnail and leaves other URLs alone', () => {
    expect(thumbnailOf('/api/v1/media/abc_D-1')).toBe('/api/v1/media/abc_D-1/thumbnail');
    expect(thumbnailOf('/api/v1/media/abc/preview')).toBe('/api/v1/media/abc/preview');
    expect(thumbnailOf('https://cdn.example.com/t.png')).toBe('https://cdn.example.com/t.png');
  });
});
