import { MAX_UPLOAD_BYTES } from '@studio/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import { ImageRejectedError, processImage } from '../../platform/images/process-image';
import { BlockedUrlError, guardedFetch } from '../../platform/net/url-guard';
import type { Storage } from '../../platform/storage/storage';
import {
  findOwnedMedia,
  mediaIdOf,
  mediaUrls,
  storeImage,
  type MediaRow,
} from '../media/media.service';

/*
 * Input URLs of generate calls (ARCHITECTURE §5, §7). A URL must name media we stored (the user's
 * own, or the shared catalog); another user's media is the same 404 as none. Hosts on the operator's
 * allowlist are fetched once through the SSRF guard and stored as the user's upload. Anything else
 * is refused before a connection is made.
 */

export interface InputDeps {
  db: Db;
  storage: Storage;
  publicUrl: string;
  /** Hosts whose images may be fetched as inputs (empty by default). */
  allowedHosts: readonly string[];
}

/** Payload keys that carry input image or video URLs. */
const INPUT_KEYS = new Set([
  'imageUrl',
  'clothImage',
  'inputImageUrls',
  'templateUrl',
  'inputVideoUrl',
]);

const notAllowed = (url: string, reason: string) =>
  new AppError(400, 'input_not_allowed', `This image URL cannot be used: ${reason}.`, {
    url: url.slice(0, 200),
  });

/**
 * An image we already store, named by its URL (what a listing check reads): the user's own or the
 * catalog's; another user's is the same 404 as none, and any other URL is refused without a
 * connection (nothing is fetched or stored for a read-only call).
 */
export async function storedImage(
  deps: Pick<InputDeps, 'db' | 'publicUrl'>,
  userId: string,
  url: string,
): Promise<MediaRow> {
  const id = mediaIdOf(unquote(url), deps.publicUrl);
  if (!id) throw notAllowed(url, 'it is not one of your uploads or results');
  const row = await findOwnedMedia(deps, userId, id);
  if (!row.contentType.startsWith('image/')) throw notAllowed(url, 'it is not an image');
  return row;
}

export async function resolveInputUrl(
  deps: InputDeps,
  userId: string,
  url: string,
): Promise<MediaRow> {
  const id = mediaIdOf(url, deps.publicUrl);
  if (id) return findOwnedMedia(deps, userId, id);
  if (!/^https?:\/\//i.test(url)) throw notAllowed(url, 'it is not one of your uploads');
  let fetched;
  try {
    fetched = await guardedFetch(url, {
      allowedHosts: deps.allowedHosts,
      maxBytes: MAX_UPLOAD_BYTES,
      timeoutMs: 15_000,
    });
  } catch (error) {
    if (error instanceof BlockedUrlError) throw notAllowed(url, error.reason);
    throw notAllowed(url, 'it could not be downloaded');
  }
  if (fetched.status !== 200) throw notAllowed(url, `it answered HTTP ${String(fetched.status)}`);
  try {
    return await storeImage(deps, userId, 'upload', await processImage(fetched.body));
  } catch (error) {
    if (error instanceof ImageRejectedError) throw notAllowed(url, error.message);
    throw error;
  }
}

/** Strips the quotes some clients leave around pose image URLs (document 2 §3). */
const unquote = (url: string) => url.trim().replace(/^["']+|["']+$/g, '');

/**
 * Replaces every input URL in a validated payload with our canonical media URL, in place order.
 * Returns the new payload and the resolved URLs (the gallery's `inputImageUrls`).
 */
export async function resolveInputs<T>(
  deps: InputDeps,
  userId: string,
  payload: T,
): Promise<{ payload: T; inputUrls: string[] }> {
  const inputUrls: string[] = [];
  const resolve = async (url: string) => {
    const row = await resolveInputUrl(deps, userId, unquote(url));
    const canonical = mediaUrls(row.id).url;
    if (row.contentType.startsWith('image/')) inputUrls.push(canonical);
    return canonical;
  };
  const walk = async (value: unknown, key: string | null): Promise<unknown> => {
    if (key !== null && INPUT_KEYS.has(key)) {
      if (typeof value === 'string') return value ? resolve(value) : value;
      if (Array.isArray(value)) {
        const urls: unknown[] = [];
        for (const v of value as unknown[]) urls.push(typeof v === 'string' ? await resolve(v) : v);
        return urls;
      }
    }
    // One at a time, in payload order: the first input is the poster and the gallery's first.
    if (Array.isArray(value)) {
      const items: unknown[] = [];
      for (const v of value as unknown[]) items.push(await walk(v, null));
      return items;
    }
    if (typeof value === 'object' && value !== null) {
      const entries: [string, unknown][] = [];
      for (const [k, v] of Object.entries(value)) entries.push([k, await walk(v, k)]);
      return Object.fromEntries(entries);
    }
    return value;
  };
  // The walk keeps the payload's shape; callers re-validate it with the tool's schema anyway.
  const resolved = (await walk(payload, null)) as T;
  return { payload: resolved, inputUrls: [...new Set(inputUrls)] };
}
