import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  API_BASE,
  LISTING_PACK_MAX,
  listingFileName,
  marketplace,
  skuForFileName,
  type ListingPackAccepted,
  type ListingSlot,
  type MarketplaceId,
  type listingPackRequestSchema,
} from '@studio/contract';
import type { z } from 'zod';
import { AppError, notFound } from '../../http/errors';
import { readZipLink, signZipToken } from '../../http/zip-token';
import type { ListingImageCheck } from '../../platform/providers/types';
import { contentDisposition, zipFileName, type ZipSource } from '../../platform/zip';
import { garmentPhotos, type PairPhoto } from '../batches/batches.service';
import { variantPhotos } from '../colourways/colourways.service';
import { ownFinishedGenerations, withRealExtension } from '../gallery/gallery-manage.service';
import {
  isFinished,
  startGenerations,
  waitForFinish,
  type GenerationDeps,
  type GenerationRow,
} from '../generations/generations.service';
import { requestFingerprint } from '../idempotency/idempotency-key';
import { runOnce } from '../idempotency/idempotency.service';
import { findOwnMediaByIds, mediaIdOf, openOriginal, type MediaRow } from '../media/media.service';
import * as repo from './listing.repository';
import { checkOf, type ListingDeps } from './listing.service';
import { manifestCsv, verdictsOf } from './manifest';

/*
 * Listing packs (issue 33, ADR 057): gallery items or a try-on catalogue as one zip for a
 * marketplace, each file named the marketplace's way, with manifest.csv. Every image is checked
 * against its slot (the kept verdict when there is one); with `fix`, what fails is first prepared
 * through the listing prepare tool, each fix a generation charged once whatever how often the
 * same pack is asked for. The POST makes the pack and a five-minute link; the GET streams it.
 */

export interface PackDeps extends GenerationDeps, ListingDeps {
  /** How long the POST waits for its fixes (LISTING_PACK_WAIT_SECONDS). */
  packWaitMs: number;
}

export type PackRequest = z.output<typeof listingPackRequestSchema>;

/** One listing: a SKU and its photos in order (the first is the main image). */
interface Listing {
  sku: string;
  photos: PairPhoto[];
}

/** One image of the pack in its place: its listing, slot, position and file name there. */
interface PlacedImage extends PairPhoto {
  sku: string;
  slot: ListingSlot;
  position: number;
  file: string;
}

/** A placed image with what the check and the fix made of it. */
interface PackImage extends PlacedImage {
  media: MediaRow;
  check: ListingImageCheck;
  fixedBy: GenerationRow | null;
}

/** How many times a pack may start the fix of one image (each failed one is refunded). */
const FIX_ATTEMPTS = 3;
/** Packs older than this are removed when the user makes the next one. */
const PACK_KEPT_MS = 24 * 60 * 60_000;
const AGAIN = 'Make the pack again.';

const invalid = (message: string) => new AppError(400, 'validation_failed', message);
const sha = (value: unknown) =>
  createHash('sha256').update(JSON.stringify(value)).digest('base64url');

/** The listings of gallery items: each SKU's items in order, every image of each. */
async function itemListings(deps: PackDeps, userId: string, body: PackRequest) {
  const items = body.items ?? [];
  if (body.skus !== undefined) {
    throw invalid('skus names the garments of a catalogue; give each item its own sku instead.');
  }
  const rows = await ownFinishedGenerations(
    deps.db,
    userId,
    items.map((item) => item.generationId),
  );
  const listings = new Map<string, Listing>();
  for (const [i, row] of rows.entries()) {
    if (row.status !== 'succeeded' || row.imageUrls.length === 0) {
      throw new AppError(409, 'conflict', `The generation ${row.id} has no image to list.`);
    }
    const sku = items[i]?.sku ?? '';
    const listing = listings.get(sku) ?? { sku, photos: [] };
    listing.photos.push(...row.imageUrls.map((imageUrl) => ({ generationId: row.id, imageUrl })));
    listings.set(sku, listing);
  }
  return { listings: [...listings.values()], name: null, notSucceeded: 0 };
}

