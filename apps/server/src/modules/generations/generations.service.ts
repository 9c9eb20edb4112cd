import { randomBytes } from 'node:crypto';
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
  type Mode,
  type PriceInput,
  generatedViewCount,
} from '@studio/contract';
import { planFamilyOf } from '@studio/contract/plans';
import type { Db } from '../../db/client';
import { retryOnDeadlock } from '../../db/retry-on-deadlock';
import { AppError, notFound } from '../../http/errors';
import type { GenerationProvider } from '../../platform/providers/types';
import type { JobQueue } from '../../platform/queue/job-queue';
import { subscriptionStatus } from '../billing/billing.service';
import * as credits from '../credits/credits.service';
import type { DbOrTx, Tx } from '../../db/db-or-tx';
import { fidelityOf } from '../fidelity/fidelity-answer';
import { idempotencyKeyReused, requestFingerprint } from '../idempotency/idempotency-key';
import {
  DEFAULT_ESTIMATES,
  durationEstimates,
  expectedMsOf,
  type DurationEstimates,
} from './duration-estimates';
import { resolveInputs, type InputDeps } from './generation-inputs';
import { TOOLS } from './generation-tools';
import { outputViewsOf } from './output-views';
import * as repo from './generations.repository';
import { reportSettled } from './generation-events';
import type { GenerationMetrics } from '../../platform/metrics/metrics';

export type { GenerationRow, NewGeneration } from './generations.repository';

export interface GenerationDeps extends InputDeps {
  queue: JobQueue;
  /** Name of the configured provider, recorded on each generation. */
  providerName: string;
  /** What the provider really does; other tools make free labelled previews (ADR 013). */
  capabilities: readonly Capability[];
  /** GENERATION_DEADLINE_SECONDS: replaces every tool's own deadline when set (issue 31). */
  deadlineSeconds?: number | undefined;
  /** Counts cancels' outcomes and refunds (ADR 062). */
  metrics?: GenerationMetrics | undefined;
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
): PreparedRequest {
  return describeSettings(type, TOOLS[type].schema.parse(body), capabilities);
}

/** A generate payload validated and prepared: what it costs and how it will be recorded. */
export interface PreparedRequest {
  type: GenerationType;
  settings: unknown;
  mode: Mode;
  cost: number;
  prompt: string;
  styleName: string | null;
}

/** What validated (and prepared) settings cost and how they will be recorded. */
function describeSettings(
  type: GenerationType,
  settings: unknown,
  capabilities: readonly Capability[],
): PreparedRequest {
  const def = TOOLS[type];
  return {
    type,
    settings,
    mode: def.mode(settings),
    cost: priceOf(type, def.price(settings), capabilities),
    prompt: def.prompt(settings),
    styleName: def.styleName(settings),
  };
}

/**
 * Validates a generate payload, refuses what the user's plan does not include and fills in what
 * the server decides (`prepare`): everything that happens before inputs are resolved and paid for.
 */
export async function prepareRequest(
  deps: GenerationDeps,
  userId: string,
  type: GenerationType,
  body: unknown,
  /** The user's plan when the caller already read it (a catalogue prepares up to 80 pairs). */
  plan?: AccessPlan,
): Promise<PreparedRequest> {
  const def = TOOLS[type];
  const parsed: unknown = def.schema.parse(body);
  assertAccess(plan ?? (await planOf(deps.db, userId)), type, def.mode(parsed));
  const prepared: unknown = def.prepare ? await def.prepare(parsed, deps) : parsed;
  return describeSettings(type, prepared, deps.capabilities);
}

/**
 * Most bytes one generation's stored settings may take. Every request schema bounds its strings and
 * arrays (the contract's request-bounds test), so a valid request stays below: the largest, a
 * four-template try-on with every text at its maximum in three-byte characters, is about 62 KiB
 * even before its URLs are resolved to our short media URLs. This keeps a schema that misses a
 * bound from filling the table through the settings column.
 */
