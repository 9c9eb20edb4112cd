import { API_BASE, galleryDownloadName } from '@studio/contract';
import { notFound, AppError } from '../../http/errors';
import type { Storage } from '../../platform/storage/storage';
import type { Db } from '../../db/client';
import { contentDisposition, uniqueEntryNames, type ZipSource } from '../../platform/zip';
import {
  deleteMediaRows,
  findOwnMediaByIds,
  mediaIdOf,
  openOriginal,
  stillReferenced,
} from '../media/media.service';
import { forgetGalleryCounts } from './gallery.service';
import type { GenerationRow } from '../generations/generations.service';
import * as repo from './gallery.repository';
import { readZipLink, signZipToken } from '../../http/zip-token';

/*
 * Managing many gallery cards at once (issue 16, ADR 030): one zip of the selection, streamed,
 * and deleting generations with their media. Both are all or nothing: an id that is not the
 * caller's finished generation answers 404 for the whole request, so nothing about another
 * account's work can be learned and nothing half-happens.
 */

export interface GalleryManageDeps {
  db: Db;
  storage: Storage;
  publicUrl: string;
}

/**
 * The name with the extension of what the file really is, as the web's single download saves it:
 * the spec names images '.jpg', but a cut-out is a transparent PNG and must not pose as a JPEG.
 */
export function withRealExtension(name: string, ext: string): string {
  const real = ext.toLowerCase() === 'jpeg' ? 'jpg' : ext.toLowerCase();
  if (!/^[a-z0-9]{1,5}$/.test(real)) return name;
  const dot = name.lastIndexOf('.');
  return dot > 0 ? `${name.slice(0, dot)}.${real}` : `${name}.${real}`;
}

/**
 * Every requested generation, in the order asked, or 404 if any is not the caller's finished one
 * (all or nothing: nothing about another account's work can be learned).
 */
export async function ownFinishedGenerations(db: Db, userId: string, ids: readonly string[]) {
  const rows = await repo.findOwnFinished(db, userId, ids);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const ordered = ids.flatMap((id) => byId.get(id) ?? []);
  if (ordered.length !== ids.length) throw notFound('Generation not found');
  return ordered;
}

interface PlannedFile {
  row: GenerationRow;
  url: string;
  name: string;
}

/** Every image, then every video, of each generation, with its download name. */
function plannedFiles(rows: readonly GenerationRow[]): PlannedFile[] {
  return rows.flatMap((row) => [
    ...row.imageUrls.map((url, i) => ({
      row,
      url,
      name: galleryDownloadName(row.type, row.id, 'image', i + 1),
    })),
    ...row.videoUrls.map((url, i) => ({
      row,
      url,
      name: galleryDownloadName(row.type, row.id, 'video', i + 1),
    })),
  ]);
}

/**
 * What the gallery zip streams: the selection's stored files, named as the spec's download
 * names, each opened only when the zip reaches it (ADR 017's streaming zip). A file that is not
 * in our storage (an old provider URL) is left out; 409 when none of the selection is. Nothing is
 * read from storage here, so the link's POST can run every check without starting a download.
 */
export async function galleryZip(
  deps: GalleryManageDeps,
  userId: string,
  ids: readonly string[],
): Promise<{ disposition: string; sources: ZipSource[] }> {
  const rows = await ownFinishedGenerations(deps.db, userId, ids);
  const planned = plannedFiles(rows).flatMap((file) => {
    const mediaId = mediaIdOf(file.url, deps.publicUrl);
    return mediaId ? [{ ...file, mediaId }] : [];
  });
  const media = await findOwnMediaByIds(
    deps.db,
    userId,
    planned.map((file) => file.mediaId),
  );
  const stored = planned.flatMap((file) => {
    const row = media.get(file.mediaId);
    return row ? [{ ...file, media: row }] : [];
  });
  if (stored.length === 0) {
    throw new AppError(409, 'conflict', 'None of the selected generations has a stored file.');
  }
  const names = uniqueEntryNames(
    stored.map((file) => withRealExtension(file.name, file.media.ext)),
  );
  const sources = stored.map((file, i) => ({
    name: names[i] ?? file.name,
    mtime: file.row.finishedAt ?? file.row.createdAt,
    open: () => openOriginal(deps, file.media),
  }));
  return { disposition: contentDisposition(`gallery-${String(rows.length)}-items`), sources };
}

/**
 * `POST /gallery/zip`: every check the download makes (ownership, a stored file), made now while
 * the page can still show the error, then a signed link the browser fetches with a plain GET and
 * streams to disk. The link is good for five minutes, and only with the same user's session.
 */
export async function galleryZipLink(
  deps: GalleryManageDeps,
  key: Buffer,
  userId: string,
  ids: readonly string[],
  now = Date.now(),
): Promise<{ downloadUrl: string; expiresAt: string }> {
  await galleryZip(deps, userId, ids);
  const { token, expiresAt } = signZipToken(key, { userId, ids }, now);
  return { downloadUrl: `${API_BASE}/gallery/zip/${token}`, expiresAt: expiresAt.toISOString() };
}

/**
 * `GET /gallery/zip/:token`: the zip a link names, for the user it was made for. A forged or
 * foreign link is 404; an expired one of the caller's is 410. The selection is checked again:
 * a generation deleted since the link was made answers 404 as it would have then.
 */
export async function galleryZipFromLink(
  deps: GalleryManageDeps,
  key: Buffer,
  userId: string,
  token: string,
  now = Date.now(),
): Promise<{ disposition: string; sources: ZipSource[] }> {
  const { ids } = readZipLink(key, token, userId, 'Select the items and download them again.', now);
  return galleryZip(deps, userId, ids);
}

/** The media a generation made (its outputs and their thumbnail), by media id. */
function outputMediaIds(row: GenerationRow, publicUrl: string): string[] {
  const urls = [
    ...row.imageUrls,
    ...row.videoUrls,
    ...(row.thumbnailUrl ? [row.thumbnailUrl] : []),
  ];
  return urls.flatMap((url) => mediaIdOf(url, publicUrl) ?? []);
}

/**
 * `DELETE /gallery/generations`: the rows, then the media they made that no other generation of
 * the user still names (a recreated result may point at the same photo). Uploads used as inputs
 * stay: they belong to the upload library, not to one result. The credit ledger is untouched
 * (its entries name the generation by id only). Storage objects go after the commit; a crash in
 * between leaves their sweep marks (ADR 046), never a row pointing at nothing.
 */
export async function deleteGenerations(
  deps: GalleryManageDeps,
  userId: string,
  ids: readonly string[],
): Promise<number> {
  await deleteMediaRows(deps, async (tx) => {
    const rows = await repo.findOwnFinished(tx, userId, ids, true);
    if (rows.length !== ids.length) throw notFound('Generation not found');
    const candidates = [...new Set(rows.flatMap((row) => outputMediaIds(row, deps.publicUrl)))];
    await repo.deleteGenerations(tx, userId, ids);
    const kept = await stillReferenced(tx, userId, candidates);
    return repo.deleteOwnMedia(
      tx,
      userId,
      candidates.filter((id) => !kept.has(id)),
    );
  });
  forgetGalleryCounts(userId);
  return ids.length;
}
