import { z } from 'zod/mini';
import { LISTING_SLOTS } from '../listing/rules';
import { ANGLE_VIEWS } from '../tools';

/**
 * An angle set's outputs (ADR 064), each with the view it shows and the listing slot it fills, in
 * the set's order. Null for every other tool and for a server that does not say; an unreadable
 * list reads as null.
 */
export const outputViewsSchema = z.catch(
  z.nullable(
    z.array(
      z.object({
        url: z.string(),
        view: z.enum(ANGLE_VIEWS),
        slot: z.enum(LISTING_SLOTS),
      }),
    ),
  ),
  null,
);
export type OutputViews = z.infer<typeof outputViewsSchema>;
