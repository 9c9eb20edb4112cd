import { createHash, randomBytes } from 'node:crypto';
import {
  creditCost,
  FINISHED_STATUSES,
  GENERATION_STATUSES,
  isGenerationType,
  MAX_ACTIVE_GENERATIONS,
  MODE_LABELS,
  MODES,
  planMayUseMode,
  planAccess,
  planMayUseTool,
  requiredPlansFor,
  requiredPlansForTool,
  TOOL_DEFINITIONS,
  UPSCALE_FACTORS,
  type AccessPlan,
  type Capability,
  type AccessResponse,
  type Generation,
  type GenerationResult,
  type GenerationStatus,
  type GenerationType,
  type PriceInput,
} from '@studio/contract';
import { planFamilyOf } from '@studio/contract/plans';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../http/errors';
import type { JobQueue } from '../../platform/queue/job-queue';
import { subscriptionStatus } from '../billing/billing.service';
import * as credits from '../credits/credits.service';
import type { DbOrTx } from '../credits/credits.service';
import { resolveInputs, type InputDeps } from './generation-inputs';
import { TOOLS } from './generation-tools';
import * as repo from './generations.repository';

export type { GenerationRow, NewGeneration } from './generations.repository';

export interface GenerationDeps extends InputDeps {
  queue: JobQueue;
  /** Name of the configured provider, recorded on each generation. */
  providerName: string;
  /** What the provider really does; other tools make free labelled previews (ADR 013). */
  capabilities: readonly Capability[];
}

const isGenerationStatus = (s: string): s is GenerationStatus =>
  GENERATION_STATUSES.some((x) => x === s);
export { isGenerationType };

export async function planOf(db: Db, userId: string): Promise<AccessPlan> {
  return planFamilyOf((await subscriptionStatus({ db }, userId)).type);
}

const planRequired = (what: string, plans: readonly AccessPlan[]) =>
  new AppError(
    403,
    'plan_required',
    `${what} needs the ${plans.map((p) => p.charAt(0).toUpperCase() + p.slice(1)).join(' or ')} plan.`,
    { requiresPlan: plans },
  );

/** Refuses a tool or mode the user's plan does not include (document 2 §6). */
export function assertAccess(plan: AccessPlan, type: GenerationType, mode: (typeof MODES)[number]) {
  if (!planMayUseTool(plan, type)) {
    throw planRequired(TOOL_DEFINITIONS[type].label, requiredPlansForTool(type));
  }
  if (!planMayUseMode(plan, mode)) {
    throw planRequired(`The ${MODE_LABELS[mode]} mode`, requiredPlansFor(mode));
  }
}

export function accessFor(plan: AccessPlan): Omit<AccessResponse, 'success'> {
  return planAccess(plan);
}

/** Credits a tool costs with this provider: nothing when it can only make a labelled preview. */
export function priceOf(
  type: GenerationType,
  input: PriceInput,
  capabilities: readonly Capability[],
) {
  return capabilities.includes(TOOL_DEFINITIONS[type].capability) ? creditCost(type, input) : 0;
}

/** Parses a generate payload for a tool: what it costs and how it will be recorded. */
export function describeRequest(
  type: GenerationType,
  body: unknown,
  capabilities: readonly Capability[],
) {
  return describeSettings(type, TOOLS[type].schema.parse(body), capabilities);
}

/** What validated (and prepared) settings cost and how they will be recorded. */
function describeSettings(
  type: GenerationType,
  settings: unknown,
  capabilities: readonly Capability[],
) {
  const def = TOOLS[type];
  const mode = def.mode(settings);
  return {
    settings,
    mode,
    cost: priceOf(type, def.price(settings), capabilities),
    prompt: def.prompt(settings),
    styleName: def.styleName(settings),
  };
}

const newGenerationId = () => `gen_${randomBytes(12).toString('base64url')}`;
const hashRequest = (type: string, body: unknown) =>
  createHash('sha256')
    .update(JSON.stringify([type, body]))
    .digest('hex');

