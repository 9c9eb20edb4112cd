import type { OpenManifestStore } from './read-credentials';

/**
 * What the worker answers: the manifest store JSON, or the error and whether the reader itself
 * failed to start (its module did not load or compile) or failed on the file.
 */
export type ReaderAnswer =
  { ok: true; json: string } | { ok: false; stage: 'start' | 'read'; message: string };

/** The reader could not start here: nothing was learnt about the file. */
export class ReaderStartError extends Error {
  override readonly name = 'ReaderStartError';
}

/** What the page asks the worker. */
export interface ReaderRequest {
  file: Blob;
  format: string;
  context: string | null;
}

/**
 * Runs the C2PA reader in a worker of its own, one per file. The WASM build reads a Blob with
 * FileReaderSync, which only workers have; there it reads a 200 MB video a slice at a time
 * instead of copying it whole into memory, and the page stays responsive while it hashes the
 * file. The worker (and the 9 MB module in it) is fetched on the first read, on this page only,
 * and ended after each read or when the read is given up, which frees the module's memory.
 */
export const openInWorker: OpenManifestStore = (file, format, context, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const worker = new Worker(new URL('./c2pa-reader.worker.ts', import.meta.url), {
      type: 'module',
      name: 'c2pa-reader',
    });
    const end = () => {
      worker.terminate();
      signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      end();
      reject(signal?.reason as Error);
    };
    signal?.addEventListener('abort', onAbort);
    worker.onmessage = (event: MessageEvent<ReaderAnswer>) => {
      end();
      const answer = event.data;
      if (answer.ok) resolve(answer.json);
      else if (answer.stage === 'start') reject(new ReaderStartError(answer.message));
      else reject(new Error(answer.message));
    };
    worker.onerror = (event) => {
      end();
      reject(new ReaderStartError(event.message));
    };
    worker.postMessage({ file, format, context } satisfies ReaderRequest);
  });
