import type { ListingPackAccepted, ListingPackRequest } from '@studio/contract';
import { listingPackAcceptedSchema } from '@studio/contract/responses';
import { api, schemaParser } from '@/lib/api-client';

/**
 * `POST /listing/packs`: checks (and with `fix`, first fixes) every image, names the files the
 * marketplace's way and answers a short-lived link that streams the zip. The Idempotency-Key
 * makes a repeated click or a network retry answer the same pack instead of charging twice.
 */
export function createListingPack(
  body: ListingPackRequest,
  idempotencyKey: string,
): Promise<ListingPackAccepted> {
  return api.post('/listing/packs', body, {
    parse: schemaParser(listingPackAcceptedSchema),
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}