/**
 * Starts a generation: checks plan and inputs, then in ONE transaction (under the user's credit
 * lock) applies the Idempotency-Key, the active-work limit, reserves the credits and enqueues the
 * job. Either all of it commits or none of it does.
 */
export async function startGeneration(
  deps: GenerationDeps,
  userId: string,
  type: GenerationType,
  body: unknown,
  idempotencyKey: string | null,
): Promise<repo.GenerationRow> {
  const def = TOOLS[type];
  const parsed: unknown = def.schema.parse(body);
  assertAccess(await planOf(deps.db, userId), type, def.mode(parsed));
  const prepared: unknown = def.prepare ? await def.prepare(parsed, deps) : parsed;
  const request = describeSettings(type, prepared, deps.capabilities);
  const requestHash = hashRequest(type, body);
  if (idempotencyKey) {
    const existing = await repo.findByIdempotencyKey(deps.db, userId, idempotencyKey);
    if (existing) return sameRequestOrConflict(existing, requestHash);
  }
  const { payload, inputUrls } = await resolveInputs(deps, userId, request.settings);
  const now = new Date();
  return deps.db.transaction(async (tx) => {
    await credits.lockCredits(tx, userId);
    if (idempotencyKey) {
      const existing = await repo.findByIdempotencyKey(tx, userId, idempotencyKey);
      if (existing) return sameRequestOrConflict(existing, requestHash);
    }
    if ((await repo.countActive(tx, userId)) >= MAX_ACTIVE_GENERATIONS) {
      throw new AppError(
        429,
        'too_many_generations',
        `You already have ${String(MAX_ACTIVE_GENERATIONS)} generations in progress. Wait for one to finish.`,
      );
    }
    const id = newGenerationId();
    const row = await repo.insertGeneration(tx, {
      id,
      userId,
      type,
      mode: request.mode,
      prompt: request.prompt,
      styleName: request.styleName,
      credits: request.cost,
      settings: toRecord(payload),
      inputImageUrls: inputUrls,
      provider: deps.providerName,
      idempotencyKey,
      requestHash,
      createdAt: now,
      deadlineAt: new Date(now.getTime() + TOOLS[type].deadlineMinutes * 60_000),
    });
    if (request.cost > 0) {
      await credits.reserve(tx, { userId, reservationId: id, amount: request.cost, now });
    }
    await deps.queue.enqueueGeneration(tx, { generationId: id });
    return row;
  });
}

function toRecord(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value));
}

function sameRequestOrConflict(existing: repo.GenerationRow, requestHash: string) {
  if (existing.requestHash !== requestHash) {
    throw new AppError(
      409,
      'conflict',
      'This Idempotency-Key was already used for a different request.',
    );
  }
  return existing;
}

/** The user's own generation; anyone else's is the same 404 as a missing one. */
export async function findOwnGeneration(db: DbOrTx, userId: string, id: string) {
  const row = await repo.findGeneration(db, id);
  if (!row || row.userId !== userId) throw notFound('Generation not found');
  return row;
}

