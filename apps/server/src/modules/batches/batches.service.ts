import { randomBytes } from 'node:crypto';
import {
  API_BASE,
  MAX_ACTIVE_BATCHES,
  RANDOM_TEMPLATE_ID,
  type BatchAccepted,
  type TryOnBatch,
  type tryOnBatchRequestSchema,
} from '@studio/contract';
import type { z } from 'zod';
import { AppError, notFound } from '../../http/errors';
import type { GenerationProvider } from '../../platform/providers/types';
import * as catalog from '../catalog/catalog.service';
import * as credits from '../credits/credits.service';
import { idempotencyKeyReused, requestFingerprint } from '../idempotency/idempotency-key';
import type { DbOrTx } from '../../db/db-or-tx';
import { resolveInputs } from '../generations/generation-inputs';
import { pickRandomTemplates } from '../generations/generation-tools';
import {
  assertAccess,
  batchGenerations,
  activeBatchIds,
  cancelWork,
  insertQueuedGeneration,
  isFinished,
  listBatchGenerations,
  planOf,
  prepareRequest,
  toDtoAt,
  type GenerationDeps,
  type GenerationRow,
  type PreparedRequest,
} from '../generations/generations.service';
import { findOwnMediaByIds, mediaIdOf, openOriginal } from '../media/media.service';
import { contentDisposition, type ZipSource } from '../../platform/zip';
import { zipEntryNames } from './batch-zip-names';
import * as repo from './batches.repository';
import type { BatchInput, BatchRow, BatchSettings } from './batches.repository';

/*
 * Try-on catalogues (issue 13, ADR 017): every garment on every model, one try-on generation per
 * pair. A catalogue is priced and accepted as a whole (one transaction under the user's credit
 * lock), but each pair holds its own reservation and runs, fails and is refunded exactly like a
 * single generation: the batch adds grouping, names, limits and the zip, never money state.
 */

export type BatchRequest = z.output<typeof tryOnBatchRequestSchema>;

export interface BatchDeps extends GenerationDeps {
  /** Best-effort cancel of pairs a provider is already working on. */
  provider: Pick<GenerationProvider, 'cancel'>;
}

const TRY_ON = 'try-on';
const newBatchId = () => `bat_${randomBytes(12).toString('base64url')}`;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A catalogue's name when the seller gave none: 'Catalogue 24 Nov 14:05' (UTC). */
export function defaultBatchName(at: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `Catalogue ${String(at.getUTCDate())} ${MONTHS[at.getUTCMonth()] ?? ''} ${two(at.getUTCHours())}:${two(at.getUTCMinutes())}`;
}

/** Refuses a catalogue while another runs; names it, so the page can show it (or cancel it). */
async function assertNoActiveBatch(db: DbOrTx, userId: string) {
  const active = await activeBatchIds(db, userId, MAX_ACTIVE_BATCHES);
  if (active.length < MAX_ACTIVE_BATCHES) return;
  throw new AppError(
    429,
    'too_many_batches',
    'A catalogue of yours is still in progress. Wait for it to finish or cancel it, then start the next one.',
    { batchId: active[0] },
  );
}

/**
 * The models as the catalogue will use them: 'random' becomes one live template (once, for every
 * pair, and not one already chosen), and each model gets its display name: the seller's, else the
 * template's, else 'Your model N' for the user's own photos.
 */
