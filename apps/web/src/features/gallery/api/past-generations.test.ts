import { describe, expect, it } from 'vitest';
import { galleryItem, pastGenerationsBody as answer } from '@/testing/gallery-handlers';
import { DEFAULT_GALLERY_QUERY } from '../lib/gallery-query';
import { parsePastGenerations, pastGenerationsBody } from './past-generations';

describe('pastGenerationsBody', () => {
  it('sends the user, page, limit and type, and no search when none is applied', () => {
    expect(pastGenerationsBody('user_1', DEFAULT_GALLERY_QUERY)).toEqual({
      userId: 'user_1',
      page: 1,
      limit: 12,
      type: 'all',
    });
  });

  it("sends an applied search and the server's name for the fashion extractor", () => {
    expect(
      pastGenerationsBody('user_1', {
        type: 'fashion-extractor',
        search: 'denim',
        page: 3,
        limit: 24,
      }),
    ).toEqual({ userId: 'user_1', page: 3, limit: 24, type: 'fashion_extractor', search: 'denim' });
  });
});

describe('parsePastGenerations', () => {
  it('reads a well-formed answer unchanged', () => {
    const body = answer([galleryItem({ thumbhash: 'AAAA', styleName: 'Studio' })]);
    expect(parsePastGenerations(body)).toEqual(body);
  });

  it('fills in missing details with safe defaults', () => {
    const parsed = parsePastGenerations({
      success: true,
      data: [
        {
          generationId: 'g1',
          type: 'upscaler',
          imageUrlList: ['/api/v1/media/a', 42],
          videoUrlList: ['/api/v1/media/v'],
        },
      ],
      pagination: { page: 1, limit: 12, totalItems: 1, totalPages: 1 },
    });

    expect(parsed.data[0]).toEqual({
      generationId: 'g1',
      type: 'upscaler',
      timestamp: '',
      prompt: '',
      styleName: null,
      // A list with a non-string is unreadable as a whole, and the count follows the list.
      numberOfImages: 0,
      numberOfVideos: 1,
      imageUrlList: [],
      videoUrlList: ['/api/v1/media/v'],
      inputImageUrls: [],
      thumbnailUrl: null,
      thumbhash: null,
    });
    expect(parsed.pagination).toMatchObject({ hasNextPage: false, hasPreviousPage: false });
    expect(parsed.message).toBe('');
  });

  it.each([
    ['a failure envelope', { success: false, data: [] }],
    ['no list', { success: true, pagination: {} }],
    ['no pagination', { success: true, data: [] }],
    ['an item without an id', { success: true, data: [{ type: 'try-on' }], pagination: {} }],
    ['not an object', 'Generations retrieved'],
  ])('refuses %s', (_case, data) => {
    expect(() => parsePastGenerations(data)).toThrow();
  });
});
