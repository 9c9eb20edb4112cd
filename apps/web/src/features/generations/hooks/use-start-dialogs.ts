import { useRef, useState } from 'react';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { classifyStartFailure } from '../lib/generation-errors';
import { newIdempotencyKey } from '../lib/idempotency-key';
import type { GenerationDialog } from './use-generation-run';

/**
 * What a run that starts several generations at once (a catalogue, a colourway set) shares with a
 * single run when its start is refused: a 402 opens the insufficient-credits dialog and a 403 the
 * upgrade dialog, anything else is a message; and a retry of the same request after a failure that
 * may have reached the server reuses its Idempotency-Key, so the server answers what it made
 * instead of charging twice.
 */
export function useStartDialogs() {
  const [dialog, setDialog] = useState<GenerationDialog | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const lastAttempt = useRef<{ body: string; key: string } | null>(null);

  const openDialog = (next: GenerationDialog) => {
    setDialog(next);
    setDialogOpen(true);
  };

  return {
    dialog,
    dialogOpen,
    openDialog,
    closeDialog: () => {
      setDialogOpen(false);
    },
    /** The key for `body`: the last attempt's when it is the same request, else a new one. */
    keyFor: (body: Record<string, unknown>): string => {
      const json = JSON.stringify(body);
      const key =
        lastAttempt.current?.body === json ? lastAttempt.current.key : newIdempotencyKey();
      lastAttempt.current = { body: json, key };
      setDialogOpen(false);
      return key;
    },
    /** The request was answered: the next one gets a new key. */
    forgetKey: () => {
      lastAttempt.current = null;
    },
    /**
     * A start's refusal: a dialog for 402 and 403 (answers null), else the message to show. A
     * definite refusal made nothing, so the next click may use a new key.
     */
    refusal: (failure: unknown): string | null => {
      if (isApiError(failure) && !failure.isRetryable && failure.code !== 'malformed_response') {
        lastAttempt.current = null;
      }
      const outcome = classifyStartFailure(failure);
      if (outcome.kind === 'insufficient-credits') {
        openDialog({
          kind: 'insufficient-credits',
          required: outcome.required,
          available: outcome.available,
        });
        return null;
      }
      if (outcome.kind === 'plan-required') {
        openDialog({ kind: 'upgrade', requiresPlan: outcome.requiresPlan });
        return null;
      }
      return getErrorMessage(failure);
    },
  };
}
