import { describe, expect, it } from 'vitest';
import { getLoginHref, getSafeRedirect } from './paths';

describe('getLoginHref', () => {
  it('links to plain /login when there is nowhere to come back to', () => {
    expect(getLoginHref()).toBe('/login');
    expect(getLoginHref('/')).toBe('/login');
  });

  it('keeps the intended path, query included, in the redirect parameter', () => {
    expect(getLoginHref('/gallery?page=2')).toBe('/login?redirect=%2Fgallery%3Fpage%3D2');
  });
});

describe('getSafeRedirect', () => {
  it.each([
    ['/gallery', '/gallery'],
    ['/gallery?type=try-on&page=2', '/gallery?type=try-on&page=2'],
    ['/credit-history#usage', '/credit-history#usage'],
  ])('accepts the in-app path %s', (value, expected) => {
    expect(getSafeRedirect(value)).toBe(expected);
  });

  it.each([
    [null],
    [''],
    ['gallery'],
    ['https://evil.example/'],
    ['//evil.example/path'],
    ['/\\evil.example'],
    ['/login'],
    ['/login?redirect=/gallery'],
  ])('falls back to / for %s', (value) => {
    expect(getSafeRedirect(value)).toBe('/');
  });
});