/** The listings of a catalogue: one per garment with photos, named by `skus` or its name. */
async function batchListings(deps: PackDeps, userId: string, body: PackRequest) {
  const batch = await garmentPhotos(deps, userId, body.batchId ?? '');
  const skus = body.skus ?? [];
  if (skus.length > batch.garments.length) {
    throw invalid(
      `This catalogue has ${String(batch.garments.length)} garments: send at most that many SKUs.`,
    );
  }
  const listings = batch.garments
    .map((garment, i) => ({ sku: skus[i] ?? garment.name.trim(), photos: garment.photos }))
    .filter((listing) => listing.photos.length > 0);
  if (listings.length === 0) {
    throw new AppError(409, 'conflict', 'No photo of this catalogue is ready yet.');
  }
  return { listings, name: batch.name, notSucceeded: batch.notSucceeded };
}

/**
 * The listings of a colourway set (ADR 063): one per colour variant with its photo, named by
 * `skus` or the variant's name (a SKU or a colour name, as the seller entered it).
 */
async function colourwayListings(deps: PackDeps, userId: string, body: PackRequest) {
  const set = await variantPhotos(deps, userId, body.colourwaySetId ?? '');
  const skus = body.skus ?? [];
  if (skus.length > set.variants.length) {
    throw invalid(
      `This colourway set has ${String(set.variants.length)} variants: send at most that many SKUs.`,
    );
  }
  const listings = set.variants
    .map((variant, i) => ({ sku: skus[i] ?? variant.name.trim(), photos: variant.photos }))
    .filter((listing) => listing.photos.length > 0);
  if (listings.length === 0) {
    throw new AppError(409, 'conflict', 'No colourway of this set is ready yet.');
  }
  return { listings, name: set.name, notSucceeded: set.notSucceeded };
}

/** Every image's slot, place and file name, refusing what the marketplace could not take. */
function placeImages(id: MarketplaceId, listings: readonly Listing[]): PlacedImage[] {
  const { name, naming } = marketplace(id);
  const most = naming.maxAdditional + 1;
  const total = listings.reduce((sum, listing) => sum + listing.photos.length, 0);
  if (total > LISTING_PACK_MAX) {
    throw invalid(
      `A pack holds at most ${String(LISTING_PACK_MAX)} images; these have ${String(total)}.`,
    );
  }
  const owners = new Map<string, string>();
  return listings.flatMap(({ sku, photos }) => {
    if (skuForFileName(id, sku) === '') {
      throw invalid(`The SKU "${sku}" keeps no character ${name} allows in a file name.`);
    }
    if (photos.length > most) {
      throw invalid(
        `"${sku}" has ${String(photos.length)} images; ${name} takes at most ${String(most)} per listing (a main image and ${String(naming.maxAdditional)} more).`,
      );
    }
    return photos.map((photo, i) => {
      const slot = i === 0 ? ('main' as const) : ('additional' as const);
      const file = listingFileName(id, sku, slot, i + 1);
      // Case-insensitively, as the file systems the seller unpacks on compare names.
      const other = owners.get(file.toLowerCase());
      if (other !== undefined) {
        throw invalid(
          `The SKUs "${other}" and "${sku}" give the same file name on ${name}: ${file}.`,
        );
      }
      owners.set(file.toLowerCase(), sku);
      return { ...photo, sku, slot, position: i + 1, file };
    });
  });
}

/** The stored media of each URL, or 409 for one no longer in our storage. */
async function mediaOf(deps: PackDeps, userId: string, urls: readonly string[]) {
  const ids = urls.map((url) => mediaIdOf(url, deps.publicUrl));
  const found = await findOwnMediaByIds(
    deps.db,
    userId,
    ids.flatMap((id) => id ?? []),
  );
  return urls.map((url, i) => {
    const row = found.get(ids[i] ?? '');
    if (!row) throw new AppError(409, 'conflict', `The image ${url} is no longer stored.`);
    return row;
  });
}

