import { useEffect, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Generation } from '@studio/contract';
import type { AccessPlan } from '@studio/contract/tools';
import { useCurrentUser } from '@/features/auth/api/session';
import { creditsQueryKey } from '@/features/credits/api/credits';
import { isApiError } from '@/lib/api-client';
import { estimateQueryPrefix } from '../api/credit-estimate';
import {
  cancelGeneration,
  generationQueryKey,
  isFinished,
  startGeneration,
  useGeneration,
} from '../api/generation';
import { classifyStartFailure } from '../lib/generation-errors';
import { newIdempotencyKey } from '../lib/idempotency-key';
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
}

interface RunState<C> {
  context: C | null;
  generationId: string | null;
  /** `performance.now()` at the click; null when nothing was started. */
  startedAt: number | null;
  /** A failure before the work was accepted (validation, rate limit, network). */
  error: string | null;
}

const idleRun: RunState<never> = {
  context: null,
  generationId: null,
  startedAt: null,
  error: null,
};

/**
 * One tool's generation flow (document 2 §4 Generation flow): idle → generating → results | error.
 * A start clears the previous result and error and starts the 0.1 s timer; the accepted
 * generation is polled for queue position and progress until it ends; credits are refreshed when
 * the work is accepted (reserved) and when it ends (captured or returned). A 402 opens the
 * insufficient-credits dialog and a 403 `plan_required` the upgrade dialog instead of an error.
 */
export function useGenerationRun<C>({ describeFailure, checkOutput }: GenerationRunOptions<C>) {
  const queryClient = useQueryClient();
  const userId = useCurrentUser()?.id ?? null;
  const [run, setRun] = useState<RunState<C>>(idleRun);
  const [dialog, setDialog] = useState<GenerationDialog | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  // Set in the click itself: two clicks within one frame both see the pre-click render.
  const submitting = useRef(false);

  const refreshCredits = () => {
    if (userId !== null) void queryClient.invalidateQueries({ queryKey: creditsQueryKey(userId) });
    void queryClient.invalidateQueries({ queryKey: estimateQueryPrefix });
  };

  const openDialog = (next: GenerationDialog) => {
    // The content is kept after closing so the dialog does not go blank while it fades out.
    setDialog(next);
    setDialogOpen(true);
  };

  const starter = useMutation({
    mutationFn: (input: { path: string; body: Record<string, unknown>; key: string }) =>
      startGeneration(input.path, input.body, input.key),
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
    } else if (isApiError(query.error) && !query.error.isRetryable) {
      // The generation cannot be read (gone, signed out): polling stopped, waiting will not help.
      phase = 'error';
      error = describeFailure(query.error.message, run.context);
    } else {
      phase = 'generating';
    }
  }

  const elapsedMs = useStopwatch(run.startedAt, phase === 'generating');

  const finishedId = finished ? generation.id : null;
  useEffect(() => {
    if (finishedId === null) return;
    if (userId !== null) void queryClient.invalidateQueries({ queryKey: creditsQueryKey(userId) });
    void queryClient.invalidateQueries({ queryKey: estimateQueryPrefix });
  }, [finishedId, queryClient, userId]);

  const start = (path: string, body: Record<string, unknown>, context: C) => {
    if (submitting.current || phase === 'generating') return;
    submitting.current = true;
    setRun({ ...idleRun, context, startedAt: performance.now() });
    setDialogOpen(false);
    canceler.reset();
    starter.mutate(
      { path, body, key: newIdempotencyKey() },
      {
        onSuccess: (accepted) => {
          setRun((current) => ({ ...current, generationId: accepted.generationId }));
          refreshCredits();
        },
        onSettled: () => {
          submitting.current = false;
        },
        onError: (failure) => {
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
            openDialog({ kind: 'upgrade', requiresPlan: outcome.requiresPlan });
          }
        },
      },
    );
  };

  const cancel = () => {
    if (run.generationId === null || finished) return;
    canceler.mutate(run.generationId, { onSettled: refreshCredits });
  };

  const reset = () => {
    setRun(idleRun);
    starter.reset();
    canceler.reset();
  };

  return {
    phase,
    isGenerating: phase === 'generating',
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
