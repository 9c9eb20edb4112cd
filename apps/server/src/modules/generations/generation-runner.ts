import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { angleViewSlot, isMarketplaceId } from '@studio/contract';
import type { GenerationCredentials, OutputView } from '../../db/schema';
import { retryOnDeadlock } from '../../db/retry-on-deadlock';
import type { Segmenter } from '../../platform/engine/garment-fidelity';
import { processImage } from '../../platform/images/process-image';
import { BlockedUrlError, guardedFetch } from '../../platform/net/url-guard';
import type {
  MarkInput,
  MarkRequest,
  Marker,
  StoredCredentials,
} from '../../platform/provenance/marker';
import {
  DEADLINE_MESSAGE,
  ProviderError,
  type GenerationProvider,
  type InputImage,
  type ProviderOutput,
} from '../../platform/providers/types';
import type { JobMeta, JobQueue } from '../../platform/queue/job-queue';
import type { Storage } from '../../platform/storage/storage';
import * as credits from '../credits/credits.service';
import {
  fidelityCheckSignal,
  fidelityOfOutputs,
  type FidelityColumns,
} from '../fidelity/fidelity.service';
import {
  findOwnedMedia,
  mediaIdOf,
  mediaUrls,
  readOriginal,
  storeImage,
  storeVideo,
} from '../media/media.service';
import { rememberCheck } from '../listing/listing.service';
import { markCancelled, recordRequestCost } from '../provider-costs/provider-costs.service';
import { TOOLS } from './generation-tools';
import * as repo from './generations.repository';
import { forgetGalleryCounts } from '../gallery/gallery.service';
import { failGeneration, isGenerationType } from './generations.service';
import { reportSettled } from './generation-events';
import type { GenerationMetrics } from '../../platform/metrics/metrics';
import { providerErrorType } from '../../platform/providers/error-type';

/*
 * Runs one generation job (ARCHITECTURE §4, §6). The runner owns state, retries, deadlines, output
 * copying and credits; the provider only turns inputs into outputs.
 *
 * Exactly-once settlement: every final transition is `UPDATE … WHERE status IN (queued, running)`
 * in the same transaction as the capture or release, so whoever settles first wins and the rest
 * do nothing. A lease (renewed while working) keeps a second worker off live work; a lapsed lease
 * means the worker died and the re-delivered job takes over, resuming the stored provider request.
 */

export interface RunnerDeps {
  db: Db;
  storage: Storage;
  provider: GenerationProvider;
  queue: JobQueue;
  publicUrl: string;
  /** Hosts provider outputs may be downloaded from, and trusted provider origins (fakes in tests). */
  outputHosts: readonly string[];
  trustedOrigins: readonly string[];
  leaseMs: number;
  log: FastifyBaseLogger;
  /** Aborted on shutdown: in-flight work is handed back to the queue. */
  shutdown: AbortSignal;
  /** Finds the garment for the garment-fidelity check (ADR 037); without it no check runs. */
  segmenter?: Segmenter | undefined;
  /** Writes the content credentials into every output before it is stored (ADR 058). */
  marker: Marker;
  /** Starts, settlements and provider runs, counted for Prometheus (ADR 062). */
  metrics?: GenerationMetrics | undefined;
}

const MAX_OUTPUT_BYTES = 200 * 1024 * 1024;

class Handback extends Error {}

/** The generation's deadline fell while it ran: its provider work is cancelled, then refunded. */
class DeadlineReached extends ProviderError {
  constructor() {
    super(DEADLINE_MESSAGE, false);
  }
}

/** Marks "submission under way, provider id not yet known" (see beforeSubmit). */
const SUBMITTING = '';
/** What a user reads on work refunded because the provider's request id was lost (issue 29). */
export const SUBMIT_INTERRUPTED =
  'The generation was interrupted while it was being sent. Your credits were refunded.';
/** Deliveries before work is given up (each one a worker that died or handed it back). */
const MAX_ATTEMPTS = 8;
/**
 * How long a catalogue pair may wait in the queue before the sweeper refunds it (ADR 017). Its own
 * deadline starts when a worker takes it, since it may queue behind a whole catalogue; this is the
 * backstop for pairs no worker ever takes.
 */
export const PAIR_QUEUE_BACKSTOP_MS = 6 * 60 * 60_000;

