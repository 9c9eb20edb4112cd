import { createHash, randomBytes } from 'node:crypto';
import { API_BASE, FINISHED_STATUSES, type UploadedMedia } from '@studio/contract';
import type { Db } from '../../db/client';
import type { DbOrTx, Tx } from '../../db/db-or-tx';
import { AppError, notFound } from '../../http/errors';
import {
  ImageRejectedError,
  processImage,
  type ProcessedImage,
} from '../../platform/images/process-image';
import type { Storage } from '../../platform/storage/storage';
import { runOnce } from '../idempotency/idempotency.service';
import * as repo from './media.repository';

export type { MediaRow } from './media.repository';
// The gallery's delete keeps what another of the user's generations still names, as the sweep does.
export { stillReferenced } from './media.repository';

export interface MediaDeps {
  db: Db;
  storage: Storage;
  /** Total bytes one user may keep (originals with their thumbnails and previews). */
  quotaBytes: number;
}

export const MEDIA_VARIANTS = ['original', 'thumbnail', 'preview'] as const;
export type MediaVariant = (typeof MEDIA_VARIANTS)[number];

const newMediaId = () => randomBytes(16).toString('base64url');
const keyOf = (id: string, variant: MediaVariant, ext: string) =>
  variant === 'original' ? `${id}/original.${ext}` : `${id}/${variant}.webp`;

export function mediaUrls(id: string) {
  const base = `${API_BASE}/media/${id}`;
  return { url: base, thumbnailUrl: `${base}/thumbnail`, previewUrl: `${base}/preview` };
}

function toUploaded(row: repo.MediaRow): UploadedMedia {
  return {
    id: row.id,
    ...mediaUrls(row.id),
    contentType: row.contentType,
    width: row.width,
    height: row.height,
    bytes: row.bytes,
    thumbhash: row.thumbhash,
  };
}

export interface IncomingFile {
  name: string;
  body: Buffer;
}

/** Checks and re-encodes every file first, so one bad file stores nothing and names itself. */
async function processAll(files: readonly IncomingFile[]): Promise<ProcessedImage[]> {
  const processed: ProcessedImage[] = [];
  for (const file of files) {
    try {
      processed.push(await processImage(file.body));
    } catch (error) {
      if (!(error instanceof ImageRejectedError)) throw error;
      const status = error.reason === 'unsupported' ? 415 : 422;
      throw new AppError(status, 'unsupported_image', `${file.name || 'File'}: ${error.message}`, {
        file: file.name,
        reason: error.reason,
      });
    }
  }
  return processed;
}

export async function storeUploads(
  deps: MediaDeps,
  userId: string,
  files: readonly IncomingFile[],
): Promise<UploadedMedia[]> {
  if (files.length === 0)
    throw new AppError(400, 'bad_request', 'Choose at least one image to upload.');
  const processed = await processAll(files);
  const incoming = processed.reduce(
    (sum, p) => sum + p.original.body.length + p.thumbnail.body.length + p.preview.body.length,
    0,
  );
  if ((await repo.bytesUsed(deps.db, userId)) + incoming > deps.quotaBytes) {
    throw new AppError(
      413,
      'upload_too_large',
      'Your media storage is full. Delete old generations or contact support for more space.',
    );
  }
  const stored: UploadedMedia[] = [];
  for (const image of processed) {
    stored.push(toUploaded(await storeImage(deps, userId, 'upload', image)));
  }
  return stored;
}

/** How long an upload may take before a retry under its Idempotency-Key takes the key over. */
const UPLOAD_LEASE_MS = 2 * 60_000;

/**
 * `POST /uploads` with an optional Idempotency-Key (issue 35, ADR 059): the same key and the same
 * bytes (in the same order; file names aside) within 24 hours answer the first upload's media
 * again, storing nothing and counting nothing twice against the quota; other bytes are 422.
 */
export function storeUploadsOnce(
  deps: MediaDeps,
  userId: string,
  files: readonly IncomingFile[],
  key: string | undefined,
): Promise<UploadedMedia[]> {
  const body = files.map((file) => createHash('sha256').update(file.body).digest('hex'));
  return runOnce(
    deps.db,
    { userId, key, route: 'uploads', body, leaseMs: UPLOAD_LEASE_MS, what: 'upload' },
    () => storeUploads(deps, userId, files),
  );
}