async function chooseModels(deps: BatchDeps, models: BatchRequest['models']) {
  const chosen = new Set(
    models.flatMap((m) =>
      m.kind === 'template' && m.templateId !== RANDOM_TEMPLATE_ID ? [m.templateId] : [],
    ),
  );
  const randoms = models.filter(
    (m) => m.kind === 'template' && m.templateId === RANDOM_TEMPLATE_ID,
  ).length;
  const picks = await pickRandomTemplates(deps, randoms, chosen);
  const needsCatalogNames = models.some((m) => m.kind === 'template' && !m.name);
  const templateNames = new Map(
    needsCatalogNames
      ? (await catalog.templates(deps)).map((t) => [t.templateId, t.templateName] as const)
      : [],
  );
  let photos = 0;
  return models.map((model, i): BatchInput => {
    if (model.kind === 'photo') {
      photos += 1;
      return { imageUrl: model.imageUrl, name: model.name || `Your model ${String(photos)}` };
    }
    if (model.templateId === RANDOM_TEMPLATE_ID) {
      const pick = picks.shift();
      if (!pick) throw new AppError(400, 'bad_request', 'No model templates are available.');
      return {
        imageUrl: pick.templateUrl,
        name: model.name || pick.templateName,
        templateId: pick.templateId,
      };
    }
    return {
      // The schema refuses a template without its URL unless it is 'random'.
      imageUrl: model.templateUrl ?? '',
      name: model.name || templateNames.get(model.templateId) || `Model ${String(i + 1)}`,
      templateId: model.templateId,
    };
  });
}

/** One garment × model pair as the single try-on payload (its own generation). */
function pairPayload(body: BatchRequest, garment: BatchInput, model: BatchInput) {
  return {
    garment: { imageUrl: garment.imageUrl, name: garment.name },
    model:
      model.templateId === undefined
        ? { kind: 'photo' as const, imageUrl: model.imageUrl, name: model.name }
        : {
            kind: 'template' as const,
            templateId: model.templateId,
            templateUrl: model.imageUrl,
            name: model.name,
          },
    category: body.category,
    garmentPhotoType: body.garmentPhotoType,
    numImages: body.numImages,
    mode: body.mode,
  };
}

function assertDistinct(inputs: readonly BatchInput[], message: string) {
  const urls = inputs.map((input) => input.imageUrl);
  if (new Set(urls).size !== urls.length) {
    throw new AppError(400, 'validation_failed', message);
  }
}

function sameBatchOrConflict(existing: BatchRow, requestHash: string): BatchAccepted {
  if (existing.requestHash !== requestHash) throw idempotencyKeyReused('catalogue');
  return accepted(existing);
}

const accepted = (batch: BatchRow): BatchAccepted => ({
  success: true,
  batchId: batch.id,
  pairs: batch.pairCount,
  creditCost: batch.credits,
});

/**
 * `POST /try-on/batches`: checks plan and mode, resolves 'random' once and every input once, then
 * in ONE transaction under the user's credit lock applies the Idempotency-Key, the one-active-
 * catalogue limit and the balance for the whole catalogue, and records the batch with one
 * generation, one reservation and one (low-priority) job per pair, garment by garment.
 */
export async function startBatch(
  deps: BatchDeps,
  userId: string,
  body: BatchRequest,
  idempotencyKey: string | null,
): Promise<BatchAccepted> {
  const requestHash = requestFingerprint('try-on-batch', body);
  if (idempotencyKey) {
    const existing = await repo.findByIdempotencyKey(deps.db, userId, idempotencyKey);
    if (existing) return sameBatchOrConflict(existing, requestHash);
  }
  const plan = await planOf(deps.db, userId);
  assertAccess(plan, TRY_ON, body.mode);
  // Early, before any allowlisted input is fetched and stored; checked again under the lock.
  await assertNoActiveBatch(deps.db, userId);

  const named = {
    garments: body.garments.map((g, i): BatchInput => ({
      imageUrl: g.imageUrl,
      name: g.name || `Garment ${String(i + 1)}`,
    })),
    models: await chooseModels(deps, body.models),
  };
  // Each input once, however many pairs use it (an allowlisted URL is fetched and stored once).
  const { payload: inputs } = await resolveInputs(deps, userId, named);
  // Two spellings of one photo (absolute and relative URL) are the same input once resolved.
  assertDistinct(inputs.garments, 'Each garment can be added once.');
  assertDistinct(inputs.models, 'Each model can be chosen once.');

  const pairs: { request: PreparedRequest; inputUrls: string[] }[] = [];
  for (const garment of inputs.garments) {
    for (const model of inputs.models) {
      const request = await prepareRequest(
        deps,
        userId,
        TRY_ON,
        pairPayload(body, garment, model),
        plan,
      );
      // Garment first: the gallery's View hands the first input back as the garment.
      pairs.push({ request, inputUrls: [...new Set([garment.imageUrl, model.imageUrl])] });
    }
  }
  const total = pairs.reduce((sum, pair) => sum + pair.request.cost, 0);
  const settings: BatchSettings = {
    ...inputs,
    category: body.category,
    garmentPhotoType: body.garmentPhotoType,
    numImages: body.numImages,
    mode: body.mode,
  };

  const now = new Date();
  return deps.db.transaction(async (tx) => {
    const balance = await credits.lockCredits(tx, userId);
    if (idempotencyKey) {
      const existing = await repo.findByIdempotencyKey(tx, userId, idempotencyKey);
      if (existing) return sameBatchOrConflict(existing, requestHash);
    }
    await assertNoActiveBatch(tx, userId);
    if (idempotencyKey) await repo.releaseStaleIdempotencyKey(tx, userId, idempotencyKey);
    // The whole catalogue or nothing: a 402 names what all of it costs, as the estimate showed.
    if (balance < total) throw credits.insufficientCredits(total, balance);
    const batch = await repo.insertBatch(tx, {
      id: newBatchId(),
      userId,
      name: body.name || defaultBatchName(now),
      settings,
      pairCount: pairs.length,
      credits: total,
      idempotencyKey,
      requestHash,
      createdAt: now,
    });
    for (const [index, pair] of pairs.entries()) {
      await insertQueuedGeneration(tx, deps, userId, {
        ...pair,
        idempotencyKey: null,
        requestHash: null,
        now,
        batch: { id: batch.id, index },
      });
    }
    return accepted(batch);
  });
}