export const GENERATION_SETTINGS_MAX_BYTES = 64 * 1024;

/** The settings as they will be stored, or 413 when they are larger than any valid request's. */
export function storableSettings(value: unknown): Record<string, unknown> {
  const settings = toRecord(value);
  if (Buffer.byteLength(JSON.stringify(settings)) > GENERATION_SETTINGS_MAX_BYTES) {
    throw new AppError(
      413,
      'payload_too_large',
      `These settings are too large to keep (at most ${String(GENERATION_SETTINGS_MAX_BYTES / 1024)} KB).`,
    );
  }
  return settings;
}

const newGenerationId = () => `gen_${randomBytes(12).toString('base64url')}`;

export interface QueuedGeneration {
  /** Prepared, with its input URLs already resolved to our media. */
  request: PreparedRequest;
  inputUrls: string[];
  idempotencyKey: string | null;
  requestHash: string | null;
  now: Date;
  /** A catalogue pair: its catalogue and place in it (lower queue priority, ADR 017). */
  batch?: { id: string; index: number };
}

/**
 * Records a generation, reserves its credits (one reservation per generation, so it is refunded
 * alone when it fails) and enqueues its job, all inside the caller's transaction, which must hold
 * the user's credit lock.
 */
export async function insertQueuedGeneration(
  tx: Tx,
  deps: Pick<GenerationDeps, 'queue' | 'providerName' | 'deadlineSeconds'>,
  userId: string,
  generation: QueuedGeneration,
): Promise<repo.GenerationRow> {
  const { request, now, batch } = generation;
  const id = newGenerationId();
  const row = await repo.insertGeneration(tx, {
    id,
    userId,
    type: request.type,
    mode: request.mode,
    prompt: request.prompt,
    styleName: request.styleName,
    credits: request.cost,
    settings: storableSettings(request.settings),
    inputImageUrls: generation.inputUrls,
    provider: deps.providerName,
    idempotencyKey: generation.idempotencyKey,
    requestHash: generation.requestHash,
    createdAt: now,
    deadlineAt: new Date(
      now.getTime() + (deps.deadlineSeconds ?? TOOLS[request.type].deadlineMinutes * 60) * 1000,
    ),
    batchId: batch?.id ?? null,
    batchIndex: batch?.index ?? null,
  });
  if (request.cost > 0) {
    await credits.reserve(tx, { userId, reservationId: id, amount: request.cost, now });
  }
  await deps.queue.enqueueGeneration(
    tx,
    { generationId: id },
    batch ? { background: true, sequence: batch.index } : {},
  );
  return row;
}

/** A generation planned outside any transaction: priced, inputs resolved, ready to insert. */
interface PlannedGeneration {
  request: PreparedRequest;
  inputUrls: string[];
}

/**
 * The settings a generate body stands for: the body itself, or what a tool's own request turns it
 * into (listing prepare's generation id becomes that generation's first image and its source).
 */
async function settingsOfBody(
  deps: GenerationDeps,
  userId: string,
  type: GenerationType,
  body: unknown,
): Promise<{ settings: unknown; madeFrom: string | null }> {
  const { request } = TOOLS[type];
  if (!request) return { settings: body, madeFrom: null };
  return request.settings(request.schema.parse(body), (id) =>
    ownGenerationImage(deps.db, userId, id),
  );
}

/**
 * Checks plan and inputs and resolves them to our media, outside any transaction; `madeFrom` is
 * kept beside the tool's own settings (the runner re-reads settings through the tool's schema,
 * which strips it) only when it is the same user's generation: a stale link never blocks work.
 */
