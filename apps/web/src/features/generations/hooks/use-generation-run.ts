import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useMutation } from '@/lib/use-mutation';
import { useLocation } from 'react-router';
import type { Generation } from '@studio/contract';
import type { AccessPlan } from '@studio/contract/tools';
import { useCurrentUser } from '@/features/auth';
import { creditsQueryKey } from '@/features/credits';
import { isApiError } from '@/lib/api-client';
import { estimateQueryPrefix } from '../api/credit-estimate';
import {
  cancelGeneration,
  generationQueryKey,
  isFinished,
  pollEnded,
  startGeneration,
  useGeneration,
} from '../api/generation';
import {
  clearActiveGeneration,
  readActiveGeneration,
  saveActiveGeneration,
} from '../lib/active-generation';
import { classifyStartFailure } from '../lib/generation-errors';
import { newIdempotencyKey } from '../lib/idempotency-key';
import { madeFromOf } from '../lib/made-from';
import { useStopwatch } from './use-stopwatch';

export type GenerationPhase = 'idle' | 'generating' | 'results' | 'error' | 'canceled';

/** The modal a generation can open: not enough credits, or a plan that lacks the feature. */
export type GenerationDialog =
  | { kind: 'insufficient-credits'; required: number | null; available: number | null }
  | {
      kind: 'upgrade';
      requiresPlan: readonly AccessPlan[];
      /** What needs the plan, when it is not the page's own feature ('Video Generation'). */
      feature?: string;
    };

export const CANCELED_MESSAGE = 'Generation canceled. Your credits were returned.';

/**
 * `C` is what the page needs to remember about a run (the canvas editor: which tool made it),
 * passed to `start` and handed back to these functions, so a setting changed during the run
 * does not change how its outcome reads.
 */
export interface GenerationRunOptions<C> {
  /** The message for a failure; `reason` is the server's, or null when it gave none. */
  describeFailure: (reason: string | null, context: C) => string;
  /** A success without the output the tool needs, as an error message (else null). */
  checkOutput?: (generation: Generation, context: C) => string | null;
  /**
   * What the upgrade dialog names after the server's 403 `plan_required`, so it reads like the
   * page's own plan check ('Video Generation'); without it the dialog names the page's feature.
   */
  upgradeFeature?: (context: C) => string;
  /**
   * Keeps the accepted run in sessionStorage under `key` (e.g. 'canvas-editor'), so leaving the
   * page and coming back resumes it. `readContext` checks the stored context: it is untyped
   * JSON that may come from an older deploy. With `keepOutcome`, a run that ended stays stored
   * too (until `reset` or the next start), so coming back shows its results or error again.
   */
  persist?: { key: string; readContext: (stored: unknown) => C | null; keepOutcome?: boolean };
}

/** The path, body and key of the last start that may have reached the server. */
interface Attempt {
  path: string;
  body: string;
  key: string;
}

interface RunState<C> {
  context: C | null;
  generationId: string | null;
  /** `performance.now()` at the click; null when nothing was started. */
  startedAt: number | null;
  /** A failure before the work was accepted (validation, rate limit, network). */
  error: string | null;
  /** Picked up from storage after the page was left, rather than started here. */
  resumed: boolean;
}

const idleRun: RunState<never> = {
  context: null,
  generationId: null,
  startedAt: null,
  error: null,
  resumed: false,
};

/**
 * Whether a failed start may have reached the server and been accepted there: no answer
 * (network), a timeout, a server error, a rate limit, or an answer that could not be read.
 * A definite refusal (400, 402, 403…) created nothing.
 */
function mayHaveReachedServer(failure: unknown): boolean {
  if (!isApiError(failure)) return true;
  return failure.isRetryable || failure.code === 'malformed_response';
}

/**
 * One tool's generation flow (document 2 §4 Generation flow): idle → generating → results | error.
 * A start clears the previous result and error and starts the 0.1 s timer; the accepted
 * generation is polled for queue position and progress until it ends; credits are refreshed when
 * the work is accepted (reserved) and when it ends (captured or returned). A 402 opens the
 * insufficient-credits dialog and a 403 `plan_required` the upgrade dialog instead of an error.
 * With `persist`, the accepted run survives leaving the page and is resumed on return.
 */