/** Stops the POST when its time is up or the client went away. */
function timeUp(until: number, signal: AbortSignal) {
  return signal.aborted || Date.now() >= until;
}

/** '3 minutes', '1 second'. */
function duration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  const [n, unit] = seconds % 60 === 0 ? [seconds / 60, 'minute'] : [seconds, 'second'];
  return `${String(n)} ${unit}${n === 1 ? '' : 's'}`;
}

const tooSlow = (waitMs: number) =>
  new AppError(
    503,
    'service_unavailable',
    `The pack is taking longer than ${duration(waitMs)}. Its fixes carry on and the checks made so far are kept: make the same pack again in a minute and it goes on from there, without charging again.`,
  );

/**
 * The same fix of the same image for the same user is one generation, whatever pack asks for it
 * and however often: its Idempotency-Key is derived from them. A fix that failed (refunded) is
 * started again under the next attempt's key, at most FIX_ATTEMPTS times.
 */
const fixKey = (userId: string, id: MarketplaceId, image: PlacedImage, attempt: number) =>
  `listing-fix:${sha([userId, id, image.slot, image.imageUrl]).slice(0, 32)}:${String(attempt)}`;

/** A fix that failed (and was refunded); `again` when the pack may start it once more. */
const failedFix = (image: PlacedImage, row: GenerationRow, again: boolean) =>
  new AppError(
    502,
    'generation_failed',
    `The image ${String(image.position)} of "${image.sku}" could not be fixed: ${(row.error ?? 'the fix failed').replace(/\.$/, '')}. Its credit was refunded${again ? '; make the pack again to try once more.' : '.'}`,
  );

/**
 * Starts (or finds) the fix of every image given, all charged together, and waits for them to
 * finish within the pack's time.
 */
async function fixAll(
  deps: PackDeps,
  userId: string,
  id: MarketplaceId,
  images: readonly PlacedImage[],
  until: number,
  signal: AbortSignal,
): Promise<GenerationRow[]> {
  const started = new Map<PlacedImage, { row: GenerationRow; attempt: number }>();
  let pending = [...images];
  for (let attempt = 1; pending.length > 0; attempt++) {
    const rows = await startGenerations(
      deps,
      userId,
      pending.map((image) => ({
        type: 'listing-prepare' as const,
        body: { imageUrl: image.imageUrl, marketplace: id, slot: image.slot },
        idempotencyKey: fixKey(userId, id, image, attempt),
        madeFrom: image.generationId,
      })),
    );
    const failed = pending.filter((_, k) => ['failed', 'canceled'].includes(rows[k]?.status ?? ''));
    pending.forEach((image, k) => {
      const row = rows[k];
      if (row) started.set(image, { row, attempt });
    });
    const [first] = failed;
    const last = first && started.get(first);
    if (attempt === FIX_ATTEMPTS && first && last) throw failedFix(first, last.row, false);
    pending = failed;
  }
  const done: GenerationRow[] = [];
  for (const image of images) {
    const fix = started.get(image);
    if (!fix) throw new Error('a fix was neither started nor found');
    const seconds = Math.max(0, until - Date.now()) / 1000;
    const latest = (await waitForFinish(deps.db, fix.row.id, seconds, signal)) ?? fix.row;
    if (!isFinished(latest)) throw tooSlow(deps.packWaitMs);
    if (latest.status !== 'succeeded' || latest.imageUrls.length === 0) {
      // The next ask starts it again under the next attempt's key, while there is one.
      throw failedFix(image, latest, fix.attempt < FIX_ATTEMPTS);
    }
    done.push(latest);
  }
  return done;
}

