import { uploadResponseSchema } from '@studio/contract/responses';
import { api } from '@/lib/api-client';

export interface UploadedImage {
  /** The stored original: what generate calls take as input. */
  url: string;
  /** A ~1440 px rendition for showing on screen, when the server made one. */
  previewUrl: string | null;
}

export interface UploadResult {
  images: UploadedImage[];
  /** The first usable URL: `uploaded[0].url`, else `urls[0]`, else `url` (document 2 §7). */
  url: string | null;
}

const nonEmpty = (url: string) => url.trim() !== '';

/** Reads any of the spec's three answer shapes; a success without a URL gives `url: null`. */
export function parseUploadResponse(data: unknown): UploadResult {
  const body = uploadResponseSchema.parse(data);
  let images: UploadedImage[] = body.uploaded
    .filter((media) => nonEmpty(media.url))
    .map((media) => ({
      url: media.url,
      previewUrl: nonEmpty(media.previewUrl) ? media.previewUrl : null,
    }));
  if (images.length === 0) {
    images = body.urls.filter(nonEmpty).map((url) => ({ url, previewUrl: null }));
  }
  if (images.length === 0 && nonEmpty(body.url)) images = [{ url: body.url, previewUrl: null }];
  return { images, url: images[0]?.url ?? null };
}

/**
 * `POST /uploads` with the files under `files` (repeatable) and the user id. Errors arrive as
 * ApiError with the server's readable message (413 too large, 415 not an image, 422 unreadable).
 */
export async function uploadImages(
  files: readonly File[],
  userId: string | null,
  signal?: AbortSignal,
): Promise<UploadResult> {
  const form = new FormData();
  if (userId !== null) form.append('userId', userId);
  for (const file of files) form.append('files', file, file.name);

  return api.post('/uploads', form, { parse: parseUploadResponse, signal });
}