/** The user's own catalogue; anyone else's is the same 404 as a missing one. */
async function findOwnBatch(db: DbOrTx, userId: string, id: string): Promise<BatchRow> {
  const batch = await repo.findBatch(db, id);
  if (!batch || batch.userId !== userId) throw notFound('Batch not found');
  return batch;
}

/** The pair's garment and model: pairs are numbered garment by garment, model by model. */
const placeOf = (batch: BatchRow, row: GenerationRow) => {
  const models = Math.max(1, batch.settings.models.length);
  const index = row.batchIndex ?? 0;
  return { garmentIndex: Math.floor(index / models), modelIndex: index % models };
};

const ACTIVE = new Set(['queued', 'running']);
const REFUNDED = new Set(['failed', 'canceled']);

function toBatchDto(
  batch: BatchRow,
  // expectedMs: each unfinished pair's estimate (ADR 049); absent, the tools' defaults.
  items: { row: GenerationRow; queuePosition: number | null; expectedMs?: number | null }[],
): TryOnBatch {
  const count = (status: string) => items.filter(({ row }) => row.status === status).length;
  const sum = (statuses: Set<string>) =>
    items.reduce((total, { row }) => total + (statuses.has(row.status) ? row.credits : 0), 0);
  const counts = {
    total: items.length,
    succeeded: count('succeeded'),
    failed: count('failed'),
    canceled: count('canceled'),
    active: items.filter(({ row }) => ACTIVE.has(row.status)).length,
  };
  const { settings } = batch;
  return {
    id: batch.id,
    name: batch.name,
    createdAt: batch.createdAt.toISOString(),
    status: counts.active > 0 ? 'running' : 'finished',
    garments: settings.garments.map(({ imageUrl, name }) => ({ imageUrl, name })),
    models: settings.models.map(({ imageUrl, name }) => ({ imageUrl, name })),
    category: settings.category,
    garmentPhotoType: settings.garmentPhotoType,
    numImages: settings.numImages,
    mode: settings.mode,
    counts,
    creditCost: sum(new Set(['succeeded', ...ACTIVE])),
    refunded: sum(REFUNDED),
    items: items.map(({ row, queuePosition, expectedMs }) => ({
      ...placeOf(batch, row),
      generation: toDtoAt(row, queuePosition, expectedMs),
    })),
    zipUrl: counts.succeeded > 0 ? `${API_BASE}/try-on/batches/${batch.id}/zip` : null,
  };
}

