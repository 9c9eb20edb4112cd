/** Why a stored output could not be fetched for the verifier. */
export type MediaFetchProblem = 'signed-out' | 'not-found' | 'failed' | 'offline';

export class MediaFetchError extends Error {
  override readonly name = 'MediaFetchError';
  constructor(readonly problem: MediaFetchProblem) {
    super(`The file could not be fetched (${problem})`);
  }
}

/**
 * One of the studio's stored outputs (a path the caller has checked, media-path.ts), with the
 * visitor's cookies: outputs are private to the account that made them.
 */
export async function fetchMediaFile(path: string, signal?: AbortSignal): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(new URL(path, window.location.origin), {
      credentials: 'include',
      signal: signal ?? null,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new MediaFetchError('offline');
  }
  if (response.status === 401 || response.status === 403) throw new MediaFetchError('signed-out');
  if (response.status === 404) throw new MediaFetchError('not-found');
  if (!response.ok) throw new MediaFetchError('failed');
  return response.blob();
}
