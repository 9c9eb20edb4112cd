import { queryOptions } from '@tanstack/react-query';
import type { ListingCheck } from '@studio/contract';
import type { ListingSlot, MarketplaceId } from '@studio/contract/listing';
import { listingCheckSchema } from '@studio/contract/responses';
import { api, schemaParser } from '@/lib/api-client';

/**
 * The image a check is about: a generation (its first image: a gallery card, a run's one result)
 * or one image by its URL (a run's second result and on).
 */
export type CheckTarget = { generationId: string } | { imageUrl: string };

const targetKey = (target: CheckTarget) =>
  'generationId' in target ? target.generationId : target.imageUrl;

export const listingCheckQueryKey = (
  target: CheckTarget,
  marketplace: MarketplaceId,
  slot: ListingSlot,
) => ['listing', 'check', targetKey(target), marketplace, slot] as const;

/**
 * `POST /listing/check`: every rule of the marketplace's slot against the image. A stored image
 * and the rules do not change, so an answer is kept for the session (one request per card and
 * marketplace however often the gallery is opened).
 */
export const listingCheckQueryOptions = (
  target: CheckTarget,
  marketplace: MarketplaceId,
  slot: ListingSlot,
) =>
  queryOptions({
    queryKey: listingCheckQueryKey(target, marketplace, slot),
    queryFn: ({ signal }): Promise<ListingCheck> =>
      api.post(
        '/listing/check',
        { ...target, marketplace, slot },
        { parse: schemaParser(listingCheckSchema), signal },
      ),
    staleTime: Infinity,
  });
