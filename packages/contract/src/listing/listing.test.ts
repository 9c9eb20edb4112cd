import { describe, expect, it } from 'vitest';
import { MARKETPLACES, MARKETPLACE_IDS, listingFileName, slotsOf, sourcesOf } from './index';

const everySource = MARKETPLACE_IDS.flatMap(sourcesOf);

describe('marketplace rules', () => {
  it('cover the six marketplaces the issue names, each with a main and an additional slot', () => {
    expect(MARKETPLACE_IDS).toEqual(['amazon', 'flipkart', 'myntra', 'ajio', 'shopify', 'etsy']);
    for (const id of MARKETPLACE_IDS)
      expect(slotsOf(id).slice(0, 2)).toEqual(['main', 'additional']);
  });

  it('give every rule a public https source, a quote and the day it was read', () => {
    for (const source of everySource) {
      expect(source.url).toMatch(/^https:\/\/[^/]+\.[a-z]{2,}\//);
      expect(source.quote.length).toBeGreaterThan(8);
      expect(source.read).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it('keep Amazon main pure white and Myntra off white, as their sources say', () => {
    const white = [255, 255, 255];
    const amazon = MARKETPLACES[0].slots.main.background;
    const myntra = MARKETPLACES[2].slots.main.background;
    expect(amazon?.rgb).toEqual(white);
    // A pure white background falls outside Myntra's tolerance.
    expect(myntra && Math.abs(255 - myntra.rgb[0]) > myntra.tolerance).toBe(true);
  });
});

describe('listingFileName', () => {
  it('names Amazon files by identifier and variant code, dropping the dashes Amazon refuses', () => {
    expect(listingFileName('amazon', 'tee-blue 01', 'main', 1)).toBe('TEEBLUE01.MAIN.jpg');
    expect(listingFileName('amazon', 'tee-blue 01', 'additional', 2)).toBe('TEEBLUE01.PT01.jpg');
    expect(listingFileName('amazon', 'B000123456', 'additional', 10)).toBe('B000123456.PT09.jpg');
    expect(listingFileName('amazon', 'B000123456', 'swatch', 1)).toBe('B000123456.SWCH.jpg');
  });

  it('numbers Myntra and Flipkart files in listing order and names AJIO files after its fields', () => {
    expect(listingFileName('myntra', 'KURTA-7', 'main', 1)).toBe('KURTA-7_1.jpg');
    expect(listingFileName('myntra', 'KURTA-7', 'additional', 3)).toBe('KURTA-7_3.jpg');
    expect(listingFileName('ajio', 'K7', 'main', 1)).toBe('K7_MODEL.jpg');
    expect(listingFileName('ajio', 'K7', 'additional', 2)).toBe('K7_MODEL2.jpg');
    expect(listingFileName('ajio', 'K7', 'swatch', 1)).toBe('K7_SWATCH.jpg');
  });

  it('keeps only the characters a file name may carry', () => {
    expect(listingFileName('shopify', '../../etc/passwd', 'main', 1)).toBe('etcpasswd-1.jpg');
  });
});