export function useGenerationRun<C>({
  describeFailure,
  checkOutput,
  upgradeFeature,
  persist,
}: GenerationRunOptions<C>) {
  const queryClient = useQueryClient();
  const userId = useCurrentUser()?.id ?? null;
  const persistKey = persist?.key ?? null;
  const keepOutcome = persist?.keepOutcome ?? false;
  const [run, setRun] = useState<RunState<C>>(() => {
    const stored = persist ? readActiveGeneration(persist.key, userId, persist.readContext) : null;
    if (!stored) return idleRun;
    return {
      context: stored.context,
      generationId: stored.generationId,
      // The stored start is wall-clock time; the timer counts on the page's own clock.
      startedAt: performance.now() - Math.max(0, Date.now() - stored.startedAt),
      error: null,
      resumed: true,
    };
  });
  const { pathname } = useLocation();
  const [dialog, setDialog] = useState<GenerationDialog | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  // Set in the click itself: two clicks within one frame both see the pre-click render.
  const submitting = useRef(false);
  // Which start the page is showing: `reset` moves it on, so a late answer is ignored.
  const runToken = useRef(0);
  // A retry of a start that may have reached the server reuses its Idempotency-Key, so the
  // server answers with the generation it already made instead of charging again.
  const lastAttempt = useRef<Attempt | null>(null);

  const refreshCredits = () => {
    if (userId !== null) void queryClient.invalidateQueries({ queryKey: creditsQueryKey(userId) });
    void queryClient.invalidateQueries({ queryKey: estimateQueryPrefix });
  };

  const openDialog = (next: GenerationDialog) => {
    // The content is kept after closing so the dialog does not go blank while it fades out.
    setDialog(next);
    setDialogOpen(true);
  };

  const forgetAttempt = (key: string) => {
    if (lastAttempt.current?.key === key) lastAttempt.current = null;
  };

  const starter = useMutation({
    // The key is forgotten here rather than in `mutate`'s callbacks: those do not run for a
    // start that `reset` detached, and its answer still decides whether the key was used up.
    mutationFn: async (input: { path: string; body: Record<string, unknown>; key: string }) => {
      try {
        const accepted = await startGeneration(
          input.path,
          input.body,
          input.key,
          undefined,
          madeFromOf(pathname),
        );
        forgetAttempt(input.key);
        return accepted;
      } catch (failure) {
        if (!mayHaveReachedServer(failure)) forgetAttempt(input.key);
        throw failure;
      }
    },
  });
  const canceler = useMutation({
    mutationFn: cancelGeneration,
    onSuccess: (generation) => {
      queryClient.setQueryData(generationQueryKey(generation.id), generation);
    },
  });

  const query = useGeneration(run.generationId);
  const generation = run.generationId !== null ? (query.data ?? null) : null;
  const finished = generation !== null && isFinished(generation.status);

  let phase: GenerationPhase = 'idle';
  let error: string | null = null;
  if (starter.isPending) phase = 'generating';
  else if (run.error !== null) {
    phase = 'error';
    error = run.error;
  } else if (run.generationId !== null && run.context !== null) {
    if (generation?.status === 'succeeded') {
      error = checkOutput?.(generation, run.context) ?? null;
      phase = error === null ? 'results' : 'error';
    } else if (generation?.status === 'failed') {
      phase = 'error';
      error = describeFailure(generation.error, run.context);
    } else if (generation?.status === 'canceled') {
      phase = 'canceled';
    } else if (pollEnded(query.error)) {
      // The generation cannot be read (gone, signed out, garbled): polling stopped.
      phase = 'error';
      error = describeFailure(query.error.message, run.context);
    } else {
      phase = 'generating';
    }
  }

  const stopwatchMs = useStopwatch(run.startedAt, phase === 'generating');
  // A run that ended while the page was away never ticked here: the server's times say how long.
  const serverMs =
    run.resumed && finished && generation.finishedAt !== null
      ? Date.parse(generation.finishedAt) - Date.parse(generation.createdAt)
      : Number.NaN;
  const elapsedMs = Number.isFinite(serverMs) ? Math.max(0, serverMs) : stopwatchMs;

  const finishedId = finished ? generation.id : null;
  useEffect(() => {
    if (finishedId === null) return;
    if (userId !== null) void queryClient.invalidateQueries({ queryKey: creditsQueryKey(userId) });
    void queryClient.invalidateQueries({ queryKey: estimateQueryPrefix });
  }, [finishedId, queryClient, userId]);

  // Once the outcome is on screen there is nothing left to come back for, unless the page keeps it.
  const endedId =
    run.generationId !== null && (finished || pollEnded(query.error)) ? run.generationId : null;
  useEffect(() => {
    if (endedId !== null && persistKey !== null && !keepOutcome) {
      clearActiveGeneration(persistKey, endedId);
    }
  }, [endedId, persistKey, keepOutcome]);

  /** Sends the request; false when it was not sent (a run is already going). */
  const start = (path: string, body: Record<string, unknown>, context: C): boolean => {
    if (submitting.current || phase === 'generating') return false;
    submitting.current = true;
    runToken.current += 1;
    const token = runToken.current;
    const clickedAt = Date.now();
    const bodyJson = JSON.stringify(body);
    const previous = lastAttempt.current;
    const key =
      previous?.path === path && previous.body === bodyJson ? previous.key : newIdempotencyKey();
    lastAttempt.current = { path, body: bodyJson, key };
    // A kept outcome is replaced: until this run is accepted there is nothing to come back to.
    if (persistKey !== null) clearActiveGeneration(persistKey);
    setRun({ ...idleRun, context, startedAt: performance.now() });
    setDialogOpen(false);
    canceler.reset();
    starter.mutate(
      { path, body, key },
      {
        onSuccess: (accepted) => {
          if (token !== runToken.current) return;
          setRun((current) => ({ ...current, generationId: accepted.generationId }));
          if (persistKey !== null && userId !== null) {
            saveActiveGeneration(persistKey, {
              generationId: accepted.generationId,
              userId,
              context,
              startedAt: clickedAt,
            });
          }
          refreshCredits();
        },
        onSettled: () => {
          if (token === runToken.current) submitting.current = false;
        },
        onError: (failure) => {
          if (token !== runToken.current) return;
          const outcome = classifyStartFailure(failure);
          if (outcome.kind === 'message') {
            setRun((current) => ({ ...current, error: describeFailure(outcome.reason, context) }));
            return;
          }
          // Nothing was started: back to idle, with the dialog explaining why.
          setRun(idleRun);
          if (outcome.kind === 'insufficient-credits') {
            openDialog({
              kind: 'insufficient-credits',
              required: outcome.required,
              available: outcome.available,
            });
          } else {
            openDialog({
              kind: 'upgrade',
              requiresPlan: outcome.requiresPlan,
              ...(upgradeFeature ? { feature: upgradeFeature(context) } : {}),
            });
          }
        },
      },
    );
    return true;
  };

  const cancel = () => {
    if (run.generationId === null || finished) return;
    canceler.mutate(run.generationId, { onSettled: refreshCredits });
  };

  /**
   * Back to idle. A start still in flight is detached (TanStack's `reset` drops its callbacks),
   * so the click guard is released here and its late answer is ignored. Its Idempotency-Key is
   * kept: starting the same thing again then gets the generation it may have made.
   */
  const reset = () => {
    runToken.current += 1;
    submitting.current = false;
    if (persistKey !== null) clearActiveGeneration(persistKey);
    setRun(idleRun);
    starter.reset();
    canceler.reset();
  };

  return {
    phase,
    isGenerating: phase === 'generating',
    /** The last poll did not reach the server (polling goes on): the page says so. */
    pollFailing: isApiError(query.error) && query.error.code === 'network_error',
    /** The latest state of the started generation (null before it is accepted). */
    generation,
    /** What `start` was given for the current run; null before the first. */
    context: run.context,
    error,
    elapsedMs,
    start,
    cancel,
    isCanceling: canceler.isPending,
    cancelFailed: canceler.isError,
    reset,
    dialog,
    dialogOpen,
    openDialog,
    closeDialog: () => {
      setDialogOpen(false);
    },
  };
}

export type GenerationRun<C = unknown> = ReturnType<typeof useGenerationRun<C>>;
