import { describe, expect, it } from 'vitest';
import { IMAGE_ACCEPT, imageFileProblem } from './upload-rules';

describe('imageFileProblem', () => {
  it.each(['image/png', 'image/jpeg', 'image/webp'])('accepts %s', (type) => {
    expect(imageFileProblem({ type, size: 1024 })).toBeNull();
  });

  it.each(['application/pdf', 'image/gif', ''])('refuses %j', (type) => {
    expect(imageFileProblem({ type, size: 1024 })).toBe('Please choose a PNG, JPG or WebP image.');
  });

  it('refuses files over 10 MB', () => {
    expect(imageFileProblem({ type: 'image/png', size: 10 * 1024 * 1024 + 1 })).toMatch(
      /larger than 10 MB/,
    );
    expect(imageFileProblem({ type: 'image/png', size: 10 * 1024 * 1024 })).toBeNull();
  });

  it('lists the accepted types for the file input', () => {
    expect(IMAGE_ACCEPT).toBe('image/jpeg,image/png,image/webp');
  });
});
