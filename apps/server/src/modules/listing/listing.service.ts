import { createHash } from 'node:crypto';
import {
  marketplace,
  slotRules,
  type ListingCheck,
  type ListingSlot,
  type MarketplaceId,
  type SlotRules,
  type listingCheckRequestSchema,
} from '@studio/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { DbOrTx } from '../../db/db-or-tx';
import { AppError } from '../../http/errors';
import { checkListingImage, withStoredSize } from '../../platform/engine';
import type { Segmenter } from '../../platform/engine/garment-mask';
import type { ListingImageCheck, ListingOutputCheck } from '../../platform/providers/types';
import type { Storage } from '../../platform/storage/storage';
import { storedImage } from '../generations/generation-inputs';
import { ownGenerationImage } from '../generations/generations.service';
import { mediaUrls, readOriginal, type MediaRow } from '../media/media.service';
import * as repo from './listing.repository';

/*
 * The listing check (issue 33, ADR 057): one image against one marketplace's slot, every rule
 * measured by the engine, and the verdict kept per image and rules version, so the gallery's
 * badges and a pack's manifest read it again without measuring.
 */

export interface ListingDeps {
  db: Db;
  storage: Storage;
  publicUrl: string;
  /** Finds the product in a photo; default: the engine's segmentation model. */
  segmenter?: Segmenter | undefined;
}

/** Raised when the checker measures differently, so every kept verdict is measured again. */
const CHECKER_VERSION = 1;

const versions = new Map<string, string>();

/**
 * The version of a slot's rules a kept verdict was measured against: a hash of the rules as data
 * and of the checker's version, so changing a rule (or how it is measured) misses the cache.
 */
export function rulesVersion(id: MarketplaceId, slot: ListingSlot): string {
  const key = `${id}:${slot}`;
  let version = versions.get(key);
  if (version === undefined) {
    version = createHash('sha256')
      .update(JSON.stringify([CHECKER_VERSION, slotRules(id, slot) ?? null]))
      .digest('base64url')
      .slice(0, 16);
    versions.set(key, version);
  }
  return version;
}

/** A slot's rules, or 400 where the marketplace has no such slot (a swatch on Myntra). */
export function rulesOf(id: MarketplaceId, slot: ListingSlot): SlotRules {
  const rules = slotRules(id, slot);
  if (!rules) {
    throw new AppError(400, 'validation_failed', `${marketplace(id).name} has no ${slot} image.`);
  }
  return rules;
}

const verdictOf = (row: repo.ListingCheckRow): ListingImageCheck => ({
  compliant: row.compliant,
  checks: row.checks,
  notChecked: row.notChecked,
});

/**
 * One stored image's check against a slot: the kept verdict when this image was measured against
 * these rules before, else measured now (the segmentation model runs) and kept.
 */
export async function checkOf(
  deps: ListingDeps,
  userId: string,
  media: MediaRow,
  id: MarketplaceId,
  slot: ListingSlot,
): Promise<ListingImageCheck> {
  const rules = rulesOf(id, slot);
  const key = {
    userId,
    imageUrl: mediaUrls(media.id).url,
    marketplace: id,
    slot,
    rulesVersion: rulesVersion(id, slot),
  };
  const kept = await repo.findCheck(deps.db, key);
  if (kept) return verdictOf(kept);
  const image = await readOriginal(deps, media);
  const options = deps.segmenter ? { segmenter: deps.segmenter } : {};
  const { compliant, checks, notChecked } = await checkListingImage(image, rules, options);
  await repo.saveCheck(deps.db, { ...key, compliant, checks, notChecked });
  return { compliant, checks, notChecked };
}

export type ListingCheckRequest = z.output<typeof listingCheckRequestSchema>;

/**
 * `POST /listing/check`: an image named by its URL (our stored media: the user's own or the
 * catalog's) or by one of the user's generations (its first image); another user's is 404.
 */
export async function checkListing(
  deps: ListingDeps,
  userId: string,
  body: ListingCheckRequest,
): Promise<ListingCheck> {
  rulesOf(body.marketplace, body.slot);
  const url =
    body.generationId === undefined
      ? (body.imageUrl ?? '')
      : (await ownGenerationImage(deps.db, userId, body.generationId)).imageUrl;
  const media = await storedImage(deps, userId, url);
  return {
    marketplace: body.marketplace,
    slot: body.slot,
    imageUrl: mediaUrls(media.id).url,
    ...(await checkOf(deps, userId, media, body.marketplace, body.slot)),
  };
}

/**
 * Keeps the check a listing prepare made of its own output (on the bytes stored), so the gallery's
 * badge and a pack read it without measuring the image again.
 */
export async function rememberCheck(
  db: DbOrTx,
  userId: string,
  imageUrl: string,
  checked: ListingOutputCheck,
  /** The stored file's size: its content credentials came after the check (ADR 058). */
  storedBytes: number,
): Promise<void> {
  const rules = slotRules(checked.marketplace, checked.slot);
  const made = rules
    ? { ...checked, result: withStoredSize(checked.result, rules, storedBytes) }
    : checked;
  await repo.saveCheck(db, {
    userId,
    imageUrl,
    marketplace: made.marketplace,
    slot: made.slot,
    rulesVersion: rulesVersion(made.marketplace, made.slot),
    compliant: made.result.compliant,
    checks: made.result.checks,
    notChecked: made.result.notChecked,
  });
}
