import { setTimeout as delay } from 'node:timers/promises';
import { createFalClient, type RequestMiddleware } from '@fal-ai/client';
import { z } from 'zod';
import { DEADLINE_MESSAGE, ProviderError, type ProviderContext } from '../types';
import { FalHttpError, FalTransportError, failure } from './failures';
import { costOf, DEFAULT_FAL_PRICES, type FalPriceTable } from './prices';
import type { FalWebhookDelivery, FalWebhookOptions } from './webhook-inbox';

/*
 * fal's queue protocol (ARCHITECTURE §6) through its SDK: submit, status, result and cancel, with
 * the request ids stored before anything is polled so that a retried job resumes instead of paying
 * twice (ADR 012). What to send and how to read the answer is each tool's mapping (./tools).
 */

export type FalInput = Record<string, unknown>;

export interface FalQueueOptions {
  apiKey: string;
  /** Origin that stands in for https://queue.fal.run (tests point it at a local fake). */
  baseUrl?: string;
  pollIntervalMs?: number;
  fetchImpl?: typeof fetch;
  /**
   * fal's webhooks (ADR 035): each submission names our webhook route, a delivery finishes its
   * request at once, and the status polls every `pollIntervalMs` are only the fallback.
   */
  webhook?: FalWebhookOptions;
  /** What each model costs (FAL_PRICES over fal's list prices): each request's cost is reported. */
  prices?: FalPriceTable;
}

export interface FalRun {
  results: unknown[];
  inferenceMs: number | null;
}

export interface FalQueue {
  /**
   * Submits the job's requests (or resumes the stored ones), waits for all of them and returns
   * their results, with the compute time fal reported for them (summed; null when it reported
   * none). `expectedMs` is the model's typical run time, the scale of the progress estimate.
   */
  run(
    modelId: string,
    buildInputs: () => FalInput[] | Promise<FalInput[]>,
    ctx: ProviderContext,
    expectedMs: number,
  ): Promise<FalRun>;
  /**
   * Cancels the requests of a stored handle (a signal only: fal reports the outcome). Throws when
   * fal could not be asked for every one of them.
   */
  cancel(handle: string): Promise<void>;
}

const FAL_ORIGINS = ['https://queue.fal.run', 'https://fal.run'];
const DEFAULT_BASE_URL = 'https://queue.fal.run';
const REQUEST_TIMEOUT_MS = 30_000;
/** Consecutive failed status polls we ride out before handing a transient error to the runner. */
const MAX_FAILED_POLLS = 3;
/**
 * How often a waiting job looks for a webhook delivered to another process (the route may run in
 * an API process); one in this process wakes it at once.
 */
const INBOX_CHECK_MS = 1000;

/** fal's SDK refuses a start timeout under a second: with less left, nothing is submitted. */
const MIN_START_SECONDS = 1;

/** One job's requests at fal; `ids` changes when a request is resubmitted. */
interface Job {
  modelId: string;
  ids: string[];
  resubmitted: Set<string>;
  ctx: ProviderContext;
  expectedMs: number;
}

type Phase =
  { state: 'queued'; position: number | null } | { state: 'running'; since: number } | Done;

interface Done {
  state: 'done';
  inferenceSeconds: number | null;
  /** The result a webhook delivered; null means it is read from fal. */
  delivered: { data: unknown } | null;
}

const submittedSchema = z.object({ request_id: z.string().min(1) });
const statusSchema = z.object({
  status: z.string(),
  queue_position: z.number().nullish(),
  // A COMPLETED status carries fal's metrics: the request's compute time in seconds.
  metrics: z.object({ inference_time: z.number().nullish() }).nullish(),
});

/**
 * What onSubmitted stores: `<model id>:<request id>[,<request id>…]`. fal addresses status, result
 * and cancel by model and request id together, so the model travels with the id: a resume after a
 * restart or a model change, and a cancel from another process, still reach the right queue. A job
 * holds several ids when it needs several fal requests (one per realistic try-on template, or more
 * images than a model makes per call). A bare id is read as a request of the tool's current model.
 */
