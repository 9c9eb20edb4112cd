import { describe, expect, it } from 'vitest';
import { formatBytes, formatResolution } from './format-bytes';

describe('formatBytes', () => {
  it('reads bytes, kilobytes and megabytes as a file manager does', () => {
    expect(formatBytes(845)).toBe('845 B');
    expect(formatBytes(250_880)).toBe('245 KB');
    expect(formatBytes(3.4 * 1024 * 1024)).toBe('3.4 MB');
    expect(formatBytes(24 * 1024 * 1024)).toBe('24 MB');
  });

  it('says nothing for a size it cannot read', () => {
    expect(formatBytes(Number.NaN)).toBe('');
    expect(formatBytes(-1)).toBe('');
  });
});

describe('formatResolution', () => {
  it('names width × height in pixels', () => {
    expect(formatResolution(1200, 800)).toBe('1200 × 800 px');
  });
});