/** `GET /try-on/batches/:id`: the whole progress view in three queries, whatever its size. */
export async function getBatch(deps: { db: DbOrTx }, userId: string, id: string) {
  const batch = await findOwnBatch(deps.db, userId, id);
  return toBatchDto(batch, await batchGenerations(deps.db, batch.id));
}

/** `GET /try-on/batches/latest`: the user's most recent catalogue, or null when there is none. */
export async function getLatestBatch(deps: { db: DbOrTx }, userId: string) {
  const batch = await repo.findLatestBatch(deps.db, userId);
  return batch ? toBatchDto(batch, await batchGenerations(deps.db, batch.id)) : null;
}

/**
 * `POST /try-on/batches/:id/cancel`: every pair not yet finished is canceled and refunded, once
 * each, as a single generation's cancel is (ADR 043: a pair a provider already has ends as the
 * provider reports; a pair the worker finishes first stays finished).
 */
export async function cancelBatch(deps: BatchDeps, userId: string, id: string) {
  const batch = await findOwnBatch(deps.db, userId, id);
  for (const row of await listBatchGenerations(deps.db, batch.id)) {
    if (isFinished(row)) continue;
    await cancelWork(deps, row);
  }
  return getBatch(deps, userId, id);
}

/** A photo a catalogue pair made, and the pair's generation. */
export interface PairPhoto {
  generationId: string;
  imageUrl: string;
}

/**
 * A catalogue's garments, each with every photo its succeeded pairs made, in model order (a
 * listing pack's listings, ADR 057), and how many pairs have not succeeded (yet).
 */
export async function garmentPhotos(deps: { db: DbOrTx }, userId: string, id: string) {
  const batch = await findOwnBatch(deps.db, userId, id);
  const garments = batch.settings.garments.map((g) => ({
    name: g.name,
    photos: [] as PairPhoto[],
  }));
  let notSucceeded = 0;
  // In catalogue order: garment by garment, model by model.
  for (const row of await listBatchGenerations(deps.db, batch.id)) {
    if (row.status !== 'succeeded') {
      notSucceeded += 1;
      continue;
    }
    garments[placeOf(batch, row).garmentIndex]?.photos.push(
      ...row.imageUrls.map((imageUrl) => ({ generationId: row.id, imageUrl })),
    );
  }
  return { name: batch.name, garments, notSucceeded };
}

/**
 * What `GET /try-on/batches/:id/zip` streams: every image of every pair that succeeded, named by
 * garment and model, each opened from storage only when the zip reaches it. 409 before any pair
 * has succeeded.
 */
export async function batchZip(
  deps: Pick<BatchDeps, 'db' | 'storage' | 'publicUrl'>,
  userId: string,
  id: string,
): Promise<{ disposition: string; sources: ZipSource[] }> {
  const batch = await findOwnBatch(deps.db, userId, id);
  const done = (await listBatchGenerations(deps.db, batch.id)).filter(
    (row) => row.status === 'succeeded' && row.imageUrls.length > 0,
  );
  if (done.length === 0) {
    throw new AppError(
      409,
      'conflict',
      'No photo of this catalogue is ready yet. The zip can be downloaded once a pair has finished.',
    );
  }
  const idsOf = (row: GenerationRow) =>
    row.imageUrls.flatMap((url) => mediaIdOf(url, deps.publicUrl) ?? []);
  const media = await findOwnMediaByIds(deps.db, userId, done.flatMap(idsOf));
  const pairs = done.map((row) => ({
    row,
    ...placeOf(batch, row),
    files: idsOf(row).flatMap((mediaId) => media.get(mediaId) ?? []),
  }));
  const names = zipEntryNames(
    batch.settings.garments.map((g) => g.name),
    batch.settings.models.map((m) => m.name),
    pairs.map((pair) => ({ ...pair, extensions: pair.files.map((file) => file.ext) })),
  );
  const sources = pairs.flatMap((pair, p) =>
    pair.files.map((file, i) => ({
      name: names[p]?.[i] ?? file.id,
      mtime: pair.row.finishedAt ?? pair.row.createdAt,
      open: () => openOriginal(deps, file),
    })),
  );
  return { disposition: contentDisposition(batch.name), sources };
}