/** Checks every image (kept verdicts first) and, with `fix`, replaces what fails by its fix. */
async function checkAndFix(
  deps: PackDeps,
  userId: string,
  body: PackRequest,
  placed: readonly PlacedImage[],
  signal: AbortSignal,
): Promise<PackImage[]> {
  const until = Date.now() + deps.packWaitMs;
  const media = await mediaOf(
    deps,
    userId,
    placed.map((image) => image.imageUrl),
  );
  const images: PackImage[] = [];
  for (const [i, image] of placed.entries()) {
    if (timeUp(until, signal)) throw tooSlow(deps.packWaitMs);
    const row = media[i] as MediaRow;
    const check = await checkOf(deps, userId, row, body.marketplace, image.slot);
    images.push({ ...image, media: row, check, fixedBy: null });
  }
  if (!body.fix) return images;
  const failing = images.filter((image) => !image.check.compliant);
  if (failing.length === 0) return images;
  const fixes = await fixAll(deps, userId, body.marketplace, failing, until, signal);
  const fixedMedia = await mediaOf(
    deps,
    userId,
    fixes.map((row) => row.imageUrls[0] ?? ''),
  );
  for (const [k, image] of failing.entries()) {
    const fix = fixes[k] as GenerationRow;
    const row = fixedMedia[k] as MediaRow;
    image.media = row;
    image.check = await checkOf(deps, userId, row, body.marketplace, image.slot);
    image.fixedBy = fix;
  }
  return images;
}

/** What the answer says beside the files: what fails, what was fixed, what was left out. */
function packNote(id: MarketplaceId, images: readonly PackImage[], notSucceeded: number): string {
  const { name } = marketplace(id);
  const still = images.some((image) => image.fixedBy !== null) ? 'still ' : '';
  const failing = images.filter((image) => !image.check.compliant).length;
  const fixed = images.filter((image) => image.fixedBy !== null).length;
  const count = (n: number, what: string) => `${String(n)} ${what}${n === 1 ? '' : 's'}`;
  return [
    fixed > 0 ? `${count(fixed, 'image')} fixed for ${name} first.` : '',
    failing > 0
      ? `${count(failing, 'image')} of ${String(images.length)} ${still}${failing === 1 ? 'fails' : 'fail'} ${name}'s rules: manifest.csv names the rules.`
      : `Every image passes ${name}'s measured rules.`,
    notSucceeded > 0
      ? `${count(notSucceeded, 'pair')} of the catalogue did not succeed: their photos are not in the pack.`
      : '',
    'Check by eye what manifest.csv lists under not_checked.',
  ]
    .filter(Boolean)
    .join(' ');
}

/** What a pack request asks, whoever's `userId` the body repeats. */
function packRequestOf(body: PackRequest) {
  const { userId: _ignored, ...request } = body;
  return request;
}

/** The same user's same request makes the same pack: its id (and kept row) is derived from them. */
const packIdOf = (userId: string, body: PackRequest) =>
  `lpk_${sha([userId, requestFingerprint('listing-pack', packRequestOf(body))]).slice(0, 24)}`;

/** A five-minute link to a kept pack. */
function packLink(key: Buffer, userId: string, id: string, now = Date.now()) {
  const { token } = signZipToken(key, { userId, ids: [id] }, now);
  return `${API_BASE}/listing/packs/${token}`;
}

/**
 * `POST /listing/packs`: the pack made (checked, fixed when asked) and kept, and a five-minute link
 * that streams it. The same request again makes the same pack, charging no fix twice.
 */
