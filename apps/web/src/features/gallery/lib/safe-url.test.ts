import { describe, expect, it } from 'vitest';
import { toMediaLink, toMediaLinks } from './safe-url';

const origin = 'https://studio.example';

describe('toMediaLink', () => {
  it('keeps a same-origin path as stored and normalises an http(s) URL', () => {
    expect(toMediaLink('/api/v1/media/a', origin)).toBe('/api/v1/media/a');
    expect(toMediaLink('https://cdn.example/a.jpg', origin)).toBe('https://cdn.example/a.jpg');
    expect(toMediaLink('HTTP://cdn.example/a.jpg', origin)).toBe('http://cdn.example/a.jpg');
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
  ])('refuses %j', (value) => {
    expect(toMediaLink(value, origin)).toBeNull();
  });

  it('filters a list, keeping the order', () => {
    expect(toMediaLinks(['/a', 'javascript:x', 'https://cdn.example/b'], origin)).toEqual([
      '/a',
      'https://cdn.example/b',
    ]);
  });
});
