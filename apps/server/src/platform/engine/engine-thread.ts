import { Worker } from 'node:worker_threads';
import type { EngineTasks } from './engine-thread.worker';

/*
 * The main thread's side of the engine thread (ADR 045): one worker, started on first use and kept
 * (the segmentation model stays loaded in it), unref'd so it never holds the process open. A
 * crashed worker fails what it held (an engine error: the generation is refunded) and the next
 * call starts another.
 */

type TaskName = keyof EngineTasks;

export interface EngineThreadRequest {
  id: number;
  task: TaskName;
  args: unknown[];
}

export type EngineThreadReply = { id: number; value: unknown } | { id: number; error: string };

const entry = new URL('./engine-thread.worker.ts', import.meta.url).href;
const boot = new URL('./thread-boot.mjs', import.meta.url);

let worker: Worker | undefined;
let nextId = 1;
const pending = new Map<
  number,
  { resolve: (value: unknown) => void; reject: (e: Error) => void }
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
  started.on('message', (reply: EngineThreadReply) => {
    const waiting = pending.get(reply.id);
    pending.delete(reply.id);
    if (!waiting) return;
    if ('error' in reply) waiting.reject(new Error(reply.error));
    else waiting.resolve(reply.value);
  });
  started.on('error', (error) => {
    if (worker === started) failAll(error);
  });
  started.on('exit', (code) => {
    if (worker === started) failAll(new Error(`The engine thread stopped (exit ${code}).`));
  });
  worker = started;
  return started;
}

/**
 * Runs an engine task on the engine thread. Byte arguments are copied once into buffers the
 * thread then owns (the caller's may be views into a shared pool), and moved, not copied, across.
 */
export function inEngineThread<K extends TaskName>(
  task: K,
  ...args: Parameters<EngineTasks[K]>
): Promise<Awaited<ReturnType<EngineTasks[K]>>> {
  const id = nextId++;
  const owned = args.map((arg) => (arg instanceof Uint8Array ? new Uint8Array(arg) : arg));
  const transfer = owned.flatMap((arg) => (arg instanceof Uint8Array ? [arg.buffer] : []));
  return new Promise((resolve, reject) => {
    pending.set(id, {
      // The worker answers each id with its task's own result.
      resolve: resolve as (value: unknown) => void,
      reject,
    });
    const request: EngineThreadRequest = { id, task, args: owned };
    thread().postMessage(request, transfer);
  });
}

/** `recolourGarment` on the engine thread: its per-pixel loop held the main thread for seconds. */
export async function recolourGarmentInThread(input: Buffer, palette: string, variant: number) {
  const { data, ...image } = await inEngineThread('recolour', input, palette, variant);
  return { ...image, data: Buffer.from(data.buffer, data.byteOffset, data.length) };
}