export function encodeHandle(
  modelId: string,
  requestIds: string[],
  resubmitted: ReadonlySet<string> = new Set(),
): string {
  const ids = requestIds.map((id) => (resubmitted.has(id) ? `${RESUBMITTED}${id}` : id));
  return `${modelId}:${ids.join(',')}`;
}

/**
 * `resubmitted`: the ids that replace a request whose result failed retryably (marked `+` in the
 * handle), so a resumed job never resubmits the same work a second time (issue 31).
 */
export function decodeHandle(handle: string, fallbackModel: string | null) {
  const colon = handle.lastIndexOf(':');
  const modelId = colon > 0 ? handle.slice(0, colon) : fallbackModel;
  const marked = handle
    .slice(colon + 1)
    .split(',')
    .filter((id) => id !== '' && id !== RESUBMITTED);
  const resubmitted = new Set(
    marked.filter((id) => id.startsWith(RESUBMITTED)).map((id) => id.slice(RESUBMITTED.length)),
  );
  const requestIds = marked.map((id) => (id.startsWith(RESUBMITTED) ? id.slice(1) : id));
  return { modelId, requestIds, resubmitted };
}

/** fal's request ids are UUIDs: this mark cannot be part of one. */
const RESUBMITTED = '+';

export function createFalQueue(options: FalQueueOptions): FalQueue {
  const base = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const baseFetch = options.fetchImpl ?? fetch;
  const { webhook } = options;
  const prices = options.prices ?? DEFAULT_FAL_PRICES;

  /** Reports requests just accepted by fal: from now on they may cost us. */
  function reportSubmitted(
    ctx: Pick<ProviderContext, 'onRequestCost'>,
    modelId: string,
    ids: string[],
  ) {
    for (const requestId of ids) {
      ctx.onRequestCost?.({
        requestId,
        modelId,
        outcome: 'submitted',
        inferenceMs: null,
        units: null,
        costUsd: null,
      });
    }
  }

  /** Reports a request that ended: its result priced, or its failure (fal bills no 5xx). */
  function reportEnded(
    ctx: ProviderContext,
    modelId: string,
    requestId: string,
    done: Done | undefined,
    ended: { result: unknown } | { error: unknown },
  ) {
    const seconds = done?.inferenceSeconds ?? null;
    const inferenceMs = seconds === null ? null : Math.round(seconds * 1000);
    if ('result' in ended) {
      const cost = costOf(prices, modelId, ended.result, inferenceMs);
      ctx.onRequestCost?.({ requestId, modelId, outcome: 'completed', inferenceMs, ...cost });
      return;
    }
    const unbilled = ended.error instanceof FalHttpError && ended.error.status >= 500;
    ctx.onRequestCost?.({
      requestId,
      modelId,
      outcome: 'failed',
      inferenceMs,
      units: null,
      costUsd: unbilled ? 0 : null,
    });
  }

  // The SDK builds https://queue.fal.run URLs; proxyUrl only applies on the server with
  // `when: 'always'`, and it forwards through a header, so a plain origin rewrite is simpler. Any
  // other origin (storage uploads, realtime) is refused: inputs are already URLs.
  const redirect: RequestMiddleware = async (request) => {
    const url = new URL(request.url);
    if (!FAL_ORIGINS.includes(url.origin)) {
      throw new ProviderError('The provider request was refused', false);
    }
    return { ...request, url: `${base}${url.pathname}${url.search}` };
  };
  const guardedFetch: typeof fetch = async (input, init) => {
    let response: Response;
    try {
      response = await baseFetch(input, init);
    } catch (error) {
      throw new FalTransportError(error);
    }
    if (response.ok) return response;
    const text = await response.text().catch(() => '');
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON (a proxy's HTML error page): keep the text for the logs.
    }
    throw new FalHttpError(response.status, body, response.headers);
  };
  const client = createFalClient({
    credentials: options.apiKey,
    requestMiddleware: redirect,
    fetch: guardedFetch,
  });

  const callSignal = (signal?: AbortSignal) => {
    const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
    return signal ? AbortSignal.any([signal, timeout]) : timeout;
  };

  /** The webhook URL of one submission: tagged with its generation when the job names one. */
  function webhookUrlFor(modelId: string, requests: number, generationId: string | undefined) {
    if (!webhook) return undefined;
    if (!webhook.tagger || generationId === undefined) return webhook.url;
    return webhook.tagger.urlFor(webhook.url, { generationId, modelId, requests });
  }

  async function submitAll(
    modelId: string,
    inputs: FalInput[],
    ctx: Pick<ProviderContext, 'generationId' | 'deadlineAt' | 'onRequestCost'>,
  ): Promise<string[]> {
    const ids: string[] = [];
    const webhookUrl = webhookUrlFor(modelId, inputs.length, ctx.generationId);
    for (const input of inputs) {
      try {
        const startTimeout = startTimeoutFor(ctx.deadlineAt);
        // Not the job's signal: once fal accepts work we are paying for it, so the submission
        // must finish and reach onSubmitted; the runner's abort is honoured right after.
        const queued = await client.queue.submit(modelId, {
          input,
          abortSignal: callSignal(),
          ...(startTimeout === undefined ? {} : { startTimeout }),
          ...(webhookUrl ? { webhookUrl } : {}),
        });
        ids.push(submittedSchema.parse(queued).request_id);
      } catch (error) {
        // The job fails without a stored id, so earlier requests of it would run unclaimed.
        await Promise.allSettled(ids.map((id) => cancelOne(modelId, id)));
        const failed = failure('submit', error);
        // An HTTP refusal means fal created no request; a lost connection leaves it unknown.
        if (error instanceof FalHttpError && ids.length === 0) {
          throw new ProviderError(failed.message, failed.transient, {
            cause: error,
            nothingSubmitted: true,
          });
        }
        throw failed;
      }
    }
    reportSubmitted(ctx, modelId, ids);
    return ids;
  }

  async function statusOf(modelId: string, requestId: string, signal: AbortSignal) {
    const answer: unknown = await client.queue.status(modelId, {
      requestId,
      logs: false,
      abortSignal: callSignal(signal),
    });
    return statusSchema.parse(answer);
  }

  async function waitForAll(
    modelId: string,
    ids: string[],
    ctx: ProviderContext,
    expectedMs: number,
  ): Promise<Done[]> {
    const phases = new Map<string, Phase>(
      ids.map((id) => [id, { state: 'queued', position: null }]),
    );
    let failedPolls = 0;
    let reported = '';
    let polledAt = -Infinity;
    for (;;) {
      const pollDue = Date.now() - polledAt >= pollIntervalMs;
      if (pollDue) polledAt = Date.now();
      // One look at the inbox for every request still out, not one per request.
      const open = ids.filter((id) => phases.get(id)?.state !== 'done');
      const deliveries = webhook ? await webhook.inbox.find(open) : new Map<string, never>();
      for (const [id, phase] of phases) {
        if (phase.state === 'done') continue;
        ctx.signal.throwIfAborted();
        const delivery = deliveries.get(id);
        if (delivery) {
          phases.set(id, await deliveredPhase(modelId, id, delivery, ctx.signal));
          continue;
        }
        if (!pollDue) continue;
        try {
          phases.set(id, nextPhase(phase, await statusOf(modelId, id, ctx.signal)));
          failedPolls = 0;
        } catch (error) {
          ctx.signal.throwIfAborted();
          const mapped = failure('status', error);
          failedPolls += 1;
          if (!mapped.transient || failedPolls > MAX_FAILED_POLLS) throw mapped;
        }
      }
      const update = progressOf([...phases.values()], expectedMs);
      const key = JSON.stringify(update);
      if (key !== reported) {
        reported = key;
        ctx.onProgress(update);
      }
      const done = ids.flatMap((id) => {
        const phase = phases.get(id);
        return phase?.state === 'done' ? [phase] : [];
      });
      if (done.length === phases.size) return done;
      const untilPoll = Math.max(0, polledAt + pollIntervalMs - Date.now());
      if (webhook) {
        const pending = ids.filter((id) => phases.get(id)?.state !== 'done');
        await webhook.inbox.wait(pending, Math.min(INBOX_CHECK_MS, untilPoll), ctx.signal);
        ctx.signal.throwIfAborted();
        continue;
      }
      try {
        await delay(untilPoll, undefined, { signal: ctx.signal });
      } catch (error) {
        ctx.signal.throwIfAborted();
        throw error;
      }
    }
  }

  /**
   * A request fal reported finished through its webhook. Its result is the delivered payload; an
   * error (or a result fal could not include) is read from fal like a polled one, so it meets the
   * same failure rules (ADR 033). One status read asks for the compute time the webhook omits.
   */
  async function deliveredPhase(
    modelId: string,
    id: string,
    delivery: FalWebhookDelivery,
    signal: AbortSignal,
  ): Promise<Done> {
    const usable = delivery.ok && delivery.payload !== null && delivery.payload !== undefined;
    let inferenceSeconds: number | null = null;
    try {
      inferenceSeconds = (await statusOf(modelId, id, signal)).metrics?.inference_time ?? null;
    } catch {
      // Only the compute time is lost: the result is already in hand or read next.
      signal.throwIfAborted();
    }
    return {
      state: 'done',
      inferenceSeconds,
      delivered: usable ? { data: delivery.payload } : null,
    };
  }

  /** A finished request's result (delivered, or read from fal), its cost reported either way. */
  async function collect(job: Job, id: string, done: Done | undefined): Promise<unknown> {
    const { modelId, ctx } = job;
    try {
      let data: unknown = done?.delivered?.data;
      if (!done?.delivered) {
        const result = await client.queue.result(modelId, {
          requestId: id,
          abortSignal: callSignal(ctx.signal),
        });
        data = result.data;
      }
      reportEnded(ctx, modelId, id, done, { result: data });
      return data;
    } catch (error) {
      ctx.signal.throwIfAborted();
      reportEnded(ctx, modelId, id, done, { error });
      throw error;
    }
  }

  /**
   * The results in request order. A result fal marks retryable (`X-Fal-Retryable: true`,
   * `X-Fal-Needs-Retry: 1`) is final for its request, and reading it again would only fail again,
   * so the work is submitted once more as a new request (recorded in the handle, paid again, issue
   * 31); that one's failure is final.
   */
  async function resultsOf(job: Job, done: Done[], inputsOf: () => Promise<FalInput[]>) {
    const data: unknown[] = [];
    for (const [index, id] of job.ids.entries()) {
      try {
        data.push(await collect(job, id, done[index]));
      } catch (error) {
        const again =
          error instanceof FalHttpError && error.retryable === true && !job.resubmitted.has(id);
        if (!again) throw failure('result', error);
        const rerun = await resubmit(job, index, inputsOf);
        done[index] = rerun.done;
        data.push(rerun.data);
      }
    }
    return data;
  }

  async function resubmit(job: Job, index: number, inputsOf: () => Promise<FalInput[]>) {
    const { modelId, ctx } = job;
    const input = (await inputsOf())[index];
    if (!input) throw new ProviderError('The provider could not finish this generation', false);
    const [id = ''] = await submitAll(modelId, [input], ctx);
    job.ids[index] = id;
    job.resubmitted.add(id);
    await ctx.onSubmitted(encodeHandle(modelId, job.ids, job.resubmitted));
    const [done] = await waitForAll(modelId, [id], ctx, job.expectedMs);
    if (!done) throw new ProviderError('The provider could not finish this generation', false);
    try {
      return { done, data: await collect(job, id, done) };
    } catch (error) {
      throw failure('result', error);
    }
  }

  async function cancelOne(modelId: string, requestId: string): Promise<void> {
    try {
      await client.queue.cancel(modelId, { requestId, abortSignal: callSignal() });
    } catch (error) {
      // 400 ALREADY_COMPLETED and 404: nothing is left to cancel.
      if (error instanceof FalHttpError && (error.status === 400 || error.status === 404)) return;
      throw failure('cancel', error);
    }
  }

  /** Submits (or resumes) the job's requests, waits for all of them and returns their outputs. */
  async function run(
    toolModel: string,
    buildInputs: () => FalInput[] | Promise<FalInput[]>,
    ctx: ProviderContext,
    expectedMs: number,
  ): Promise<FalRun> {
    let built: Promise<FalInput[]> | undefined;
    const inputsOf = () => (built ??= Promise.resolve(buildInputs()));
    let job: Job;
    if (ctx.requestId) {
      const stored = decodeHandle(ctx.requestId, toolModel);
      job = {
        modelId: stored.modelId ?? toolModel,
        ids: stored.requestIds,
        resubmitted: stored.resubmitted,
        ctx,
        expectedMs,
      };
      if (job.ids.length === 0)
        throw new ProviderError('The stored provider request is unreadable', false);
    } else {
      ctx.signal.throwIfAborted();
      const inputs = await inputsOf();
      await ctx.beforeSubmit();
      const ids = await submitAll(toolModel, inputs, ctx);
      job = { modelId: toolModel, ids, resubmitted: new Set(), ctx, expectedMs };
      await ctx.onSubmitted(encodeHandle(toolModel, ids));
    }
    const done = await waitForAll(job.modelId, [...job.ids], ctx, expectedMs);
    const results = await resultsOf(job, done, inputsOf);
    return { results, inferenceMs: totalInferenceMs(done) };
  }

  return {
    run,
    async cancel(handle) {
      const { modelId, requestIds } = decodeHandle(handle, null);
      // A bare id does not say which model's queue holds it; fal cannot be asked without one.
      if (!modelId)
        throw new ProviderError('This request cannot be cancelled at the provider', false);
      // Every request is asked, even when one of them fails; the caller learns of any failure.
      const asked = await Promise.allSettled(requestIds.map((id) => cancelOne(modelId, id)));
      const refused = asked.find((outcome) => outcome.status === 'rejected');
      if (refused) throw refused.reason;
    },
  };
}