/**
 * Writes the bytes, then the row, so a row never points at missing bytes. A new id is marked for
 * the storage sweep first and unmarked in the row's transaction (ADR 046): a process killed in
 * between leaves its mark, and the sweeper removes those bytes after the grace period. A write
 * whose mark the sweeper has taken meanwhile fails instead of naming removed bytes. When a step
 * fails here and the row is surely absent, the bytes are removed at once (found by the scale-out
 * bench, issue 19); when that cannot be told (the database gone mid-request), the mark leaves
 * them to the sweeper. A given id (the catalog's fixed ones) is left alone: another process
 * starting at the same time may have stored the same id. A generation's output keeps its mark,
 * its wait restarted, for the sweep to see whether its generation names it (issue 29).
 */
async function bytesThenRow(
  deps: Pick<MediaDeps, 'db' | 'storage'>,
  id: string,
  fresh: boolean,
  puts: () => Promise<unknown>,
  row: (tx: DbOrTx) => Promise<repo.MediaRow>,
  generationId: string | null = null,
): Promise<repo.MediaRow> {
  if (!fresh) {
    await puts();
    return row(deps.db);
  }
  await repo.markForSweep(deps.db, [id], false, generationId);
  try {
    await puts();
    return await deps.db.transaction(async (tx) => {
      const inserted = await row(tx);
      const marked =
        generationId === null
          ? await repo.unmarkForSweep(tx, [id])
          : await repo.restartSweepMarks(tx, [id]);
      if (marked === 0)
        throw new Error(`media ${id}: the write outlived its sweep grace; its bytes were removed`);
      return inserted;
    });
  } catch (error) {
    const named = await repo.findMedia(deps.db, id).then(
      (found) => found !== undefined,
      () => true, // unknown: the mark stays, and the sweeper decides with the row in sight
    );
    if (!named) await removeObjects(deps, [id]).catch(() => undefined);
    throw error;
  }
}

/** Where stored media comes from: a fixed id (the catalog's), the generation an output is for. */
export interface StoreOptions {
  id?: string;
  /** An output's generation: the storage sweep removes the output if that never names it. */
  generationId?: string;
}

/** Writes the three variants, then the row: a row never points at missing bytes. */
export async function storeImage(
  deps: Pick<MediaDeps, 'db' | 'storage'>,
  userId: string,
  kind: 'upload' | 'output' | 'catalog',
  image: ProcessedImage,
  options: StoreOptions = {},
): Promise<repo.MediaRow> {
  const id = options.id ?? newMediaId();
  const { original, thumbnail, preview } = image;
  return bytesThenRow(
    deps,
    id,
    options.id === undefined,
    () =>
      Promise.all([
        deps.storage.put(keyOf(id, 'original', original.ext), original.body, original.contentType),
        deps.storage.put(keyOf(id, 'thumbnail', 'webp'), thumbnail.body, thumbnail.contentType),
        deps.storage.put(keyOf(id, 'preview', 'webp'), preview.body, preview.contentType),
      ]),
    (tx) =>
      repo.insertMedia(tx, {
        id,
        userId,
        kind,
        contentType: original.contentType,
        ext: original.ext,
        width: image.width,
        height: image.height,
        bytes: original.body.length + thumbnail.body.length + preview.body.length,
        thumbhash: image.thumbhash,
      }),
    options.generationId,
  );
}

/** A rendered video with a poster image (its thumbnail and preview come from the poster). */
export async function storeVideo(
  deps: Pick<MediaDeps, 'db' | 'storage'>,
  userId: string,
  video: { data: Buffer; width: number; height: number },
  poster: ProcessedImage,
  options: StoreOptions & { kind?: 'output' | 'catalog' } = {},
): Promise<repo.MediaRow> {
  const id = options.id ?? newMediaId();
  return bytesThenRow(
    deps,
    id,
    options.id === undefined,
    () =>
      Promise.all([
        deps.storage.put(keyOf(id, 'original', 'mp4'), video.data, 'video/mp4'),
        deps.storage.put(keyOf(id, 'thumbnail', 'webp'), poster.thumbnail.body, 'image/webp'),
        deps.storage.put(keyOf(id, 'preview', 'webp'), poster.preview.body, 'image/webp'),
      ]),
    (tx) =>
      repo.insertMedia(tx, {
        id,
        userId,
        kind: options.kind ?? 'output',
        contentType: 'video/mp4',
        ext: 'mp4',
        width: video.width,
        height: video.height,
        bytes: video.data.length + poster.thumbnail.body.length + poster.preview.body.length,
        thumbhash: poster.thumbhash,
      }),
    options.generationId,
  );
}