/** Re-sends keep a catalogue pair behind single generations. */
const sendOptionsOf = (row: { batchId: string | null }) => ({ background: row.batchId !== null });

export async function runGenerationJob(
  deps: RunnerDeps,
  generationId: string,
  meta: Pick<JobMeta, 'retryCount' | 'retryLimit'>,
): Promise<void> {
  const token = randomUUID();
  const row = await repo.claim(deps.db, generationId, token, deps.leaseMs);
  if (!row) return checkLater(deps, generationId);
  // Its first start ends its time in the queue; a re-delivery after a dead worker is no new start.
  if (row.attempts === 1) deps.metrics?.started(row);
  if (row.attempts > MAX_ATTEMPTS) {
    // Work that keeps killing its worker (memory, a hung encoder) must not take others down forever.
    await failGeneration(
      deps.db,
      row.id,
      'The generation failed repeatedly. Your credits were refunded.',
      'failed',
      token,
      false,
      deps.metrics,
    );
    return;
  }
  if (row.providerRequestId === SUBMITTING) {
    // A worker died between submitting and recording the provider's id: the provider may have the
    // work, and we cannot find it. Refund rather than submit (and pay) again. Unless fal's webhook
    // came meanwhile and its URL gave the generation the id back (issue 29): then collect it.
    const failed = await failGeneration(
      deps.db,
      row.id,
      SUBMIT_INTERRUPTED,
      'failed',
      token,
      true,
      deps.metrics,
    );
    if (!failed) await handBack(deps, row, token);
    return;
  }
  const abort = new AbortController();
  const deadline = row.deadlineAt ? row.deadlineAt.getTime() - Date.now() : 30 * 60_000;
  const timer = setTimeout(
    () => {
      abort.abort(new DeadlineReached());
    },
    Math.max(0, deadline),
  );
  const onShutdown = () => {
    abort.abort(new Handback('shutting down'));
  };
  deps.shutdown.addEventListener('abort', onShutdown);
  let renewedAt = Date.now();
  const heartbeat = setInterval(
    () => {
      // Unable to renew for a whole lease: another worker may own it now, so stop.
      if (Date.now() - renewedAt > deps.leaseMs) abort.abort(new Handback('lease lapsed'));
      void repo
        .setLease(deps.db, row.id, token, deps.leaseMs)
        .then((held) => {
          if (held) renewedAt = Date.now();
          // Settled elsewhere (canceled, swept): stop working on it.
          else abort.abort(new Handback('lease lost'));
        })
        .catch(() => undefined);
    },
    Math.max(250, Math.floor(deps.leaseMs / 3)),
  );

  try {
    const outcome = await execute(deps, row, token, abort.signal);
    await settleSuccess(deps, row, token, outcome);
    forgetGalleryCounts(row.userId);
  } catch (error) {
    const reason: unknown = abort.signal.aborted ? abort.signal.reason : error;
    if (reason instanceof Handback) {
      await handBack(deps, row, token);
      return;
    }
    if (reason instanceof ProviderError && reason.nothingSubmitted) {
      // The provider refused the submission outright: clear the marker so a retry may submit.
      await repo.setRequestId(deps.db, row.id, token, null);
    }
    if (reason instanceof ProviderError && reason.transient && meta.retryCount < meta.retryLimit) {
      await repo.setLease(deps.db, row.id, token, null);
      deps.log.warn({ generationId: row.id, err: reason }, 'transient provider error; retrying');
      throw reason; // pg-boss retries with backoff
    }
    // fal may still run what it holds; the user is refunded now, so it is told to stop first.
    if (reason instanceof DeadlineReached) await cancelHeldWork(deps, row.id);
    const message =
      reason instanceof ProviderError
        ? reason.message
        : 'The generation failed. Your credits were refunded.';
    deps.log.warn({ generationId: row.id, err: reason }, 'generation failed');
    await failGeneration(deps.db, row.id, message, 'failed', token, false, deps.metrics);
  } finally {
    clearTimeout(timer);
    clearInterval(heartbeat);
    deps.shutdown.removeEventListener('abort', onShutdown);
  }
}

/**
 * Hands the lease back and queues the work again: the stored provider request id is resumed. One
 * transaction, so no moment exists where the lease is free and no job will take it.
 */
