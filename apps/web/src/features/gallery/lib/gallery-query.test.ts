import { describe, expect, it } from 'vitest';
import {
  DEFAULT_GALLERY_QUERY,
  GALLERY_TYPE_OPTIONS,
  isFiltered,
  parseGalleryQuery,
  toSearchParams,
  toServerType,
  typeLabel,
  type GalleryQuery,
} from './gallery-query';

const parse = (search: string) => parseGalleryQuery(new URLSearchParams(search));
const query = (changes: Partial<GalleryQuery>): GalleryQuery => ({
  ...DEFAULT_GALLERY_QUERY,
  ...changes,
});

describe('parseGalleryQuery', () => {
  it('defaults to all types, no search, page 1 and 12 per page', () => {
    expect(parse('')).toEqual({ type: 'all', search: '', page: 1, limit: 12 });
  });

  it('reads every parameter', () => {
    expect(parse('type=try-on&search=red%20dress&page=3&limit=24')).toEqual({
      type: 'try-on',
      search: 'red dress',
      page: 3,
      limit: 24,
    });
  });

  it.each(['abc', '0', '-2', '', '100001'])('reads page %j as page 1', (page) => {
    expect(parse(`page=${page}`).page).toBe(1);
  });

  it('reads page and limit as integers', () => {
    expect(parse('page=2.7&limit=24.0').page).toBe(2);
    expect(parse('page=2.7&limit=24.0').limit).toBe(24);
  });

  it.each(['7', '100', 'abc', '0'])('reads limit %j, not an offered page size, as 12', (limit) => {
    expect(parse(`limit=${limit}`).limit).toBe(12);
  });

  it.each(['6', '12', '24', '36'])('keeps the offered page size %s', (limit) => {
    expect(parse(`limit=${limit}`).limit).toBe(Number(limit));
  });

  it('reads an unknown type as all', () => {
    expect(parse('type=holograms').type).toBe('all');
    expect(parse('type=fashion_extractor').type).toBe('all');
  });

  it('trims the search and ignores one shorter than 2 characters', () => {
    expect(parse('search=%20%20silk%20').search).toBe('silk');
    expect(parse('search=a').search).toBe('');
  });

  it('cuts a search to the 200 characters the server accepts', () => {
    expect(parse(`search=${'a'.repeat(250)}`).search).toHaveLength(200);
  });
});

describe('toSearchParams', () => {
  it('leaves out every default', () => {
    expect(toSearchParams(DEFAULT_GALLERY_QUERY).toString()).toBe('');
  });

  it('writes only what differs from the defaults', () => {
    expect(toSearchParams(query({ page: 2 })).toString()).toBe('page=2');
    expect(toSearchParams(query({ limit: 36 })).toString()).toBe('limit=36');
    expect(toSearchParams(query({ search: 'silk scarf' })).toString()).toBe('search=silk+scarf');
    expect(
      toSearchParams(query({ type: 'upscaler', search: 'denim', page: 4, limit: 6 })).toString(),
    ).toBe('type=upscaler&search=denim&page=4&limit=6');
  });

  it('round-trips through parseGalleryQuery', () => {
    const original = query({ type: 'fashion-extractor', search: 'linen', page: 9, limit: 24 });
    expect(parseGalleryQuery(toSearchParams(original))).toEqual(original);
  });
});

describe('toServerType', () => {
  it('sends fashion-extractor as fashion_extractor', () => {
    expect(toServerType('fashion-extractor')).toBe('fashion_extractor');
  });

  it('sends every other filter value unchanged', () => {
    for (const { value } of GALLERY_TYPE_OPTIONS) {
      if (value !== 'fashion-extractor') expect(toServerType(value)).toBe(value);
    }
  });

  it('sends an unknown type as all', () => {
    expect(toServerType('holograms')).toBe('all');
    expect(toServerType('')).toBe('all');
  });
});

describe('isFiltered', () => {
  it('is true with a type or a search, false with neither', () => {
    expect(isFiltered({ type: 'all', search: '' })).toBe(false);
    expect(isFiltered({ type: 'ai-poses', search: '' })).toBe(true);
    expect(isFiltered({ type: 'all', search: 'silk' })).toBe(true);
  });
});

describe('typeLabel', () => {
  it("uses the filter's label for the filter's types", () => {
    expect(typeLabel('realistic-try-on')).toBe('Advance Clothes Try-On');
    expect(typeLabel('ai-poses')).toBe('Pose Change');
    expect(typeLabel('upscaler')).toBe('Image Upscaler');
  });

  it('names the AI designer, which the filter does not offer', () => {
    expect(typeLabel('ai-designer')).toBe('AI Designer');
  });

  it('shows an unknown type as it is', () => {
    expect(typeLabel('hologram-maker')).toBe('hologram-maker');
    expect(typeLabel('all')).toBe('all');
  });
});
