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

// ADR 040: a page move names the card it moves from, so the server reads the page by keyset.
describe('gallery keyset moves', () => {
  const query = (page: number) =>
    parseGalleryQuery(new URLSearchParams(`page=${String(page)}&limit=6`));

  it('sends the last card of the page before, the first of the page after, and neither for a jump', async () => {
    const requests: PastGenerationsBody[] = [];
    server.use(pastGenerationsHandler(galleryItems(30), requests));
    const client = createTestQueryClient();

    const first = await client.query(pastGenerationsQueryOptions('user-1', query(1)));
    const second = await client.query(pastGenerationsQueryOptions('user-1', query(2)));
    await client.query(pastGenerationsQueryOptions('user-1', query(4)));
    client.removeQueries({ queryKey: pastGenerationsQueryOptions('user-1', query(1)).queryKey });
    await client.query(pastGenerationsQueryOptions('user-1', query(1)));

    expect(requests.map((r) => ({ page: r.page, after: r.after, before: r.before }))).toEqual([
      { page: 1, after: undefined, before: undefined },
      { page: 2, after: first.data.at(-1)?.generationId, before: undefined },
      { page: 4, after: undefined, before: undefined },
      { page: 1, after: undefined, before: second.data[0]?.generationId },
    ]);
  });
});
