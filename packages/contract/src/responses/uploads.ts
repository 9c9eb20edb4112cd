import { z } from 'zod/mini';
import { int, readableEntries, strings, success, text } from './read';

/** One stored image: the re-encoded original and its derived sizes, all under one random id. */
export const uploadedMediaSchema = z.object({
  id: z.string(),
  url: z.string(),
  thumbnailUrl: z.string(),
  previewUrl: z.string(),
  contentType: z.string(),
  width: int,
  height: int,
  bytes: int,
  /** Base64 ThumbHash: a blurred placeholder the client shows while the image loads. */
  thumbhash: z.string(),
});
export type UploadedMedia = z.infer<typeof uploadedMediaSchema>;

/**
 * `POST /uploads` (multipart `files`, repeatable): the spec's three shapes at once (doc 2 §3).
 * Each may be missing when reading; the browser takes the first URL it finds (doc 2 §7).
 */
export const uploadResponseSchema = z.object({
  success,
  uploaded: readableEntries(uploadedMediaSchema),
  urls: strings,
  url: text,
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;
