import { Worker } from 'node:worker_threads';

/*
 * The main thread's side of the segmentation thread (ADR 045): one worker, started on first use
 * and kept (the model stays loaded in it), unref'd so it never holds the process open. Calls are
 * serialised by the caller; a crashed worker fails what it held and the next call starts another.
 */

export type SegmentationModel = 'small' | 'medium';

export interface SegmentationRequest {
  id: number;
  rgba: Uint8Array;
  width: number;
  height: number;
  model: SegmentationModel;
}

export type SegmentationReply = { id: number; mask: Uint8Array } | { id: number; error: string };

const entry = new URL('./segmentation-thread.worker.ts', import.meta.url).href;
const boot = new URL('./thread-boot.mjs', import.meta.url);

let worker: Worker | undefined;
let nextId = 1;
const pending = new Map<
  number,
  { resolve: (mask: Uint8Array) => void; reject: (e: Error) => void }
>();

function failAll(error: Error) {
  for (const { reject } of pending.values()) reject(error);
  pending.clear();
  worker = undefined;
}

function thread(): Worker {
  if (worker) return worker;
  const started = new Worker(boot, { workerData: { entry } });
  started.unref();
  started.on('message', (reply: SegmentationReply) => {
    const waiting = pending.get(reply.id);
    pending.delete(reply.id);
    if (!waiting) return;
    if ('mask' in reply) waiting.resolve(reply.mask);
    else waiting.reject(new Error(reply.error));
  });
  started.on('error', (error) => {
    if (worker === started) failAll(error);
  });
  started.on('exit', (code) => {
    if (worker === started) failAll(new Error(`The segmentation thread stopped (exit ${code}).`));
  });
  worker = started;
  return started;
}

/** The model's alpha matte (one byte per pixel) of raw RGBA pixels, computed off this thread. */
export function segmentInThread(
  rgba: Uint8Array,
  width: number,
  height: number,
  model: SegmentationModel,
): Promise<Uint8Array> {
  const id = nextId++;
  // A copy the worker may own: the caller's buffer may be a view into a larger pool.
  const own = new Uint8Array(rgba);
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    const request: SegmentationRequest = { id, rgba: own, width, height, model };
    thread().postMessage(request, [own.buffer]);
  });
}
