import { useCallback, useEffect, useRef, useState } from 'react';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { fetchMediaFile, MediaFetchError } from '../api/media-file';
import { fetchTrustAnchor } from '../api/trust-anchor';
import { formatOf, MAX_VERIFY_BYTES, type VerifyFormat } from '../lib/file-format';
import {
  CredentialsReadError,
  readCredentials,
  type CredentialsReading,
} from '../lib/read-credentials';

/** The studio's trust anchor, asked for once a visit (null when the server has none to give). */
export const trustAnchorQueryOptions = queryOptions({
  queryKey: ['provenance', 'trust-anchor'] as const,
  queryFn: ({ signal }) => fetchTrustAnchor(signal),
  staleTime: Infinity,
  retry: false,
});

export type CheckState =
  | { phase: 'idle' }
  | { phase: 'reading'; name: string }
  | { phase: 'done'; name: string; reading: CredentialsReading }
  | { phase: 'failed'; name: string; message: string };

export const TOO_LARGE = 'This file is larger than 200 MB, the most this page reads.';
export const UNSUPPORTED =
  'This page reads JPEG, PNG and WebP images and MP4 videos, and this file is none of them.';
export const UNREADABLE =
  'This file could not be read: it may be damaged or cut short. Try the original file.';
export const NO_READER =
  'The credentials reader could not start in this browser. Reload the page and try again.';

const FETCH_PROBLEMS: Record<MediaFetchError['problem'], string> = {
  'signed-out':
    'Sign in with the account that made this result to check it here, or download it and drop it on this page.',
  'not-found':
    'This result could not be found: it may have been deleted, or it belongs to another account.',
  failed: 'The result could not be loaded. Please try again.',
  offline: "Can't reach the server. Check your connection and try again.",
};

function messageFor(error: unknown): string {
  if (error instanceof MediaFetchError) return FETCH_PROBLEMS[error.problem];
  if (error instanceof CredentialsReadError) {
    return error.kind === 'no-reader' ? NO_READER : UNREADABLE;
  }
  return UNREADABLE;
}

/** The file's format, or why it cannot be read here. */
async function checkFile(file: Blob): Promise<{ format: VerifyFormat } | { problem: string }> {
  if (file.size > MAX_VERIFY_BYTES) return { problem: TOO_LARGE };
  const format = await formatOf(file);
  return format === null ? { problem: UNSUPPORTED } : { format };
}

/**
 * Reads a dropped or chosen file's content credentials, or a stored output's (the result
 * screens' "Check in the verifier"), all in this tab. A newer file replaces the one being read.
 */
export function useCredentialsCheck() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<CheckState>({ phase: 'idle' });
  const current = useRef<AbortController | null>(null);
  // Leaving the page ends a read under way (and its worker).
  useEffect(() => () => current.current?.abort(), []);

  const run = useCallback(
    async (name: string, load: (signal: AbortSignal) => Promise<Blob>) => {
      current.current?.abort();
      const controller = new AbortController();
      current.current = controller;
      // A function, not `signal.aborted` itself: it changes while the awaits below wait.
      const givenUp = () => controller.signal.aborted;
      const { signal } = controller;
      setState({ phase: 'reading', name });
      try {
        const file = await load(signal);
        const checked = await checkFile(file);
        if (givenUp()) return;
        if ('problem' in checked) {
          setState({ phase: 'failed', name, message: checked.problem });
          return;
        }
        const trustAnchor = await queryClient.query(trustAnchorQueryOptions);
        const reading = await readCredentials(file, checked.format, { trustAnchor, signal });
        if (givenUp()) return;
        setState({ phase: 'done', name, reading });
      } catch (error) {
        if (givenUp()) return;
        setState({ phase: 'failed', name, message: messageFor(error) });
      }
    },
    [queryClient],
  );

  const checkLocalFile = useCallback(
    (file: File) => run(file.name, () => Promise.resolve(file)),
    [run],
  );
  const checkStoredMedia = useCallback(
    (path: string) => run('The result you opened', (signal) => fetchMediaFile(path, signal)),
    [run],
  );
  return { state, checkLocalFile, checkStoredMedia };
}
