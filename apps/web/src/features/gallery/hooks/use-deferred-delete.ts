import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { notify } from '@/components/ui/toast';
import { getErrorMessage } from '@/lib/api-client';

/** How long "Deleted N items · Undo" stays before the delete is sent (ADR 030). */
export const UNDO_WINDOW_MS = 8_000;

const NONE: ReadonlySet<string> = new Set();

/**
 * Delete with undo, Gmail style (ADR 030): the cards are hidden at once and the request is sent
 * only when the undo window closes, so an undo has nothing to restore on the server. A second
 * delete, or leaving the page, sends the one still waiting at once. Once the server has answered
 * the gallery is refetched (counts and pages), and the cards stay hidden until it has.
 */
export function useDeferredDelete() {
  const queryClient = useQueryClient();
  /** The delete waiting in its undo window. */
  const [waiting, setWaiting] = useState<readonly string[] | null>(null);
  /** Cards hidden: the waiting ones and those whose delete is on its way. */
  const [hidden, setHidden] = useState<ReadonlySet<string>>(NONE);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const waitingRef = useRef<readonly string[] | null>(null);

  const send = useCallback(
    async (ids: readonly string[]) => {
      const unhide = () => {
        setHidden((current) => new Set([...current].filter((id) => !ids.includes(id))));
      };
      try {
        const { deleteGenerations } = await import('../api/gallery-actions');
        await deleteGenerations(ids);
        await queryClient.invalidateQueries({ queryKey: ['gallery'] });
      } catch (error) {
        notify.error('The items could not be deleted.', getErrorMessage(error));
      }
      unhide();
    },
    [queryClient],
  );

  const flush = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    const ids = waitingRef.current;
    waitingRef.current = null;
    setWaiting(null);
    if (ids) void send(ids);
  }, [send]);

  // Leaving the gallery does not cancel a delete the user did not undo.
  useEffect(() => flush, [flush]);

  const remove = (ids: readonly string[]) => {
    if (ids.length === 0) return;
    flush();
    waitingRef.current = ids;
    setWaiting(ids);
    setHidden((current) => new Set([...current, ...ids]));
    timer.current = setTimeout(flush, UNDO_WINDOW_MS);
  };

  const undo = () => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    const ids = waitingRef.current ?? [];
    waitingRef.current = null;
    setWaiting(null);
    setHidden((current) => new Set([...current].filter((id) => !ids.includes(id))));
  };

  return { waiting, hidden, remove, undo };
}
