import { randomBytes } from 'node:crypto';
import type {
  ColourwayGeneration,
  ColourwaySet,
  colourwaysRequestSchema,
  GenerationStatus,
} from '@studio/contract';
import { GENERATION_STATUSES, COLOURWAY_VARIANTS_MAX } from '@studio/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { DbOrTx } from '../../db/db-or-tx';
import { AppError, notFound } from '../../http/errors';
import { contentDisposition, type ZipSource } from '../../platform/zip';
import { variantEntryNames } from '../batches/batch-zip-names';
import * as credits from '../credits/credits.service';
import { resolveInputs } from '../generations/generation-inputs';
import {
  insertQueuedGeneration,
  planOf,
  prepareRequest,
  type GenerationDeps,
  type GenerationRow,
  type PreparedRequest,
} from '../generations/generations.service';
import { idempotencyKeyReused, requestFingerprint } from '../idempotency/idempotency-key';
import { findOwnMediaByIds, mediaIdOf, openOriginal } from '../media/media.service';
import * as repo from './colourways.repository';
import type { ColourwaySetRow, StoredColourwayMeasure } from './colourways.repository';

/*
 * Colourways (issue 36, ADR 063): one garment photo, one generation per colour variant. A set is
 * priced and accepted as a whole (one transaction under the user's credit lock, as a catalogue
 * is, ADR 017), but each variant holds its own 1-credit reservation and runs, fails and is
 * refunded exactly like a single generation: a variant whose colour the engine could not reach
 * fails with the measure's reason and is refunded alone. The set adds grouping, names and the
 * zip, never money state.
 */

export type ColourwaysRequest = z.output<typeof colourwaysRequestSchema>;

const TYPE = 'colourways';
const newSetId = () => `cws_${randomBytes(12).toString('base64url')}`;

/**
 * Most colourway variants one user may have queued or running: two full sets, so a seller can
 * start the next set while one finishes, and no one fills the shared queue with them.
 */
export const COLOURWAY_ACTIVE_MAX = 2 * COLOURWAY_VARIANTS_MAX;

function sameSetOrConflict(existing: ColourwaySetRow, requestHash: string) {
  if (existing.requestHash !== requestHash) throw idempotencyKeyReused('colourway set');
  return existing;
}

/**
 * `POST /colourways/generate`: checks plan and the photo (resolved once, however many variants
 * use it), then in ONE transaction under the user's credit lock applies the Idempotency-Key, the
 * bound on queued variants and the balance for the whole set (402 naming all of it), and records
 * the set with one generation, one reservation and one job per variant. Answers the set's row.
 */
export async function startColourways(
  deps: GenerationDeps,
  userId: string,
  body: ColourwaysRequest,
  idempotencyKey: string | null,
): Promise<ColourwaySetRow> {
  const requestHash = requestFingerprint(TYPE, body);
  if (idempotencyKey) {
    const existing = await repo.findByIdempotencyKey(deps.db, userId, idempotencyKey);
    if (existing) return sameSetOrConflict(existing, requestHash);
  }
  const plan = await planOf(deps.db, userId);
  const { payload, inputUrls } = await resolveInputs(deps, userId, { imageUrl: body.imageUrl });
  const id = newSetId();
  const variants: PreparedRequest[] = [];
  for (const [index, variant] of body.variants.entries()) {
    variants.push(
      await prepareRequest(
        deps,
        userId,
        TYPE,
        {
          imageUrl: payload.imageUrl,
          category: body.category,
          variant,
          set: { id, index, size: body.variants.length },
        },
        plan,
      ),
    );
  }
  const total = variants.reduce((sum, request) => sum + request.cost, 0);

  const now = new Date();
  return deps.db.transaction(async (tx) => {
    const balance = await credits.lockCredits(tx, userId);
    if (idempotencyKey) {
      const existing = await repo.findByIdempotencyKey(tx, userId, idempotencyKey);
      if (existing) return sameSetOrConflict(existing, requestHash);
    }
    const active = await repo.countActiveVariants(tx, userId);
    if (active + variants.length > COLOURWAY_ACTIVE_MAX) {
      throw new AppError(
        429,
        'too_many_generations',
        `You already have ${String(active)} colourways in progress. Wait for them to finish.`,
      );
    }
    if (idempotencyKey) await repo.releaseStaleIdempotencyKey(tx, userId, idempotencyKey);
    if (balance < total) throw credits.insufficientCredits(total, balance);
    const set = await repo.insertSet(tx, {
      id,
      userId,
      name: body.name || null,
      sourceImageUrl: payload.imageUrl,
      category: body.category,
      variants: body.variants.map(({ name, colour }) => ({ name, colour })),
      idempotencyKey,
      requestHash,
      createdAt: now,
    });
    for (const [index, request] of variants.entries()) {
      const row = await insertQueuedGeneration(tx, deps, userId, {
        request,
        inputUrls,
        idempotencyKey: null,
        requestHash: null,
        now,
      });
      await repo.insertVariant(tx, { generationId: row.id, setId: id, index });
    }
    return set;
  });
}

/** The user's own set; anyone else's is the same 404 as a missing one. */
async function findOwnSet(db: DbOrTx, userId: string, id: string): Promise<ColourwaySetRow> {
  const set = await repo.findSet(db, id);
  if (!set || set.userId !== userId) throw notFound('Colourway set not found');
  return set;
}