async function handBack(deps: RunnerDeps, row: repo.GenerationRow, token: string) {
  await deps.db.transaction(async (tx) => {
    if (await repo.setLease(tx, row.id, token, null)) {
      await deps.queue.enqueueGeneration(tx, { generationId: row.id }, sendOptionsOf(row));
    }
  });
}

/** Another worker holds live work (or it is finished): look again when its lease would lapse. */
async function checkLater(deps: RunnerDeps, generationId: string) {
  const row = await repo.findGeneration(deps.db, generationId);
  if (!row || !['queued', 'running'].includes(row.status) || !row.leaseUntil) return;
  const seconds = Math.ceil((row.leaseUntil.getTime() - Date.now()) / 1000) + 1;
  await deps.queue.sendGeneration(
    { generationId },
    { ...sendOptionsOf(row), startAfterSeconds: Math.max(1, seconds) },
  );
}

interface Outcome extends Partial<FidelityColumns> {
  credentials: GenerationCredentials | null;
  /** An angle set's outputs' views and slots (ADR 064); null for other tools. */
  outputViews: OutputView[] | null;
  imageUrls: string[];
  videoUrls: string[];
  thumbnailUrl: string | null;
  thumbhash: string | null;
  previewNote: string | null;
  providerInferenceMs: number | null;
}

