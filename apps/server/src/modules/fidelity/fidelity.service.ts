import type { FastifyBaseLogger } from 'fastify';
import {
  referenceRegion,
  scoreOutput,
  type CheckSpec,
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
import type { FidelityReference } from '../generations/generation-tools';

/**
 * Most outputs of one result the check scores: each takes a fraction of a second on a plain
 * backdrop and a run of the segmentation model (about 3–4 s on two cores) on a busy one, inside
 * the job, before the result is shown.
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
  spec: CheckSpec,
): Promise<FidelityColumns | null> {
  // The input's region is found once, unless each output guides it (an extraction); its
  // foreground, where the model finds it, is found once either way.
  const segment = segmentingOnce(segmenter);
  const extracted = spec.reference === 'yes' && spec.result === 'no';
  const known = extracted ? undefined : await referenceRegion(garment, segment, spec);
  const scores: FidelityScore[] = [];
  for (const output of outputs.slice(0, FIDELITY_MAX_OUTPUTS)) {
    signal.throwIfAborted();
    scores.push(await scoreOutput(garment, output, segment, spec, known));
  }
  if (scores.length === 0) return null;
  return {
    fidelityColourDifference: Math.max(...scores.map((s) => s.colourDifference)),
    fidelityPatternSimilarity: Math.min(...scores.map((s) => s.patternSimilarity)),
    fidelityPassed: scores.every((s) => s.passed),
  };
}

/** `segmenter` answering each image (by identity) once: an extraction's source for every output. */
function segmentingOnce(segmenter: Segmenter): Segmenter {
  const found = new Map<Buffer, ReturnType<Segmenter>>();
  return (image) => {
    const known = found.get(image) ?? segmenter(image);
    found.set(image, known);
    return known;
  };
}

/** Longest the check may take inside a job: five model runs take ~20 s on two idle cores. */
export const FIDELITY_BUDGET_MS = 60_000;
/** Less than this left before the deadline, after the settling margin: the check is skipped. */
const FIDELITY_MIN_BUDGET_MS = 10_000;
/** Time kept after the check for the result to settle before the job's deadline (and the sweeper). */
const SETTLE_MARGIN_MS = 15_000;

/**
 * The check's own signal (ADR 037): aborted by shutdown or at its time budget, which ends
 * SETTLE_MARGIN_MS before the job's deadline, never by the job's deadline itself, since the work
 * is already paid for and stored. Null when the deadline is too close to run it at all.
 */
export function fidelityCheckSignal(
  shutdown: AbortSignal,
  deadlineAtMs: number,
  now = Date.now(),
): AbortSignal | null {
  const budget = Math.min(FIDELITY_BUDGET_MS, deadlineAtMs - now - SETTLE_MARGIN_MS);
  if (budget < FIDELITY_MIN_BUDGET_MS) return null;
  return AbortSignal.any([shutdown, AbortSignal.timeout(budget)]);
}

/** `work`'s answer, or the signal's reason as soon as it aborts (the work is left to finish unread). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    };
    if (signal.aborted) onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => {
      signal.removeEventListener('abort', onAbort);
    });
  });
}

/**
 * The check as the generation job runs it, on the stored outputs before the result is settled, so
 * the score arrives with the result (ADR 037). A check that cannot run (no garment found, an
 * unreadable image), runs out of its time, is stopped by shutdown, or is skipped (`signal` null:
 * the deadline is close) leaves the result without a score: a paid result never fails because of it.
 */
export async function fidelityOfOutputs(
  deps: { segmenter?: Segmenter | undefined; log: Pick<FastifyBaseLogger, 'info' | 'warn'> },
  garment: FidelityReference | null | undefined,
  /** The stored outputs' own bytes, as the runner just processed them (no second read). */
  outputs: readonly Buffer[],
  load: (url: string) => Promise<Buffer>,
  signal: AbortSignal | null,
): Promise<Partial<FidelityColumns>> {
  const { segmenter } = deps;
  if (!segmenter || !garment || outputs.length === 0) return {};
  if (!signal) {
    deps.log.info('garment-fidelity check skipped: the deadline is close; the result is unscored');
    return {};
  }
  const work = (async () => {
    const bytes = await load(garment.url);
    const checked = outputs.slice(0, FIDELITY_MAX_OUTPUTS);
    return (await checkGarmentFidelity(segmenter, bytes, checked, signal, garment.spec)) ?? {};
  })();
  try {
    return await untilAborted(work, signal);
  } catch (error) {
    deps.log.warn(
      { err: error, stopped: signal.aborted },
      'garment-fidelity check did not finish; the result is kept unscored',
    );
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