const statusOf = (row: GenerationRow): GenerationStatus =>
  GENERATION_STATUSES.find((s) => s === row.status) ?? 'failed';

function measureOf(measure: StoredColourwayMeasure | null): ColourwayGeneration['measure'] {
  if (!measure) return null;
  return {
    deltaE: Math.round(measure.deltaE * 100) / 100,
    measured: measure.measured,
    passed: measure.passed,
    reason: measure.reason,
  };
}

function toSetDto(
  set: ColourwaySetRow,
  variants: Awaited<ReturnType<typeof repo.setVariants>>,
): ColourwaySet {
  return {
    success: true,
    setId: set.id,
    name: set.name,
    sourceImageUrl: set.sourceImageUrl,
    generations: variants.map(({ index, measure, generation }) => {
      const status = statusOf(generation);
      const variant = set.variants[index] ?? { name: `Variant ${String(index + 1)}`, colour: '' };
      const succeeded = status === 'succeeded';
      return {
        generationId: generation.id,
        variant: { name: variant.name, colour: variant.colour },
        status,
        outputUrl: succeeded ? (generation.imageUrls[0] ?? null) : null,
        thumbnailUrl: succeeded ? generation.thumbnailUrl : null,
        measure: measureOf(measure),
        error: generation.error,
      };
    }),
  };
}

/** `GET /colourways/:setId`: the set and each variant's generation, in the order asked. */
export async function getColourways(deps: { db: DbOrTx }, userId: string, id: string) {
  const set = await findOwnSet(deps.db, userId, id);
  return toSetDto(set, await repo.setVariants(deps.db, set.id));
}

/** Whether every variant of the set has finished (succeeded, failed or canceled). */
export const allFinished = (set: ColourwaySet) =>
  set.generations.every((g) => g.status !== 'queued' && g.status !== 'running');

/**
 * Holds until every variant of the set has finished or `seconds` pass (bounded polling of one
 * indexed join), then answers the set as it stands.
 */
export async function waitForSet(
  db: Db,
  userId: string,
  id: string,
  seconds: number,
  signal: AbortSignal,
): Promise<ColourwaySet> {
  const until = Date.now() + seconds * 1000;
  for (;;) {
    const set = await getColourways({ db }, userId, id);
    if (allFinished(set) || Date.now() >= until || signal.aborted) return set;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * A set's variants, each with the photo it made once it succeeded (a listing pack's listings,
 * ADR 057: one per colour variant), and how many have not succeeded (yet).
 */
export async function variantPhotos(deps: { db: DbOrTx }, userId: string, id: string) {
  const set = await findOwnSet(deps.db, userId, id);
  const rows = await repo.setVariants(deps.db, set.id);
  const variants = set.variants.map((v) => ({
    name: v.name,
    photos: [] as { generationId: string; imageUrl: string }[],
  }));
  let notSucceeded = 0;
  for (const { index, generation } of rows) {
    if (generation.status !== 'succeeded') {
      notSucceeded += 1;
      continue;
    }
    variants[index]?.photos.push(
      ...generation.imageUrls.map((imageUrl) => ({ generationId: generation.id, imageUrl })),
    );
  }
  return { name: set.name, variants, notSucceeded };
}

/** What the engine measured of a variant's output, kept with it (the local provider calls this). */
export function rememberMeasure(db: Db, generationId: string, measure: StoredColourwayMeasure) {
  return repo.setMeasure(db, generationId, measure);
}

/**
 * What `GET /colourways/:setId/zip` streams: every succeeded variant's output, named by the
 * variant (`tee-red-01.jpg`), each opened from storage only when the zip reaches it. 409 before
 * any variant has succeeded.
 */
export async function colourwaysZip(
  deps: Pick<GenerationDeps, 'db' | 'storage' | 'publicUrl'>,
  userId: string,
  id: string,
): Promise<{ disposition: string; sources: ZipSource[] }> {
  const set = await findOwnSet(deps.db, userId, id);
  const done = (await repo.setVariants(deps.db, set.id)).filter(
    ({ generation }) => generation.status === 'succeeded' && generation.imageUrls.length > 0,
  );
  if (done.length === 0) {
    throw new AppError(
      409,
      'conflict',
      'No colourway of this set is ready yet. The zip can be downloaded once one has finished.',
    );
  }
  const firstId = ({ generation }: (typeof done)[number]) =>
    mediaIdOf(generation.imageUrls[0] ?? '', deps.publicUrl);
  const media = await findOwnMediaByIds(
    deps.db,
    userId,
    done.flatMap((v) => firstId(v) ?? []),
  );
  const files = done.flatMap((variant) => {
    const file = media.get(firstId(variant) ?? '');
    return file ? [{ variant, file }] : [];
  });
  const names = variantEntryNames(
    files.map(({ variant, file }) => ({
      name: set.variants[variant.index]?.name ?? '',
      extension: file.ext,
    })),
  );
  const sources = files.map(({ variant, file }, i) => ({
    name: names[i] ?? file.id,
    mtime: variant.generation.finishedAt ?? variant.generation.createdAt,
    open: () => openOriginal(deps, file),
  }));
  return { disposition: contentDisposition(set.name ?? 'Colourways'), sources };
}