async function planGeneration(
  deps: GenerationDeps,
  userId: string,
  type: GenerationType,
  body: unknown,
  madeFrom: string | null,
  plan?: AccessPlan,
): Promise<PlannedGeneration> {
  const asked = await settingsOfBody(deps, userId, type, body);
  const request = await prepareRequest(deps, userId, type, asked.settings, plan);
  const { payload, inputUrls } = await resolveInputs(deps, userId, request.settings);
  const sourceId = asked.madeFrom ?? madeFrom;
  const source = sourceId ? await repo.findGeneration(deps.db, sourceId) : undefined;
  const settings =
    source?.userId === userId ? { ...toRecord(payload), madeFrom: source.id } : payload;
  return { request: { ...request, settings }, inputUrls };
}

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
  /** The generation this one was made from; kept only when it is the same user's (ADR 030). */
  madeFrom: string | null = null,
): Promise<repo.GenerationRow> {
  const requestHash = requestFingerprint(type, body);
  if (idempotencyKey) {
    const existing = await repo.findByIdempotencyKey(deps.db, userId, idempotencyKey);
    if (existing) return sameRequestOrConflict(existing, requestHash);
  }
  const planned = await planGeneration(deps, userId, type, body, madeFrom);
  const now = new Date();
  return deps.db.transaction(async (tx) => {
    await credits.lockCredits(tx, userId);
    if (idempotencyKey) {
      const existing = await repo.findByIdempotencyKey(tx, userId, idempotencyKey);
      if (existing) return sameRequestOrConflict(existing, requestHash);
    }
    await assertActiveLimit(tx, userId);
    // A key older than 24 hours is free again: the work it named keeps its row, not the key.
    if (idempotencyKey) await repo.releaseStaleIdempotencyKey(tx, userId, idempotencyKey);
    return insertQueuedGeneration(tx, deps, userId, {
      ...planned,
      idempotencyKey,
      requestHash,
      now,
    });
  });
}

/** One of several generations started together: its own key decides whether it is new. */
export interface GenerationToStart {
  type: GenerationType;
  body: unknown;
  idempotencyKey: string;
  madeFrom: string | null;
}

/**
 * Starts several generations for one caller at once (a listing pack's fixes, ADR 057): each key
 * already used answers its generation as it is (whatever its state; a different request under it
 * is 409), and the new ones are inserted in ONE transaction under the user's credit lock, all or
 * none, with a 402 naming what all of them cost. No active-work limit: the caller bounds how many
 * (a pack holds at most LISTING_PACK_MAX images), as a catalogue does. Answers in `list` order.
 */
export async function startGenerations(
  deps: GenerationDeps,
  userId: string,
  list: readonly GenerationToStart[],
): Promise<repo.GenerationRow[]> {
  const hashes = list.map((item) => requestFingerprint(item.type, item.body));
  const existingOf = async (db: DbOrTx, i: number) => {
    const item = list[i];
    const existing = item && (await repo.findByIdempotencyKey(db, userId, item.idempotencyKey));
    return existing ? sameRequestOrConflict(existing, hashes[i] ?? '') : undefined;
  };
  const planned = new Map<number, PlannedGeneration>();
  const plan = await planOf(deps.db, userId);
  for (const [i, item] of list.entries()) {
    if (await existingOf(deps.db, i)) continue;
    planned.set(i, await planGeneration(deps, userId, item.type, item.body, item.madeFrom, plan));
  }
  const now = new Date();
  return deps.db.transaction(async (tx) => {
    const balance = await credits.lockCredits(tx, userId);
    const rows: (repo.GenerationRow | undefined)[] = [];
    for (const i of list.keys()) rows.push(await existingOf(tx, i));
    const fresh = [...planned].filter(([i]) => rows[i] === undefined);
    const total = fresh.reduce((sum, [, p]) => sum + p.request.cost, 0);
    if (balance < total) throw credits.insufficientCredits(total, balance);
    for (const [i, p] of fresh) {
      rows[i] = await insertQueuedGeneration(tx, deps, userId, {
        ...p,
        idempotencyKey: list[i]?.idempotencyKey ?? null,
        requestHash: hashes[i] ?? null,
        now,
      });
    }
    return rows.map((row) => {
      if (!row) throw new Error('a generation to start was neither found nor planned');
      return row;
    });
  });
}

