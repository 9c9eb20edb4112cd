import type { FastifyBaseLogger } from 'fastify';
import {
  compareRegions,
  garmentRegion,
  type FidelityScore,
  type Segmenter,
} from '../../platform/engine/garment-fidelity';
import { AppError } from '../../http/errors';
import * as credits from '../credits/credits.service';
import {
  assertActiveLimit,
  describeRequest,
  findOwnGeneration,
  insertQueuedGeneration,
  isGenerationType,
  type GenerationDeps,
  type GenerationRow,
} from '../generations/generations.service';
import { fidelityOf } from './fidelity-answer';
import * as repo from './fidelity.repository';

/**
 * Most outputs of one result the check scores: each is a run of the segmentation model (about 3–4 s
 * on two cores), inside the job, before the result is shown.
 */
export const FIDELITY_MAX_OUTPUTS = 4;

/** What the runner stores with a result: the worst output's colour and pattern, and the verdict. */
export interface FidelityColumns {
  fidelityColourDifference: number;
  fidelityPatternSimilarity: number;
  fidelityPassed: boolean;
}

/**
 * Scores a result's outputs against the garment that was sent (ADR 037): the largest colour
 * difference, the lowest pattern similarity, and a pass only if every scored output passed.
 */
export async function checkGarmentFidelity(
  segmenter: Segmenter,
  garment: Buffer,
  outputs: readonly Buffer[],
  signal: AbortSignal,
): Promise<FidelityColumns | null> {
  const reference = await garmentRegion(garment, segmenter);
  const scores: FidelityScore[] = [];
  for (const output of outputs.slice(0, FIDELITY_MAX_OUTPUTS)) {
    signal.throwIfAborted();
    scores.push(compareRegions(reference, await garmentRegion(output, segmenter)));
  }
  if (scores.length === 0) return null;
  return {
    fidelityColourDifference: Math.max(...scores.map((s) => s.colourDifference)),
    fidelityPatternSimilarity: Math.min(...scores.map((s) => s.patternSimilarity)),
    fidelityPassed: scores.every((s) => s.passed),
  };
}

/**
 * The check as the generation job runs it, on the stored outputs before the result is settled, so
 * the score arrives with the result (ADR 037). A check that cannot run (no garment found, an
 * unreadable image) leaves the result without a score: a paid result never fails because of it.
 */
export async function fidelityOfOutputs(
  deps: { segmenter?: Segmenter | undefined; log: FastifyBaseLogger },
  garmentUrl: string | undefined,
  outputUrls: readonly string[],
  load: (url: string) => Promise<Buffer>,
  signal: AbortSignal,
): Promise<Partial<FidelityColumns>> {
  if (!deps.segmenter || !garmentUrl || outputUrls.length === 0) return {};
  try {
    const garment = await load(garmentUrl);
    const outputs = await Promise.all(outputUrls.slice(0, FIDELITY_MAX_OUTPUTS).map(load));
    return (await checkGarmentFidelity(deps.segmenter, garment, outputs, signal)) ?? {};
  } catch (error) {
    signal.throwIfAborted(); // a deadline or shutdown is the runner's to handle
    deps.log.warn({ err: error }, 'garment-fidelity check failed; the result is kept unscored');
    return {};
  }
}

const alreadyUsed = () =>
  new AppError(
    409,
    'free_regeneration_used',
    'The free regeneration of this result was already used. You can still generate it again with credits.',
  );

/**
 * `POST /generations/:id/free-regeneration`: the one free rerun of a result that failed the
 * garment-fidelity check, with the same settings and inputs, charged nothing. The rerun is
 * recorded on the result in the same transaction that queues it, so a second ask (or two at once)
 * is refused and nothing is queued twice.
 */
export async function askFreeRegeneration(
  deps: GenerationDeps,
  userId: string,
  id: string,
): Promise<GenerationRow> {
  const source = await findOwnGeneration(deps.db, userId, id);
  const fidelity = fidelityOf(source);
  if (fidelity?.freeRegenerationId) throw alreadyUsed();
  if (!fidelity?.freeRegenerationOffered || !isGenerationType(source.type)) {
    throw new AppError(
      409,
      'free_regeneration_not_offered',
      'A free regeneration is offered only once, for a result that fails the colour check.',
    );
  }
  // The stored settings already hold the resolved inputs and the server's choices (a random
  // template became a real one), so the rerun is the same request, priced at nothing.
  const request = {
    ...describeRequest(source.type, source.settings, deps.capabilities),
    settings: { ...source.settings, madeFrom: source.id },
    cost: 0,
  };
  return deps.db.transaction(async (tx) => {
    await credits.lockCredits(tx, userId);
    await assertActiveLimit(tx, userId);
    const rerun = await insertQueuedGeneration(tx, deps, userId, {
      request,
      inputUrls: source.inputImageUrls,
      idempotencyKey: null,
      requestHash: null,
      now: new Date(),
    });
    // Throwing rolls back the rerun and its job with it.
    if (!(await repo.claimFreeRegeneration(tx, source.id, rerun.id))) throw alreadyUsed();
    await repo.markFreeRegenerationOf(tx, rerun.id, source.id);
    return { ...rerun, freeRegenerationOf: source.id };
  });
}
