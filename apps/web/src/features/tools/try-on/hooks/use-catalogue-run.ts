import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMutation } from '@/lib/use-mutation';
import { useSearchParams } from 'react-router';
import { useCurrentUser } from '@/features/auth';
import { creditsQueryKey } from '@/features/credits';
import { estimateQueryPrefix, useStartDialogs, useStopwatch } from '@/features/generations';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { isRecord } from '@/lib/guards';
import {
  cancelCatalogue,
  catalogueQueryKey,
  catalogueQueryOptions,
  fetchLatestCatalogue,
  latestCatalogueQueryKey,
  startCatalogue,
} from '../api/catalogue';
import { dismissCatalogue, isDismissedCatalogue } from '../lib/dismissed-catalogue';

/** The catalogue shown is named in the address (`?batch=`), so a reload or a shared tab finds it. */
const BATCH_PARAM = 'batch';

/**
 * One catalogue run: start (charged once per Idempotency-Key), then the batch polled as a whole
 * until every pair has ended. A 402 opens the insufficient-credits dialog and a 403 the upgrade
 * dialog, as for single generations; anything else is a message.
 */
export function useCatalogueRun({ restoreLatest = false }: { restoreLatest?: boolean } = {}) {
  const queryClient = useQueryClient();
  const userId = useCurrentUser()?.id ?? null;
  const [params, setParams] = useSearchParams();
  const batchId = params.get(BATCH_PARAM);
  // Opened without a catalogue in the address (a return from another page, a reload after the
  // address lost it): the user's latest one is asked for once and shown, unless they cleared it.
  const [restoring, setRestoring] = useState(restoreLatest && batchId === null);
  const [startError, setStartError] = useState<string | null>(null);
  /** The catalogue still running when a new one was refused (429 names it). */
  const [runningElsewhere, setRunningElsewhere] = useState<string | null>(null);
  const dialogs = useStartDialogs();
  const submitting = useRef(false);

  const query = useQuery({ ...catalogueQueryOptions(batchId ?? ''), enabled: batchId !== null });
  const batch = batchId !== null ? (query.data ?? null) : null;
  const finished = batch?.status === 'finished';
  const latest = useQuery({
    queryKey: latestCatalogueQueryKey(userId ?? ''),
    queryFn: ({ signal }) => fetchLatestCatalogue(signal),
    enabled: restoring && userId !== null && batchId === null,
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });

  const refreshCredits = () => {
    if (userId !== null) void queryClient.invalidateQueries({ queryKey: creditsQueryKey(userId) });
    void queryClient.invalidateQueries({ queryKey: estimateQueryPrefix });
  };
  // Each pair that ends captures or returns its credits: the balance follows it, not the whole.
  const settled = batch ? batch.counts.total - batch.counts.active : 0;
  useEffect(() => {
    if (settled > 0) refreshCredits();
    // Once per pair settled: refreshCredits is recreated every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled, batchId]);

  const showBatch = (id: string | null) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id === null) next.delete(BATCH_PARAM);
        else next.set(BATCH_PARAM, id);
        return next;
      },
      { replace: true },
    );
  };

  // Start and Clear All end `restoring` (in their handlers): after either, nothing comes back.
  const restored = latest.data;
  useEffect(() => {
    if (!restoring || batchId !== null || !restored) return;
    if (isDismissedCatalogue(userId, restored.id)) return;
    queryClient.setQueryData(catalogueQueryKey(restored.id), restored);
    showBatch(restored.id);
    // When the answer arrives; showBatch is recreated every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [restored, restoring, batchId]);

  const starter = useMutation({
    mutationFn: (input: { body: Record<string, unknown>; key: string }) =>
      startCatalogue(input.body, input.key),
  });
  const canceler = useMutation({
    mutationFn: cancelCatalogue,
    onSuccess: (updated) => {
      queryClient.setQueryData(catalogueQueryKey(updated.id), updated);
      refreshCredits();
    },
  });

  const running =
    starter.isPending || (batch !== null && !finished) || (batchId !== null && query.isPending);
  /** The latest catalogue is being asked for: the results say so rather than 'nothing yet'. */
  const looking = restoring && batchId === null && userId !== null && latest.isPending;
  // The timer counts from the click, or (after a reload) from when the server took the catalogue,
  // put on the page's own clock through one reading of both clocks taken when the page opened.
  const [clickedAt, setClickedAt] = useState<number | null>(null);
  const [opened] = useState(() => ({ page: performance.now(), wall: Date.now() }));
  const createdAt = batch ? Date.parse(batch.createdAt) : Number.NaN;
  const startedAt =
    clickedAt ??
    (Number.isFinite(createdAt) ? opened.page - Math.max(0, opened.wall - createdAt) : null);
  const elapsedMs = useStopwatch(startedAt, running);

  /** Sends the catalogue; false when it was not sent (one is already going). */
  const start = (body: Record<string, unknown>): boolean => {
    if (submitting.current || running) return false;
    submitting.current = true;
    const key = dialogs.keyFor(body);
    setStartError(null);
    setRunningElsewhere(null);
    setClickedAt(performance.now());
    setRestoring(false);
    canceler.reset();
    // Document 2 §4: a start clears the previous results (and so the catalogue shown).
    showBatch(null);
    starter.mutate(
      { body, key },
      {
        onSuccess: (accepted) => {
          dialogs.forgetKey();
          showBatch(accepted.batchId);
          refreshCredits();
        },
        onError: (failure) => {
          const message = dialogs.refusal(failure);
          if (message !== null) {
            setStartError(message);
            if (
              isApiError(failure) &&
              failure.code === 'too_many_batches' &&
              isRecord(failure.details) &&
              typeof failure.details.batchId === 'string'
            ) {
              setRunningElsewhere(failure.details.batchId);
            }
          }
          setClickedAt(null);
        },
        onSettled: () => {
          submitting.current = false;
        },
      },
    );
    return true;
  };

  const reset = () => {
    // Cleared: a later reload or return does not bring this catalogue back.
    if (batchId !== null) dismissCatalogue(userId, batchId);
    setRestoring(false);
    dialogs.forgetKey();
    setRunningElsewhere(null);
    setClickedAt(null);
    setStartError(null);
    starter.reset();
    canceler.reset();
    showBatch(null);
  };

  return {
    batchId,
    batch,
    /** The catalogue could not be read (gone, another account's): nothing to show. */
    loadError:
      batchId !== null && query.isError && batch === null ? getErrorMessage(query.error) : null,
    /** A poll failed while the catalogue is shown (network, server): it keeps trying. */
    refreshFailed: batch !== null && query.isError,
    runningElsewhere,
    showRunning: () => {
      if (runningElsewhere === null) return;
      setStartError(null);
      showBatch(runningElsewhere);
      setRunningElsewhere(null);
    },
    starting: starter.isPending,
    looking,
    running,
    elapsedMs,
    startError,
    start,
    cancel: () => {
      if (batchId !== null && !finished) canceler.mutate(batchId);
    },
    canceling: canceler.isPending,
    cancelError: canceler.isError ? getErrorMessage(canceler.error) : null,
    reset,
    dialog: dialogs.dialog,
    dialogOpen: dialogs.dialogOpen,
    openDialog: dialogs.openDialog,
    closeDialog: dialogs.closeDialog,
  };
}

export type CatalogueRun = ReturnType<typeof useCatalogueRun>;
