import { z } from 'zod';

/** One stored image: the re-encoded original and its derived sizes, all under one random id. */
export const uploadedMediaSchema = z.object({
  id: z.string(),
  url: z.string(),
  thumbnailUrl: z.string(),
  previewUrl: z.string(),
  contentType: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
  /** Base64 ThumbHash: a blurred placeholder the client shows while the image loads. */
  thumbhash: z.string(),
});
export type UploadedMedia = z.infer<typeof uploadedMediaSchema>;

/** `POST /uploads` (multipart `files`, repeatable): the spec's three shapes at once (doc 2 §3). */
export const uploadResponseSchema = z.object({
  success: z.literal(true),
  uploaded: z.array(uploadedMediaSchema),
  urls: z.array(z.string()),
  url: z.string(),
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;