/** The stored original's bytes (generation inputs). */
export async function readOriginal(deps: Pick<MediaDeps, 'storage'>, row: repo.MediaRow) {
  const object = await deps.storage.get(keyOf(row.id, 'original', row.ext));
  if (!object) throw notFound('Media not found');
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/**
 * The stored original as a stream (a zip entry): nothing is buffered, so a download of many photos
 * holds one chunk at a time. Throws not-found when the object has gone from storage.
 */
export async function openOriginal(deps: Pick<MediaDeps, 'storage'>, row: repo.MediaRow) {
  const object = await deps.storage.get(keyOf(row.id, 'original', row.ext));
  if (!object) throw notFound('Media not found');
  return object.body;
}

/** The user's own media among `ids`, by id, in one query. */
export async function findOwnMediaByIds(db: Db, userId: string, ids: readonly string[]) {
  const rows = await repo.findOwnMediaByIds(db, userId, ids);
  return new Map(rows.map((row) => [row.id, row]));
}

/** A media object's bytes by its (unguessable) id; a missing id and a bad variant are both 404. */
export async function openMedia(
  deps: Pick<MediaDeps, 'db' | 'storage'>,
  id: string,
  variant: MediaVariant,
) {
  const row = /^[A-Za-z0-9_-]{22}$/.test(id) ? await repo.findMedia(deps.db, id) : undefined;
  if (!row) throw notFound('Media not found');
  const object = await deps.storage.get(keyOf(row.id, variant, row.ext));
  if (!object) throw notFound('Media not found');
  return {
    ...object,
    contentType: variant === 'original' ? row.contentType : 'image/webp',
    ext: variant === 'original' ? row.ext : 'webp',
  };
}

export function findMediaById(db: Db, id: string) {
  return repo.findMedia(db, id);
}

/** Media the user owns (for generation inputs): another user's id is the same 404 as none. */
export async function findOwnedMedia(deps: Pick<MediaDeps, 'db'>, userId: string, id: string) {
  const row = /^[A-Za-z0-9_-]{22}$/.test(id) ? await repo.findMedia(deps.db, id) : undefined;
  // Catalog illustrations (templates, poses) belong to everyone.
  if (!row || (row.userId !== userId && row.userId !== CATALOG_OWNER)) {
    throw notFound('Media not found');
  }
  return row;
}

/** Owner of the seeded catalog media. */
export const CATALOG_OWNER = 'catalog';

/** The media id in one of our media URLs (relative, or absolute on our public origin). */
export function mediaIdOf(url: string, publicUrl: string): string | null {
  const match = new RegExp(`^${API_BASE}/media/([A-Za-z0-9_-]{22})(?:/(?:thumbnail|preview))?$`);
  let path = url;
  if (/^https?:\/\//i.test(url)) {
    const parsed = URL.canParse(url) ? new URL(url) : null;
    if (!parsed || parsed.origin !== new URL(publicUrl).origin || parsed.search) return null;
    path = parsed.pathname;
  }
  return match.exec(path)?.[1] ?? null;
}

/**
 * Removes the objects of media ids (their rows gone, or never written), then their sweep marks;
 * a few at a time, as a gallery or account deletion may name thousands. An id whose objects could
 * not be removed keeps its mark, moved to the back of the sweep's order; answers those.
 */
export async function removeObjects(
  deps: Pick<MediaDeps, 'db' | 'storage'>,
  ids: readonly string[],
): Promise<string[]> {
  const failed: string[] = [];
  for (let i = 0; i < ids.length; i += OBJECT_DELETES_AT_ONCE) {
    const outcome = await deletePrefixes(deps.storage, ids.slice(i, i + OBJECT_DELETES_AT_ONCE));
    failed.push(...outcome.failed);
    await repo.unmarkForSweep(deps.db, outcome.gone);
  }
  await repo.markForSweep(deps.db, failed, true);
  return failed;
}

/** Deletes each id's objects at once; answers which went and which storage refused. */
async function deletePrefixes(storage: Storage, ids: readonly string[]) {
  const outcomes = await Promise.allSettled(ids.map((id) => storage.deletePrefix(id)));
  return {
    gone: ids.filter((_, k) => outcomes[k]?.status === 'fulfilled'),
    failed: ids.filter((_, k) => outcomes[k]?.status === 'rejected'),
  };
}
const OBJECT_DELETES_AT_ONCE = 8;

/**
 * Deletes media rows in a transaction, marking their ids in it, then their objects: a crash after
 * the commit leaves marks the sweeper finishes, never a row that names missing bytes.
 */
export async function deleteMediaRows(
  deps: Pick<MediaDeps, 'db' | 'storage'>,
  deleteRows: (tx: Tx) => Promise<string[]>,
): Promise<string[]> {
  const removed = await deps.db.transaction(async (tx) => {
    const ids = await deleteRows(tx);
    await repo.markForSweep(tx, ids, true);
    return ids;
  });
  await removeObjects(deps, removed); // what storage refused now, the sweeper retries
  return removed;
}

/** Account deletion: every stored byte and row of the user goes. */
export async function eraseUserMedia(deps: Pick<MediaDeps, 'db' | 'storage'>, userId: string) {
  await deleteMediaRows(deps, (tx) => repo.deleteByUser(tx, userId));
}

/** What one storage sweep removed. */
export interface SweepOutcome {
  /** Ids whose objects no row named (a write cut short, a deletion not finished). */
  strayObjects: number;
  /** Output rows (and their objects) no generation names: work settled while they were stored. */
  unreferencedOutputs: number;
}

type SweepVerdict = 'stray' | 'named' | 'waiting' | 'unreferenced';

/**
 * What becomes of a due mark. An output's generation decides it with one look: a generation that
 * names it keeps it; unfinished work may still name it, so it waits another grace period; finished
 * work that does not name it never will (a settled generation's outputs never change), and nobody
 * else can (its URL is published only by its generation). That makes the sweep safe against a
 * generation about to settle with the output whatever the grace, and the grace (an hour against
 * the moments between storing and settling) keeps such work from even being looked at.
 */
async function verdictOf(tx: Tx, due: repo.DueSweep): Promise<SweepVerdict> {
  if (due.ownerId === null) return 'stray';
  if (due.generationId === null || due.namedByGeneration) return 'named';
  if (due.generationStatus === null) {
    // Its generation was deleted from the gallery, which kept its outputs only where another of
    // the user's generations names them (a recreated result): rare, so a look at them all.
    const kept = await repo.stillReferenced(tx, due.ownerId, [due.mediaId]);
    return kept.size > 0 ? 'named' : 'unreferenced';
  }
  const status = due.generationStatus;
  return FINISHED_STATUSES.some((s) => s === status) ? 'unreferenced' : 'waiting';
}

/**
 * The storage sweep (ADR 046, run by workers with the generation sweeper): objects of rows deleted
 * by a process that could not remove them (died, or storage refused), of writes cut short, and
 * generation outputs no generation names (their rows too, so they stop counting against the
 * quota). Each batch of marks is locked while its verdict is carried out, so a late write cannot
 * commit a row for bytes being removed. A mark whose row exists and is not an unnamed output only
 * loses its mark: a sweep never removes bytes a row names, nor a row something names. Looks at
 * most at `max` marks a call.
 */
export async function sweepStrayObjects(
  deps: Pick<MediaDeps, 'db' | 'storage'>,
  grace: repo.SweepGrace,
  max = 500,
): Promise<SweepOutcome> {
  const outcome: SweepOutcome = { strayObjects: 0, unreferencedOutputs: 0 };
  for (let seen = 0; seen < max;) {
    const { taken, stray, unreferenced } = await deps.db.transaction(async (tx) => {
      const due = await repo.lockDueSweeps(tx, grace, OBJECT_DELETES_AT_ONCE);
      const verdicts: Record<SweepVerdict, string[]> = {
        stray: [],
        named: [],
        waiting: [],
        unreferenced: [],
      };
      for (const mark of due) verdicts[await verdictOf(tx, mark)].push(mark.mediaId);
      const { gone, failed } = await deletePrefixes(deps.storage, verdicts.stray);
      await repo.unmarkForSweep(tx, [...verdicts.named, ...gone]);
      await repo.markForSweep(tx, failed, true);
      // As a gallery delete: the rows go with their marks turned a deleted row's, and the objects
      // once that commits, so a crash in between leaves marks, never a row naming missing bytes.
      const deleted = await repo.deleteUnlockedMedia(tx, verdicts.unreferenced);
      await repo.markForSweep(tx, deleted, true);
      // Looked at again a grace period from now: an output whose generation is unfinished, and a
      // row another transaction is deleting (left to it, in case that rolls back).
      await repo.restartSweepMarks(tx, [
        ...verdicts.waiting,
        ...verdicts.unreferenced.filter((id) => !deleted.includes(id)),
      ]);
      return { taken: due.length, stray: gone.length, unreferenced: deleted };
    });
    await removeObjects(deps, unreferenced); // what storage refuses, a later sweep retries
    outcome.strayObjects += stray;
    outcome.unreferencedOutputs += unreferenced.length;
    seen += taken;
    if (taken < OBJECT_DELETES_AT_ONCE) break;
  }
  return outcome;
}
