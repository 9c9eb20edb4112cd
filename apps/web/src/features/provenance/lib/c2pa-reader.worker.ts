import init, { WasmReader } from '@contentauth/c2pa-wasm';
import wasmUrl from '@contentauth/c2pa-wasm/assets/c2pa_bg.wasm?url';
import type { ReaderAnswer, ReaderRequest } from './open-in-worker';

/**
 * The C2PA reader's worker (see open-in-worker.ts): one file in, its manifest store JSON out.
 * The page ends the worker after the answer, so nothing here is kept between files.
 */
// The app compiles with the DOM library, not the worker one; this is all of the worker's scope
// that is used here.
interface WorkerScope {
  onmessage: ((event: MessageEvent<ReaderRequest>) => void) | null;
  postMessage: (answer: ReaderAnswer) => void;
}
const scope = self as unknown as WorkerScope;

scope.onmessage = (event) => {
  void read(event.data).then((answer) => {
    scope.postMessage(answer);
  });
};

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function read({ file, format, context }: ReaderRequest): Promise<ReaderAnswer> {
  try {
    await init({ module_or_path: wasmUrl });
  } catch (error) {
    return { ok: false, stage: 'start', message: message(error) };
  }
  try {
    // The WASM build throws the Rust error's text as a string, e.g. 'C2pa(JumbfNotFound)'.
    const reader = await WasmReader.fromBlob(format, file, context);
    try {
      return { ok: true, json: reader.json() };
    } finally {
      reader.free();
    }
  } catch (error) {
    return { ok: false, stage: 'read', message: message(error) };
  }
}