/** Refuses new work while the user has the most single generations queued or running. */
export async function assertActiveLimit(tx: Tx, userId: string) {
  if ((await repo.countActive(tx, userId)) >= MAX_ACTIVE_GENERATIONS) {
    throw new AppError(
      429,
      'too_many_generations',
      `You already have ${String(MAX_ACTIVE_GENERATIONS)} generations in progress. Wait for one to finish.`,
    );
  }
}

function toRecord(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value));
}

/**
 * An Idempotency-Key seen within its 24 hours: the same body replays the generation it started
 * (charged once), another body is 422, as Stripe and the IETF draft answer it (issue 35).
 */
function sameRequestOrConflict(existing: repo.GenerationRow, requestHash: string) {
  if (existing.requestHash !== requestHash) throw idempotencyKeyReused();
  return existing;
}

/** The user's own generation; anyone else's is the same 404 as a missing one. */
export async function findOwnGeneration(db: DbOrTx, userId: string, id: string) {
  const row = await repo.findGeneration(db, id);
  if (!row || row.userId !== userId) throw notFound('Generation not found');
  return row;
}

/**
 * The first image a generation of the user's made (what a listing check or prepare of a gallery
 * card works on): 404 for anyone else's, 409 while it has none (unfinished, failed, a video).
 */
export async function ownGenerationImage(db: DbOrTx, userId: string, id: string) {
  const row = await findOwnGeneration(db, userId, id);
  const [imageUrl] = row.status === 'succeeded' ? row.imageUrls : [];
  if (imageUrl === undefined) {
    throw new AppError(409, 'conflict', 'This generation has no finished image to use.');
  }
  return { generationId: row.id, imageUrl };
}

export async function toDto(db: DbOrTx, row: repo.GenerationRow): Promise<Generation> {
  const active = row.status === 'queued' || row.status === 'running';
  const [queuePosition, estimates] = await Promise.all([
    row.status === 'queued' ? repo.queuePosition(db, row) : null,
    active ? durationEstimates(db, row.provider) : null,
  ]);
  return toDtoAt(row, queuePosition, estimates ? expectedMsOf(estimates, row) : null);
}

/** Where unfinished work is (ADR 049): waiting, with the provider, or storing its outputs. */
function stageOf(row: repo.GenerationRow): Generation['stage'] {
  if (row.status === 'queued') return 'queued';
  if (row.status !== 'running') return null;
  return row.savingStartedAt ? 'saving' : 'running';
}

/**
 * The share of the bar a running generation has earned: its elapsed time against the expected
 * duration, reaching 95 % at the estimate and no further (ADR 049), so a bar never sits at 99 %
 * while most of the work is still ahead. Past the estimate the view says it takes longer.
 */
export function progressOf(elapsedMs: number, expectedMs: number): number {
  if (expectedMs <= 0) return 0;
  return Math.round(95 * Math.min(1, Math.max(0, elapsedMs) / expectedMs));
}

/**
 * The DTO with a queue position already known (a catalogue reads all of them in one query) and,
 * for unfinished work, its expected duration (default: the tools' defaults, no history read).
 */
export function toDtoAt(
  row: repo.GenerationRow,
  queuePosition: number | null,
  expectedMs?: number | null,
  now = Date.now(),
): Generation {
  const status = isGenerationStatus(row.status) ? row.status : 'failed';
  const active = status === 'queued' || status === 'running';
  const expected = active ? (expectedMs ?? expectedMsOf(DEFAULT_ESTIMATES, row) ?? null) : null;
  // Measured on this server's clock, so a browser whose clock is off still animates from here.
  const elapsedMs =
    status === 'running' && row.startedAt ? Math.max(0, now - row.startedAt.getTime()) : null;
  let progress = row.progress;
  if (status === 'succeeded') progress = 100;
  else if (status === 'queued') progress = 0;
  else if (status === 'running') {
    progress = elapsedMs !== null && expected !== null ? progressOf(elapsedMs, expected) : 0;
  }
  return {
    id: row.id,
    type: isGenerationType(row.type) ? row.type : 'photoshoot',
    status,
    progress,
    queuePosition: status === 'queued' ? queuePosition : null,
    stage: stageOf(row),
    expectedMs: expected,
    elapsedMs,
    creditCost: row.credits,
    prompt: row.prompt,
    imageUrls: row.imageUrls,
    videoUrls: row.videoUrls,
    inputImageUrls: row.inputImageUrls,
    previewNote: row.previewNote,
    error: row.error,
    cancelRequested: row.cancelRequestedAt !== null,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    fidelity: fidelityOf(row),
    credentials: row.credentials,
    views: outputViewsOf(row),
  };
}