/**
 * fal's start timeout (`X-Fal-Request-Timeout`, seconds): the time left before the generation's
 * deadline, so fal drops work no runner started by then instead of running (and billing) what we
 * will have refunded (issue 31). Too little left to start anything: not submitted at all.
 */
export function startTimeoutFor(deadlineAt: number | undefined, now = Date.now()) {
  if (deadlineAt === undefined) return undefined;
  const seconds = Math.floor((deadlineAt - now) / 1000);
  if (seconds < MIN_START_SECONDS) throw new ProviderError(DEADLINE_MESSAGE, false);
  return seconds;
}

function nextPhase(phase: Phase, status: z.infer<typeof statusSchema>): Phase {
  if (status.status === 'IN_QUEUE')
    return { state: 'queued', position: status.queue_position ?? null };
  if (status.status === 'IN_PROGRESS')
    return phase.state === 'running' ? phase : { state: 'running', since: Date.now() };
  // COMPLETED, or a terminal state this client does not know: the result tells how it ended.
  return {
    state: 'done',
    inferenceSeconds: status.metrics?.inference_time ?? null,
    delivered: null,
  };
}

/** The job's compute time: the sum of what fal reported, or null when it reported none. */
function totalInferenceMs(done: { inferenceSeconds: number | null }[]): number | null {
  const reported = done.flatMap((phase) =>
    phase.inferenceSeconds === null ? [] : [phase.inferenceSeconds],
  );
  if (reported.length === 0) return null;
  return Math.round(reported.reduce((sum, seconds) => sum + seconds, 0) * 1000);
}

/**
 * fal reports a queue position (0 = next) but no progress, so while work runs the progress is an
 * estimate from the elapsed time against the model's typical duration, approaching 95 %.
 */
function progressOf(
  phases: Phase[],
  expectedMs: number,
): { progress?: number; queuePosition?: number | null } {
  if (phases.every((phase) => phase.state === 'queued')) {
    const positions = phases.flatMap((phase) => (phase.position === null ? [] : [phase.position]));
    return { queuePosition: positions.length > 0 ? Math.min(...positions) + 1 : null };
  }
  const now = Date.now();
  const total = phases.reduce((sum, phase) => {
    if (phase.state === 'done') return sum + 100;
    if (phase.state === 'queued') return sum;
    return sum + 5 + 90 * (1 - Math.exp(-(now - phase.since) / expectedMs));
  }, 0);
  return { progress: Math.min(95, Math.round(total / phases.length)), queuePosition: null };
}
