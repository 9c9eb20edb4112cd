import { describe, expect, it } from 'vitest';
import { createTestQueryClient } from '@/testing/render';
import {
  galleryItems,
  pastGenerationsHandler,
  type PastGenerationsBody,
} from '@/testing/gallery-handlers';
import { server } from '@/testing/server';
import { parseGalleryQuery } from '../lib/gallery-query';
import { pastGenerationsQueryOptions } from './past-generations';
import { prefetch } from './prefetch-gallery';

describe('gallery prefetch', () => {
  it('asks for the page in the address and leaves it where the page query reads it', async () => {
    const requests: PastGenerationsBody[] = [];
    server.use(pastGenerationsHandler(galleryItems(30), requests));
    const queryClient = createTestQueryClient();

    await prefetch(queryClient, 'user-1', '?type=fashion-extractor&page=2&limit=6');

    expect(requests).toEqual([{ userId: 'user-1', page: 2, limit: 6, type: 'fashion_extractor' }]);
    const query = parseGalleryQuery(new URLSearchParams('type=fashion-extractor&page=2&limit=6'));
    const cached = queryClient.getQueryData(pastGenerationsQueryOptions('user-1', query).queryKey);
    expect(cached?.data).toHaveLength(6);
  });
});
