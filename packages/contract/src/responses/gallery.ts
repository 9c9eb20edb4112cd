import { z } from 'zod/mini';
import { contentCredentialsSchema } from './credentials';
import { outputViewsSchema } from './angle-views';
import { garmentFidelitySchema } from './fidelity';
import { countIfSent, derive, int, strings, success, text, textOrNull } from './read';

/**
 * The set a gallery item belongs to, shown grouped ("6 colourways"): its id, what kind of set,
 * how many generations it asked for, and this item's place in it. Null for work made alone.
 */
export const galleryGroupSchema = z.object({
  id: z.string(),
  kind: z.enum(['colourways']),
  size: int,
  index: int,
});
export type GalleryGroup = z.infer<typeof galleryGroupSchema>;

const galleryShape = {
  generationId: z.string(),
  type: z.string(),
  /** Kept as sent: an unreadable date shows as 'Invalid Date', never hidden (document 1 §2). */
  timestamp: text,
  prompt: text,
  styleName: textOrNull,
  numberOfImages: int,
  numberOfVideos: int,
  imageUrlList: strings,
  videoUrlList: strings,
  inputImageUrls: strings,
  /** Small WebP and ThumbHash of the first image, for fast cards (null for videos-only). */
  thumbnailUrl: textOrNull,
  thumbhash: textOrNull,
  /** The generation this one was made from (the gallery's View or Reuse settings), if known. */
  madeFrom: textOrNull,
  fidelity: garmentFidelitySchema,
  credentials: contentCredentialsSchema,
  /** An angle set's outputs with their views and slots (ADR 064); null for other tools. */
  views: outputViewsSchema,
  /** The set it belongs to (a colourway set), if any; an unreadable one reads as none. */
  group: z.catch(z.nullable(galleryGroupSchema), null),
};
const galleryItem = z.object(galleryShape);
/** A missing id makes the answer unreadable; other details read as empty, counts follow the lists. */
export const galleryItemSchema = derive(
  z.object({ ...galleryShape, numberOfImages: countIfSent, numberOfVideos: countIfSent }),
  galleryItem,
  (item) => ({
    ...item,
    numberOfImages: item.numberOfImages ?? item.imageUrlList.length,
    numberOfVideos: item.numberOfVideos ?? item.videoUrlList.length,
  }),
);
export type GalleryItem = z.infer<typeof galleryItemSchema>;

export const paginationSchema = z.object({
  page: z.catch(int, 1),
  limit: z.catch(int, 0),
  totalItems: z.catch(int, 0),
  totalPages: z.catch(int, 0),
  hasNextPage: z.catch(z.boolean(), false),
  hasPreviousPage: z.catch(z.boolean(), false),
});
export type Pagination = z.infer<typeof paginationSchema>;

/** `POST /gallery/past-generations` (document 1 §7). */
export const pastGenerationsResponseSchema = z.object({
  success,
  data: z.array(galleryItemSchema),
  pagination: paginationSchema,
  message: text,
});
export type PastGenerationsResponse = z.infer<typeof pastGenerationsResponseSchema>;

/** `DELETE /gallery/generations` (ADR 030): how many generations went, with their media. */
export const galleryDeleteResponseSchema = z.object({ success, deleted: int });
export type GalleryDeleteResponse = z.infer<typeof galleryDeleteResponseSchema>;

/**
 * `POST /gallery/zip` (ADR 030): the selection passed every check; `downloadUrl` (same origin,
 * `/api/v1/gallery/zip/{token}`) streams its zip to the same user's session until `expiresAt`
 * (ISO 8601, five minutes on). Strict: without a link there is nothing to download.
 */
export const galleryZipResponseSchema = z.object({
  success,
  downloadUrl: z.string().check(z.minLength(1)),
  expiresAt: z.string(),
});
export type GalleryZipResponse = z.infer<typeof galleryZipResponseSchema>;