export async function makePack(
  deps: PackDeps,
  key: Buffer,
  userId: string,
  body: PackRequest,
  signal: AbortSignal,
  now = Date.now(),
): Promise<ListingPackAccepted> {
  const source =
    body.batchId !== undefined
      ? await batchListings(deps, userId, body)
      : body.colourwaySetId !== undefined
        ? await colourwayListings(deps, userId, body)
        : await itemListings(deps, userId, body);
  const placed = placeImages(body.marketplace, source.listings);
  const images = await checkAndFix(deps, userId, body, placed, signal);
  const { name: marketplaceName } = marketplace(body.marketplace);
  const files: repo.ListingPackFile[] = images.map((image) => ({
    name: withRealExtension(image.file, image.media.ext),
    mediaId: image.media.id,
    sku: image.sku,
    slot: image.slot,
    width: image.media.width,
    height: image.media.height,
    compliant: image.check.compliant,
    verdicts: verdictsOf(image.check.checks),
    notChecked: image.check.notChecked.map((rule) => rule.rule),
    fixedBy: image.fixedBy?.id ?? null,
  }));
  const name =
    source.name === null
      ? `${marketplaceName} listing pack (${String(files.length)} images)`
      : `${source.name} - ${marketplaceName}`;
  const id = packIdOf(userId, body);
  await repo.deleteOldPacks(deps.db, userId, new Date(now - PACK_KEPT_MS));
  await repo.savePack(deps.db, { id, userId, marketplace: body.marketplace, name, files });
  return {
    success: true,
    url: packLink(key, userId, id, now),
    fileName: zipFileName(name),
    files: files.map((file) => ({
      file: file.name,
      sku: file.sku,
      slot: file.slot,
      compliant: file.compliant,
      fixedBy: file.fixedBy,
    })),
    creditCost: images.reduce((sum, image) => sum + (image.fixedBy?.credits ?? 0), 0),
    note: packNote(body.marketplace, images, source.notSucceeded),
  };
}

/**
 * `GET /listing/packs/:token`: the pack a link names, for the user it was made for (404 forged or
 * foreign, 410 expired): its files as they were made, then manifest.csv. An image deleted since
 * makes the whole link 404, as the gallery's zip does.
 */
export async function packZipFromLink(
  deps: Pick<PackDeps, 'db' | 'storage'>,
  key: Buffer,
  userId: string,
  token: string,
  now = Date.now(),
): Promise<{ disposition: string; sources: ZipSource[] }> {
  const [id] = readZipLink(key, token, userId, AGAIN, now).ids;
  const pack = id === undefined ? undefined : await repo.findPack(deps.db, id);
  if (!pack || pack.userId !== userId) throw notFound(`This download link is not valid. ${AGAIN}`);
  const media = await findOwnMediaByIds(
    deps.db,
    userId,
    pack.files.map((file) => file.mediaId),
  );
  const sources: ZipSource[] = pack.files.map((file) => {
    const row = media.get(file.mediaId);
    if (!row) throw notFound(`An image of this pack has been deleted since. ${AGAIN}`);
    return { name: file.name, mtime: pack.createdAt, open: () => openOriginal(deps, row) };
  });
  const manifest = Buffer.from(manifestCsv(pack.files));
  sources.push({
    name: 'manifest.csv',
    mtime: pack.createdAt,
    open: () => Promise.resolve(Readable.from([manifest])),
  });
  return { disposition: contentDisposition(pack.name), sources };
}

/**
 * `POST /listing/packs` with an optional Idempotency-Key (issue 35, ADR 059): the same key and body
 * within 24 hours answer the first pack again, with a fresh five-minute link to it and nothing
 * checked, fixed or charged again; another body is 422; a duplicate sent while the first still
 * runs waits for it. (Without a key the same request already charges no fix twice.)
 */
export function makePackOnce(
  deps: PackDeps,
  key: Buffer,
  userId: string,
  body: PackRequest,
  idempotencyKey: string | undefined,
  signal: AbortSignal,
): Promise<ListingPackAccepted> {
  return runOnce(
    deps.db,
    {
      userId,
      key: idempotencyKey,
      route: 'listing-packs',
      body: packRequestOf(body),
      // The pack's own wait for its fixes, and a minute of checks and saving around it.
      leaseMs: deps.packWaitMs + 60_000,
      signal,
      what: 'listing pack',
    },
    () => makePack(deps, key, userId, body, signal),
    (first) => ({ ...first, url: packLink(key, userId, packIdOf(userId, body)) }),
  );
}