export async function toDto(db: DbOrTx, row: repo.GenerationRow): Promise<Generation> {
  const status = isGenerationStatus(row.status) ? row.status : 'failed';
  return {
    id: row.id,
    type: isGenerationType(row.type) ? row.type : 'photoshoot',
    status,
    progress: status === 'succeeded' ? 100 : row.progress,
    queuePosition: status === 'queued' ? await repo.queuePosition(db, row) : null,
    creditCost: row.credits,
    prompt: row.prompt,
    imageUrls: row.imageUrls,
    videoUrls: row.videoUrls,
    inputImageUrls: row.inputImageUrls,
    previewNote: row.previewNote,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

export const isFinished = (row: repo.GenerationRow) =>
  FINISHED_STATUSES.some((s) => s === row.status);

/** The spec's result shape (`imageUrls` / `videoUrlList` / `message`) for a finished generation. */
export function toResult(row: repo.GenerationRow): GenerationResult {
  const status = isGenerationStatus(row.status) ? row.status : 'failed';
  const succeeded = status === 'succeeded';
  return {
    success: succeeded,
    generationId: row.id,
    status,
    imageUrls: row.imageUrls,
    videoUrlList: row.videoUrls,
    message: succeeded
      ? (row.previewNote ?? 'Generation completed successfully')
      : (row.error ?? 'Generation failed'),
  };
}

/** Holds until the generation ends or `seconds` pass (bounded polling of one indexed row). */
export async function waitForFinish(
  db: Db,
  id: string,
  seconds: number,
  signal: AbortSignal,
): Promise<repo.GenerationRow | undefined> {
  const until = Date.now() + seconds * 1000;
  for (;;) {
    const row = await repo.findGeneration(db, id);
    if (!row || isFinished(row)) return row;
    if (Date.now() >= until || signal.aborted) return row;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Settles unfinished work as failed (or canceled) and gives its credits back, once. */
export async function failGeneration(
  db: Db,
  id: string,
  error: string,
  status: 'failed' | 'canceled' = 'failed',
  /** The runner's lease: a worker that lost it must not settle. Cancel and the sweeper omit it. */
  leaseToken?: string,
) {
  return db.transaction(async (tx) => {
    const row = await repo.finish(tx, id, { status, error, progress: 0 }, leaseToken);
    if (row && row.credits > 0) await credits.release(tx, id);
    return row;
  });
}

/** `POST /generations/:id/cancel`: queued or running work stops and is refunded. */
export async function cancelGeneration(deps: { db: Db }, userId: string, id: string) {
  const row = await findOwnGeneration(deps.db, userId, id);
  if (isFinished(row)) return row;
  // A concurrent cancel (or the worker) may settle it first: report what it became.
  return (
    (await failGeneration(deps.db, id, 'Canceled by you', 'canceled')) ??
    (await findOwnGeneration(deps.db, userId, id))
  );
}

export function listGenerations(db: DbOrTx, userId: string) {
  return repo.listByUser(db, userId);
}

/** Spec §4: a generation succeeded only if output exists (videos for video generation). */
export function hasOutput(
  generation: Pick<repo.GenerationRow, 'type' | 'imageUrls' | 'videoUrls'>,
) {
  return generation.type === 'video-generation'
    ? generation.videoUrls.length > 0
    : generation.imageUrls.length > 0;
}

/**
 * The credit estimate (`POST /credits/estimate`): the tool's own price rule (the one the charge
 * uses) over the settings a partial payload carries; missing ones take the generate defaults.
 */
export function estimate(
  type: GenerationType,
  body: Record<string, unknown>,
  capabilities: readonly Capability[],
) {
  const factor = UPSCALE_FACTORS.find((f) => f === body.upscaleFactor);
  return priceOf(
    type,
    {
      mode: MODES.find((m) => m === body.mode),
      numImages: typeof body.numImages === 'number' ? body.numImages : undefined,
      templateCount: Array.isArray(body.template) ? body.template.length : undefined,
      durationSeconds: typeof body.duration === 'number' ? body.duration : undefined,
      upscaleFactor: factor,
    },
    capabilities,
  );
}

/** Records a generation row as is (history tests and imports; the platform uses startGeneration). */
export function createGeneration(db: DbOrTx, values: repo.NewGeneration) {
  return repo.insertGeneration(db, values);
}

export function finishGeneration(
  db: DbOrTx,
  id: string,
  result:
    | { status: 'succeeded'; imageUrls?: string[]; videoUrls?: string[] }
    | { status: 'failed' | 'canceled'; error: string },
  now = new Date(),
) {
  return repo.updateGeneration(db, id, { ...result, finishedAt: now });
}