async function execute(
  deps: RunnerDeps,
  row: repo.GenerationRow,
  token: string,
  signal: AbortSignal,
): Promise<Outcome> {
  if (!isGenerationType(row.type)) throw new ProviderError('This tool no longer exists', false);
  const def = TOOLS[row.type];
  const settings: unknown = def.schema.parse(row.settings);
  const input = (url: string): InputImage => ({
    url,
    publicUrl: new URL(url, deps.publicUrl).href,
    load: async () => {
      const id = mediaIdOf(url, deps.publicUrl);
      if (!id) throw new ProviderError('An input image is missing', false);
      return readOriginal(deps, await findOwnedMedia(deps, row.userId, id));
    },
  });
  let lastProgressAt = 0;
  // The provider run's wall time and outcome, by the model that ran it (ADR 062).
  let model: string | undefined;
  const providerStarted = performance.now();
  const observeRun = (errorType: string | null, madeBy?: string) => {
    deps.metrics?.providerRun({
      provider: deps.provider.name,
      model: madeBy ?? model ?? deps.provider.name,
      seconds: (performance.now() - providerStarted) / 1000,
      errorType,
    });
  };
  const running = deps.provider.run(def.job(settings, input), {
    signal,
    generationId: row.id,
    ...(row.deadlineAt ? { deadlineAt: row.deadlineAt.getTime() } : {}),
    requestId: row.providerRequestId,
    beforeSubmit: async () => {
      // An abort is honoured before the marker, never after it: a marker left by a hand-back would
      // make the next attempt refund work that was never sent. Once it stands, the submission goes
      // on to onSubmitted, and the abort is honoured after the id is stored.
      signal.throwIfAborted();
      if (!(await repo.setRequestId(deps.db, row.id, token, SUBMITTING))) {
        throw new Handback('lease lost before submitting');
      }
    },
    onSubmitted: async (requestId) => {
      if (!(await repo.setRequestId(deps.db, row.id, token, requestId))) {
        // Settled or taken over meanwhile: nobody will collect this work, so stop paying for it.
        await deps.provider.cancel?.(requestId).catch(() => undefined);
        throw new Handback('lease lost after submitting');
      }
    },
    onRequestCost: (cost) => {
      model = cost.modelId;
      if (cost.costUsd !== null) {
        deps.metrics?.providerCost({
          tool: row.type,
          provider: deps.provider.name,
          model: cost.modelId,
          usd: cost.costUsd,
        });
      }
      void recordRequestCost(deps.db, {
        ...cost,
        generationId: row.id,
        provider: deps.provider.name,
      }).catch((error: unknown) => {
        deps.log.warn({ generationId: row.id, err: error }, 'a provider cost was not recorded');
      });
    },
    onProgress: ({ progress }) => {
      if (progress === undefined || Date.now() - lastProgressAt < 1000) return;
      lastProgressAt = Date.now();
      void repo
        .setProgress(deps.db, row.id, Math.min(99, Math.round(progress)))
        .catch(() => undefined);
    },
  });
  running.catch((error: unknown) => {
    // A hand-back (shutdown, a lost lease) is ours, not the provider's failing.
    const reason: unknown = signal.aborted ? signal.reason : error;
    if (!(reason instanceof Handback)) observeRun(providerErrorType(reason));
  });
  const result = await running;
  observeRun(null, result.model);
  signal.throwIfAborted();
  if (result.outputs.length === 0)
    throw new ProviderError('The provider returned no output', false);
  // Still ours, before a byte is stored? A cancel or the sweeper may have settled it while the
  // provider ran, and the signal hears of that only at the next heartbeat (a third of a lease):
  // outputs stored for settled work are named by no generation, yet count against the user's
  // media quota (issue 29). The storage sweep removes any that still slip through (ADR 046).
  if (!(await repo.setLease(deps.db, row.id, token, deps.leaseMs))) {
    throw new Handback('settled before storing');
  }
  // The progress view's 'saving' stage (ADR 049): storing the outputs and the garment check can
  // take longer than the provider did (the local engine's previews: 2 s of work, 50 s of this).
  if (!(await repo.markSaving(deps.db, row.id, token))) {
    throw new Handback('settled before storing');
  }
  // Copy every output into our storage now: provider URLs expire within the hour.
  const outcome: Outcome = {
    imageUrls: [],
    videoUrls: [],
    credentials: null,
    outputViews: null,
    thumbnailUrl: null,
    thumbhash: null,
    previewNote: result.previewNote ?? null,
    providerInferenceMs: result.inferenceMs ?? null,
  };
  const storedImages: Buffer[] = [];
  const marking: MarkRequest = {
    type: row.type,
    madeBy: result.labelledPreview ? 'preview' : result.model ? 'model' : 'engine',
    model: result.model ?? null,
    inputs: await markInputsOf(deps, row),
  };
  const marks: (StoredCredentials | null)[] = [];
  for (const output of result.outputs) {
    const {
      row: stored,
      original,
      credentials,
    } = await storeOutput(deps, row, output, marking, signal);
    marks.push(credentials);
    if (output.kind === 'video') outcome.videoUrls.push(mediaUrls(stored.id).url);
    else outcome.imageUrls.push(mediaUrls(stored.id).url);
    if (original) storedImages.push(original);
    outcome.thumbnailUrl ??= mediaUrls(stored.id).thumbnailUrl;
    outcome.thumbhash ??= stored.thumbhash;
  }
  outcome.credentials = credentialsOf(marks);
  // An angle set's outputs say which view each is: kept with the outputs, with the slot it fills
  // (the detail is a swatch for a marketplace that has one).
  if (result.outputs.some((output) => output.view !== undefined)) {
    const marketplace = row.settings.marketplace;
    outcome.outputViews = result.outputs.flatMap((output) =>
      output.kind === 'image' && output.view
        ? [
            {
              view: output.view,
              slot: angleViewSlot(
                output.view,
                isMarketplaceId(marketplace) ? marketplace : undefined,
              ),
            },
          ]
        : [],
    );
  }
  // A listing prepare checked its output on the bytes just stored (ADR 057): kept for the
  // gallery's badges and packs. Only a cache: a verdict not kept is measured again when asked.
  const [firstImage] = outcome.imageUrls;
  const [firstBytes] = storedImages;
  if (result.listingCheck && firstImage && firstBytes) {
    await rememberCheck(
      deps.db,
      row.userId,
      firstImage,
      result.listingCheck,
      firstBytes.length,
    ).catch((error: unknown) => {
      deps.log.warn({ generationId: row.id, err: error }, 'a listing check was not kept');
    });
  }
  // The garment-fidelity check (ADR 037) scores the stored outputs, so its score is settled with
  // them. Its own signal, not the job's: a deadline must never fail work that is already stored.
  // A labelled preview is the input pasted beside a banner: no score, no free redo (issue 31).
  if (!result.labelledPreview) {
    Object.assign(
      outcome,
      await fidelityOfOutputs(
        deps,
        def.garment?.(settings),
        storedImages,
        (url) => input(url).load(),
        fidelityCheckSignal(deps.shutdown, row.deadlineAt?.getTime() ?? Number.POSITIVE_INFINITY),
      ),
    );
  }
  // Still ours? A cancel or the sweeper may have settled it while the outputs were stored; those
  // outputs are then left to the storage sweep, which removes output media its generation does
  // not name once the grace period has passed (ADR 046, addendum of 2026-11-27).
  if (!(await repo.setLease(deps.db, row.id, token, deps.leaseMs))) {
    throw new Handback('settled elsewhere');
  }
  return outcome;
}

