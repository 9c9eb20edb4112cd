import { describe, expect, it } from 'vitest';
import { formatGalleryDate, mediaCountLabel, shortText } from './card-display';

describe('mediaCountLabel', () => {
  it('counts images and videos with singular and plural', () => {
    expect(mediaCountLabel(2, 1)).toBe('2 images · 1 video');
    expect(mediaCountLabel(1, 0)).toBe('1 image · 0 videos');
    expect(mediaCountLabel(0, 2)).toBe('0 images · 2 videos');
  });
});

describe('formatGalleryDate', () => {
  it('writes a timestamp as its date in the local calendar', () => {
    // 23:30 local: the date is the local one, whatever the UTC date of that instant.
    expect(formatGalleryDate(new Date(2026, 0, 15, 23, 30).toISOString())).toBe('Jan 15, 2026');
  });

  it("shows 'Invalid Date' for an unreadable timestamp", () => {
    expect(formatGalleryDate('not a date')).toBe('Invalid Date');
    expect(formatGalleryDate('')).toBe('Invalid Date');
  });
});

describe('shortText', () => {
  it('keeps a short text and collapses its whitespace', () => {
    expect(shortText('  red   silk\ndress ')).toBe('red silk dress');
  });

  it('cuts a long text with an ellipsis', () => {
    const cut = shortText('a'.repeat(100), 20);
    expect(cut).toHaveLength(20);
    expect(cut.endsWith('…')).toBe(true);
  });
});