/**
 * What a tool screen needs to run a generation again (Reuse settings, ADR 030): its stored
 * settings read through the tool's own request schema, as the runner reads them, which leaves out
 * what the server added (`madeFrom`) and anything no longer part of the tool. `userId` goes too:
 * it names the account, not a setting, and the session decides who pays. Settings the schema no
 * longer accepts (an old row, a removed tool) read as none rather than failing the answer.
 */
export function reusableSettings(
  row: Pick<repo.GenerationRow, 'type' | 'settings'>,
): Record<string, unknown> {
  if (!isGenerationType(row.type)) return {};
  const parsed = TOOLS[row.type].schema.safeParse(row.settings);
  if (!parsed.success) return {};
  const { userId: _userId, ...settings } = toRecord(parsed.data);
  return settings;
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

/** What a user reads on work they canceled. */
export const CANCELED_BY_YOU = 'Canceled by you';

/**
 * Settles unfinished work as failed (or canceled) and gives its credits back, once. Work the user
 * asked to cancel settles as canceled, whatever stopped it (ADR 043).
 */
export async function failGeneration(
  db: Db,
  id: string,
  error: string,
  status: 'failed' | 'canceled' = 'failed',
  /** The runner's lease: a worker that lost it must not settle. Cancel and the sweeper omit it. */
  leaseToken?: string,
  /** Only while the "submitting" marker stands (see finishUnsuccessful). */
  onlyWhileSubmitting = false,
  /** Told of the outcome once it committed: the one place failures, cancels and refunds count. */
  metrics?: GenerationMetrics,
) {
  const settled = await retryOnDeadlock(() =>
    db.transaction(async (tx) => {
      // One lock order for every transaction that touches a user's credits and generations (issue
      // 29): the account first, then the generation, whose trigger locks generation_activity. A
      // generate takes them in that order; a settle that updated the generation first deadlocked
      // with it.
      const owner = await repo.ownerOf(tx, id);
      if (owner === undefined) return undefined;
      await credits.lockCredits(tx, owner);
      const row = await repo.finishUnsuccessful(
        tx,
        id,
        { status, error, canceledError: CANCELED_BY_YOU },
        leaseToken,
        onlyWhileSubmitting,
      );
      if (row && row.credits > 0) await credits.release(tx, id);
      // A free regeneration that failed (not one the user cancelled) is offered again (ADR 037).
      if (row?.freeRegenerationOf && row.status === 'failed') {
        await repo.releaseFreeRegeneration(tx, row.id, row.freeRegenerationOf);
      }
      // Outbound webhooks (ADR 060): generation.failed, and batch.completed for a last pair.
      if (row) await reportSettled(tx, row, null);
      return row;
    }),
  );
  if (settled) metrics?.settled(settled);
  return settled;
}

/**
 * Stops unfinished work for its owner (ADR 043). Work a provider already has is only asked to
 * stop: the provider's cancel is a signal, and the generation ends as the provider then reports,
 * canceled and refunded, or finished (and charged) if it finished first. Anything else (queued
 * here, the local engine, a provider without cancel) is canceled and refunded at once. Undefined
 * when it had already ended.
 */
export async function cancelWork(
  deps: {
    db: Db;
    provider: Pick<GenerationProvider, 'cancel'>;
    metrics?: GenerationMetrics | undefined;
  },
  row: repo.GenerationRow,
): Promise<repo.GenerationRow | undefined> {
  const cancel = deps.provider.cancel?.bind(deps.provider);
  const tell = (requestId: string) =>
    cancel
      ? cancel(requestId).then(
          () => true,
          () => false,
        )
      : Promise.resolve(false);
  const asked = cancel ? await repo.requestCancel(deps.db, row.id) : undefined;
  // Only a provider that heard the cancel may still decide; otherwise the user's cancel stands.
  if (asked?.providerRequestId && (await tell(asked.providerRequestId))) return asked;
  const settled = await failGeneration(
    deps.db,
    row.id,
    CANCELED_BY_YOU,
    'canceled',
    undefined,
    false,
    deps.metrics,
  );
  // The runner may have stored the provider's id after our look (it was submitting): the work is
  // canceled here and nobody will collect it, so the provider is told to stop too.
  if (settled?.providerRequestId && settled.providerRequestId !== asked?.providerRequestId) {
    await tell(settled.providerRequestId);
  }
  return settled;
}

/** `POST /generations/:id/cancel`: queued or running work stops and is refunded (ADR 043). */
export async function cancelGeneration(
  deps: Parameters<typeof cancelWork>[0],
  userId: string,
  id: string,
) {
  const row = await findOwnGeneration(deps.db, userId, id);
  if (isFinished(row)) return row;
  // A concurrent cancel (or the worker) may settle it first: report what it became.
  return (await cancelWork(deps, row)) ?? (await findOwnGeneration(deps.db, userId, id));
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
  // A try-on catalogue's payload carries its garments and models: one priced pair per garment × model.
  // A colourway set's carries its variants: one priced generation per variant.
  const pairs =
    Array.isArray(body.garments) && Array.isArray(body.models)
      ? body.garments.length * body.models.length
      : Array.isArray(body.variants)
        ? body.variants.length
        : undefined;
  return priceOf(
    type,
    {
      mode: MODES.find((m) => m === body.mode),
      numImages: typeof body.numImages === 'number' ? body.numImages : undefined,
      templateCount: Array.isArray(body.template) ? body.template.length : undefined,
      durationSeconds: typeof body.duration === 'number' ? body.duration : undefined,
      upscaleFactor: factor,
      pairs,
      // An angle set's payload carries its views: the side and back are priced.
      generatedViews: Array.isArray(body.views)
        ? generatedViewCount(body.views.filter((v): v is string => typeof v === 'string'))
        : undefined,
    },
    capabilities,
  );
}

// --- Catalogue pairs (the batches module reads its generations through these) -------------------

/** Catalogues of a user with a pair still queued or running. */
export function activeBatchIds(db: DbOrTx, userId: string, limit: number) {
  return repo.activeBatchIds(db, userId, limit);
}

/** A catalogue's pairs in order (garment by garment, model by model). */
export function listBatchGenerations(db: DbOrTx, batchId: string) {
  return repo.listBatchItems(db, batchId);
}

/** A catalogue's pairs in order, and the queue positions of the queued ones (one query each). */
export async function batchGenerations(db: DbOrTx, batchId: string) {
  const rows = await repo.listBatchItems(db, batchId);
  const positions = rows.some((row) => row.status === 'queued')
    ? await repo.batchQueuePositions(db, batchId)
    : new Map<string, number>();
  // One cached history per provider (ADR 049), read only while a pair is unfinished.
  const estimates = new Map<string, DurationEstimates>();
  for (const row of rows) {
    if ((row.status === 'queued' || row.status === 'running') && !estimates.has(row.provider)) {
      estimates.set(row.provider, await durationEstimates(db, row.provider));
    }
  }
  return rows.map((row) => {
    const forProvider = estimates.get(row.provider);
    return {
      row,
      queuePosition: positions.get(row.id) ?? null,
      expectedMs: forProvider ? expectedMsOf(forProvider, row) : null,
    };
  });
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
