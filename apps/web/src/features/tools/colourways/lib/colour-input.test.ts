import { describe, expect, it } from 'vitest';
import { COLOUR_MESSAGES, parseColour, swatchColour } from './colour-input';

describe('parseColour', () => {
  it('reads hex with or without #, in either case, short or long', () => {
    expect(parseColour('#1F3A5F')).toEqual({ hex: '#1f3a5f' });
    expect(parseColour(' 1f3a5f ')).toEqual({ hex: '#1f3a5f' });
    expect(parseColour('#abc')).toEqual({ hex: '#aabbcc' });
  });

  it('reads CSS colour names, spaces and hyphens ignored', () => {
    expect(parseColour('Navy')).toEqual({ hex: '#000080' });
    expect(parseColour('forest green')).toEqual({ hex: '#228b22' });
    expect(parseColour('rebecca-purple')).toEqual({ hex: '#663399' });
  });

  it('says what is wrong with anything else', () => {
    expect(parseColour('')).toEqual({ error: COLOUR_MESSAGES.required });
    expect(parseColour('#12345')).toEqual({ error: COLOUR_MESSAGES.unknown });
    expect(parseColour('sunset')).toEqual({ error: COLOUR_MESSAGES.unknown });
  });
});

describe('swatchColour', () => {
  /** A width × height picture: `inner` in the middle half, `edge` around it. */
  function picture(width: number, height: number, inner: number[], edge: number[]) {
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const middle =
          x >= width / 4 && x < (width * 3) / 4 && y >= height / 4 && y < (height * 3) / 4;
        rgba.set([...(middle ? inner : edge), 255], (y * width + x) * 4);
      }
    }
    return rgba;
  }

  it('reads the fabric in the middle, not the table around it', () => {
    expect(swatchColour(picture(40, 40, [31, 58, 95], [240, 240, 240]), 40, 40)).toBe('#1f3a5f');
  });

  it('leaves a fold and a glint out of the average', () => {
    const rgba = picture(40, 40, [192, 57, 43], [0, 0, 0]);
    // A dark fold and a white glint, each under a tenth of the middle.
    for (const [x, y, v] of [
      [12, 12, 0],
      [13, 12, 0],
      [25, 25, 255],
    ] as const) {
      rgba.set([v, v, v, 255], (y * 40 + x) * 4);
    }
    expect(swatchColour(rgba, 40, 40)).toBe('#c0392b');
  });
});
