import { describe, expect, it } from 'vitest';
import { DEFAULT_GALLERY_QUERY } from '../lib/gallery-query';
import { pastGenerationsBody } from './past-generations';

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
