import { api } from '@/lib/api-client';
import { isRecord, isString } from '@/lib/guards';

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

const nonEmpty = (value: unknown): value is string => isString(value) && value.trim() !== '';

/** Reads any of the spec's three answer shapes; a success without a URL gives `url: null`. */
export function parseUploadResponse(data: unknown): UploadResult {
  if (!isRecord(data)) throw new Error('Invalid upload response');
  const images: UploadedImage[] = [];
  if (Array.isArray(data.uploaded)) {
    for (const item of data.uploaded) {
      if (isRecord(item) && nonEmpty(item.url)) {
        images.push({
          url: item.url,
          previewUrl: nonEmpty(item.previewUrl) ? item.previewUrl : null,
        });
      }
    }
  }
  if (images.length === 0 && Array.isArray(data.urls)) {
    for (const url of data.urls) if (nonEmpty(url)) images.push({ url, previewUrl: null });
  }
  if (images.length === 0 && nonEmpty(data.url)) images.push({ url: data.url, previewUrl: null });
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
