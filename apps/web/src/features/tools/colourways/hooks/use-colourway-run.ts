import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMutation } from '@/lib/use-mutation';
import { useSearchParams } from 'react-router';
import { useCurrentUser } from '@/features/auth';
import { creditsQueryKey } from '@/features/credits';
import { estimateQueryPrefix, useStartDialogs, useStopwatch } from '@/features/generations';
import { getErrorMessage } from '@/lib/api-client';
import {
  colourwaySetQueryKey,
  colourwaySetQueryOptions,
  setFinished,
  startColourways,
} from '../api/colourways';

/** The set shown is named in the address (`?set=`), so a reload or a shared tab finds it. */
const SET_PARAM = 'set';

/**
 * One colourway set's run: start (charged once per Idempotency-Key), then the set polled as a
 * whole until every variant has ended; the balance follows each variant as it settles. A 402 or
 * 403 opens its dialog as for any generation; anything else is a message.
 */
export function useColourwayRun() {
  const queryClient = useQueryClient();
  const userId = useCurrentUser()?.id ?? null;
  const [params, setParams] = useSearchParams();
  const setId = params.get(SET_PARAM);
  const [startError, setStartError] = useState<string | null>(null);
  const dialogs = useStartDialogs();
  const query = useQuery({ ...colourwaySetQueryOptions(setId ?? ''), enabled: setId !== null });
  const set = setId !== null ? (query.data ?? null) : null;
  const finished = set !== null && setFinished(set);

  const showSet = (id: string | null) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id === null) next.delete(SET_PARAM);
        else next.set(SET_PARAM, id);
        return next;
      },
      { replace: true },
    );
  };

  // Each variant that ends keeps or returns its credit: the balance and estimate follow it.
  const settled = set
    ? set.generations.filter((g) => g.status !== 'queued' && g.status !== 'running').length
    : 0;
  useEffect(() => {
    if (settled === 0) return;
    if (userId !== null) void queryClient.invalidateQueries({ queryKey: creditsQueryKey(userId) });
    void queryClient.invalidateQueries({ queryKey: estimateQueryPrefix });
    // Once per variant settled.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled, setId]);

  const starter = useMutation({
    mutationFn: (input: { body: Record<string, unknown>; key: string }) =>
      startColourways(input.body, input.key),
  });
  const running =
    starter.isPending || (set !== null && !finished) || (setId !== null && query.isPending);
  // Counted from the click; a set shown after a reload counts from the page's opening.
  const [clickedAt, setClickedAt] = useState<number | null>(null);
  const [opened] = useState(() => performance.now());
  const elapsedMs = useStopwatch(clickedAt ?? opened, running);

  /** Sends the set; false when it was not sent (one is already going). */
  const start = (body: Record<string, unknown>): boolean => {
    if (running) return false;
    const key = dialogs.keyFor(body);
    setClickedAt(performance.now());
    setStartError(null);
    // A start clears the previous results.
    showSet(null);
    starter.mutate(
      { body, key },
      {
        onSuccess: (made) => {
          dialogs.forgetKey();
          queryClient.setQueryData(colourwaySetQueryKey(made.setId), made);
          showSet(made.setId);
          if (userId !== null)
            void queryClient.invalidateQueries({ queryKey: creditsQueryKey(userId) });
        },
        onError: (failure) => {
          setStartError(dialogs.refusal(failure));
        },
      },
    );
    return true;
  };

  return {
    setId,
    set,
    running,
    elapsedMs,
    starting: starter.isPending,
    startError,
    /** The set could not be read (gone, another account's): nothing to show. */
    loadError:
      setId !== null && query.isError && set === null ? getErrorMessage(query.error) : null,
    start,
    reset: () => {
      dialogs.forgetKey();
      setStartError(null);
      starter.reset();
      showSet(null);
    },
    dialog: dialogs.dialog,
    dialogOpen: dialogs.dialogOpen,
    openDialog: dialogs.openDialog,
    closeDialog: dialogs.closeDialog,
  };
}

export type ColourwayRun = ReturnType<typeof useColourwayRun>;
