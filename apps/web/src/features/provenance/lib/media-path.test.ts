import { describe, expect, it } from 'vitest';
import { verifiableMedia, verifierHref } from './media-path';

const ORIGIN = 'https://studio.example';

describe('verifiableMedia', () => {
  it('accepts a stored output of this origin', () => {
    expect(verifiableMedia('/api/v1/media/abc-123', ORIGIN)).toBe('/api/v1/media/abc-123');
  });

  it('ignores a missing value, other sites, full URLs and other API paths', () => {
    for (const value of [
      null,
      '',
      'https://evil.example/api/v1/media/x',
      `${ORIGIN}/api/v1/media/x`,
      '//evil.example/api/v1/media/x',
      '/api/v1/session',
      '/api/v1/mediax/1',
      'javascript:alert(1)',
    ]) {
      expect(verifiableMedia(value, ORIGIN)).toBeNull();
    }
  });

  it('does not let dot segments step out of the media folder', () => {
    expect(verifiableMedia('/api/v1/media/../session', ORIGIN)).toBeNull();
    expect(verifiableMedia('/api/v1/media/%2e%2e/session', ORIGIN)).toBeNull();
    expect(verifiableMedia('/api/v1/media/..\\..\\auth', ORIGIN)).toBeNull();
  });
});

describe('verifierHref', () => {
  it('opens the verifier on a stored output, given as a path or a same-origin URL', () => {
    expect(verifierHref('/api/v1/media/abc', ORIGIN)).toBe(
      '/verify?media=%2Fapi%2Fv1%2Fmedia%2Fabc',
    );
    expect(verifierHref(`${ORIGIN}/api/v1/media/abc`, ORIGIN)).toBe(
      '/verify?media=%2Fapi%2Fv1%2Fmedia%2Fabc',
    );
  });

  it('opens the plain verifier for anything else', () => {
    expect(verifierHref(undefined, ORIGIN)).toBe('/verify');
    expect(verifierHref('https://cdn.example/a.jpg', ORIGIN)).toBe('/verify');
  });
});
