import type { Readable } from 'node:stream';

/** Where media bytes live: local disk by default, an S3-compatible bucket in production. */
export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object's bytes as a stream, or null when it does not exist. */
  get(key: string): Promise<{ body: Readable; size: number } | null>;
  /** Removes every object whose key starts with `prefix` (a media id's folder). */
  deletePrefix(prefix: string): Promise<void>;
}

/** Keys are ours (media id + variant); refuse anything that could climb out of the root. */
export function assertSafeKey(key: string): void {
  if (!/^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)*$/.test(key) || key.includes('..')) {
    throw new Error(`unsafe storage key: ${key}`);
  }
}