async function outputBytes(deps: RunnerDeps, output: ProviderOutput) {
  if ('data' in output) return output.data;
  try {
    const fetched = await guardedFetch(output.url, {
      allowedHosts: deps.outputHosts,
      trustedOrigins: deps.trustedOrigins,
      maxBytes: MAX_OUTPUT_BYTES,
      timeoutMs: 60_000,
    });
    if (fetched.status !== 200) {
      throw new ProviderError(
        `The result could not be downloaded (HTTP ${String(fetched.status)})`,
        fetched.status >= 500,
      );
    }
    return fetched.body;
  } catch (error) {
    if (error instanceof ProviderError) throw error;
    if (error instanceof BlockedUrlError) {
      // Policy, not a fault: asking again would be refused again.
      throw new ProviderError('The provider returned a result from a host we do not fetch', false, {
        cause: error,
      });
    }
    throw new ProviderError('The result could not be downloaded', true, { cause: error });
  }
}

/**
 * The files a generation was made from, for its outputs' content credentials (named and hashed
 * there, ADR 058). Never fails the work: inputs that cannot be read are left out, and logged.
 */
async function markInputsOf(deps: RunnerDeps, row: repo.GenerationRow): Promise<MarkInput[]> {
  try {
    return await Promise.all(
      row.inputImageUrls.map(async (url, index) => {
        const id = mediaIdOf(url, deps.publicUrl);
        if (!id) throw new Error(`input ${url} is not our media`);
        const media = await findOwnedMedia(deps, row.userId, id);
        return {
          bytes: await readOriginal(deps, media),
          contentType: media.contentType,
          title: `input-${String(index + 1)}.${media.ext}`,
        };
      }),
    );
  } catch (error) {
    deps.log.warn({ generationId: row.id, err: error }, 'inputs left out of the credentials');
    return [];
  }
}

/** One summary for the generation: the first marked output's claim, and how many carry one. */
function credentialsOf(marks: (StoredCredentials | null)[]): GenerationCredentials | null {
  const marked = marks.filter((mark): mark is StoredCredentials => mark !== null);
  const [first] = marked;
  if (!first) return null;
  return {
    ...first,
    verified: marked.every((mark) => mark.verified),
    marked: marked.length,
    outputs: marks.length,
  };
}

async function storeOutput(
  deps: RunnerDeps,
  row: repo.GenerationRow,
  output: ProviderOutput,
  marking: MarkRequest,
  signal: AbortSignal,
) {
  const data = await outputBytes(deps, output);
  signal.throwIfAborted();
  if (output.kind === 'image') {
    const image = await processImage(data, { keepOriginal: 'exact' in output && output.exact });
    // Marked after the re-encode, which drops all metadata: the stored original is what every
    // download, zip and share link serves (ADR 058). Thumbnails and previews stay unmarked.
    const marked = await deps.marker.mark(image.original.body, image.original.contentType, marking);
    image.original.body = marked.bytes;
    // Recorded with the output, so the storage sweep can tell an output its generation never
    // named (stored for settled work) with one look at that generation (ADR 046).
    const stored = await storeImage(deps, row.userId, 'output', image, { generationId: row.id });
    return { row: stored, original: image.original.body, credentials: marked.credentials };
  }
  // A video's poster is the input image: the gallery card and the player show it while loading.
  const [posterUrl] = row.inputImageUrls;
  const posterId = posterUrl ? mediaIdOf(posterUrl, deps.publicUrl) : null;
  if (!posterId) throw new ProviderError('The video has no input image', false);
  const poster = await processImage(
    await readOriginal(deps, await findOwnedMedia(deps, row.userId, posterId)),
  );
  const size = await videoSize(data);
  const marked = await deps.marker.mark(data, 'video/mp4', marking);
  const stored = await storeVideo(deps, row.userId, { data: marked.bytes, ...size }, poster, {
    generationId: row.id,
  });
  return { row: stored, original: null, credentials: marked.credentials };
}

/** Reads width and height from the MP4's track header; 0×0 when absent (still playable). */
async function videoSize(data: Buffer): Promise<{ width: number; height: number }> {
  const tkhd = data.indexOf('tkhd');
  if (tkhd < 0 || tkhd + 88 > data.length) return { width: 0, height: 0 };
  const version = data[tkhd + 4];
  const offset = tkhd + 4 + (version === 1 ? 88 : 76);
  if (offset + 8 > data.length) return { width: 0, height: 0 };
  return { width: data.readUInt32BE(offset) >>> 16, height: data.readUInt32BE(offset + 4) >>> 16 };
}

async function settleSuccess(
  deps: RunnerDeps,
  row: repo.GenerationRow,
  token: string,
  outcome: Outcome,
) {
  // Retried when PostgreSQL aborts it as a deadlock's victim: the outputs are stored, and failing
  // (and refunding) a finished result because of a lock cycle would throw the work away.
  const settled = await retryOnDeadlock(() =>
    deps.db.transaction(async (tx) => {
      // The account first, as every credit change does (see failGeneration).
      await credits.lockCredits(tx, row.userId);
      const done = await repo.finish(
        tx,
        row.id,
        { status: 'succeeded', progress: 100, error: null, ...outcome },
        token,
      );
      if (done && done.credits > 0) await credits.capture(tx, row.id);
      // Outbound webhooks (ADR 060): written with the settlement, sent later by the dispatcher.
      if (done) await reportSettled(tx, done, deps.publicUrl);
      return done;
    }),
  );
  if (settled) deps.metrics?.settled(settled);
}

/**
 * Work a dead worker left (ADR 039): its queue jobs are cancelled, and each abandoned generation is
 * sent again once, under its row lock and only while no job waits for it, so a re-send waiting
 * behind a busy queue is not followed by another every sweep. A duplicate delivery would still be
 * harmless (only one can take the lease), but each one costs a queue slot and a claim.
 */
export async function redeliverAbandoned(
  db: Db,
  queue: JobQueue,
  leaseMs: number,
): Promise<{ redelivered: number; deadJobs: number }> {
  const dead = await repo.deadJobIds(db, leaseMs);
  await queue.cancelJobs(dead);
  let redelivered = 0;
  for (const { id } of await repo.abandoned(db, leaseMs)) {
    const sent = await db.transaction(async (tx) => {
      const row = await repo.lockAbandoned(tx, id, leaseMs);
      if (row) await queue.enqueueGeneration(tx, { generationId: id }, sendOptionsOf(row));
      return row !== undefined;
    });
    if (sent) redelivered++;
  }
  return { redelivered, deadJobs: dead.length };
}

/**
 * Asks the provider to stop every request a generation holds there, before it is refunded: work
 * refunded but left running would still be billed to us (issue 31). A signal only; a provider that
 * cannot be asked is logged, and a result it sends anyway is recorded as a cost, never charged.
 */
async function cancelHeldWork(
  deps: Pick<RunnerDeps, 'db' | 'provider' | 'log'>,
  generationId: string,
  /** The stored handle when the caller just read it; otherwise it is read here. */
  held?: string | null,
): Promise<void> {
  const handle =
    held === undefined
      ? (await repo.findGeneration(deps.db, generationId))?.providerRequestId
      : held;
  if (!handle || !deps.provider.cancel) return;
  try {
    await deps.provider.cancel(handle);
    await markCancelled(deps.db, generationId);
  } catch (error) {
    deps.log.warn(
      { generationId, err: error },
      'overdue work could not be cancelled at the provider',
    );
  }
}

/**
 * Fails and refunds unfinished work past its deadline (a dead worker, a lost job, a hung provider),
 * after cancelling what the provider still holds of it.
 */
export async function sweepOverdue(
  deps: Pick<RunnerDeps, 'db' | 'provider' | 'log' | 'metrics'>,
  now = new Date(),
): Promise<number> {
  const { db } = deps;
  let swept = 0;
  for (const { id, providerRequestId } of await repo.overdue(db, now, PAIR_QUEUE_BACKSTOP_MS)) {
    await cancelHeldWork(deps, id, providerRequestId);
    const row = await failGeneration(
      db,
      id,
      'The generation did not finish in time. Your credits were refunded.',
      'failed',
      undefined,
      false,
      deps.metrics,
    );
    if (row) swept++;
  }
  return swept;
}
