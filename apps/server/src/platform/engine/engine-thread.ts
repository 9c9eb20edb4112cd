import { Worker } from 'node:worker_threads';
import type { EngineTasks } from './engine-thread.worker';
import type { GarmentPart, Worn } from './garment-mask';

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

interface Waiting {
  resolve: (value: unknown) => void;
  reject: (e: Error) => void;
}

/** One worker and what it holds: the calls waiting on it, and how many it is still computing. */
interface EngineThread {
  worker: Worker;
  waiting: Map<number, Waiting>;
  /** Tasks sent and not yet answered (a call given up on at shutdown still runs to its end). */
  running: number;
  /** Called whenever `running` drops to 0. */
  onIdle?: () => void;
}

let current: EngineThread | undefined;
/** Set while a stop waits for the thread to go idle: no task may start one meanwhile. */
let stopping = false;
let nextId = 1;
const stoppedError = () => new Error('The engine stopped for a restart.');

function failAll(thread: EngineThread, error: Error) {
  for (const { reject } of thread.waiting.values()) reject(error);
  thread.waiting.clear();
}

function thread(): EngineThread {
  if (current) return current;
  const worker = new Worker(boot, { workerData: { entry } });
  worker.unref();
  const started: EngineThread = { worker, waiting: new Map(), running: 0 };
  worker.on('message', (reply: EngineThreadReply) => {
    started.running -= 1;
    if (started.running === 0) started.onIdle?.();
    const waiting = started.waiting.get(reply.id);
    started.waiting.delete(reply.id);
    if (!waiting) return;
    if ('error' in reply) waiting.reject(new Error(reply.error));
    else waiting.resolve(reply.value);
  });
  const gone = (error: Error) => {
    if (current === started) current = undefined;
    started.running = 0;
    started.onIdle?.();
    failAll(started, error);
  };
  worker.on('error', gone);
  worker.on('exit', (code) => {
    gone(new Error(`The engine thread stopped (exit ${code}).`));
  });
  current = started;
  return started;
}

/**
 * Stops the engine thread for shutdown. Its callers stop waiting at once (their jobs are handed
 * back), but the thread is ended only once idle, up to `waitMs`: ending it inside an ONNX
 * inference aborts the whole process (onnxruntime throws into a torn-down environment). False when
 * it was still busy after that. A call after this starts a new thread.
 */
export async function stopEngineThread(waitMs = ENGINE_STOP_WAIT_MS): Promise<boolean> {
  const engine = current;
  if (!engine) return true;
  current = undefined;
  stopping = true;
  try {
    failAll(engine, stoppedError());
    if (engine.running > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, waitMs);
        engine.onIdle = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    if (engine.running > 0) return false;
    await engine.worker.terminate();
    return true;
  } finally {
    stopping = false;
  }
}

/** How long a stop waits for an inference to end: inside main.ts's forced exit, with room to spare. */
export const ENGINE_STOP_WAIT_MS = 20_000;

let holders = 0;

/**
 * Holds the engine thread for an app that runs engine work; the returned release stops the thread
 * once the last holder lets go (tests build and close several apps in one process, and one app's
 * close must not fail another's work). It answers whether the thread ended cleanly.
 */
export function holdEngineThread(): () => Promise<boolean> {
  holders += 1;
  let held = true;
  return async () => {
    if (!held) return true;
    held = false;
    holders -= 1;
    return holders === 0 ? stopEngineThread() : true;
  };
}

/**
 * Runs an engine task on the engine thread. Byte arguments are copied once into buffers the
 * thread then owns (the caller's may be views into a shared pool), and moved, not copied, across.
 */
export function inEngineThread<K extends TaskName>(
  task: K,
  ...args: Parameters<EngineTasks[K]>
): Promise<Awaited<ReturnType<EngineTasks[K]>>> {
  if (stopping) return Promise.reject(stoppedError());
  const id = nextId++;
  const owned = args.map((arg) => (arg instanceof Uint8Array ? new Uint8Array(arg) : arg));
  const transfer = owned.flatMap((arg) => (arg instanceof Uint8Array ? [arg.buffer] : []));
  const engine = thread();
  return new Promise((resolve, reject) => {
    engine.waiting.set(id, {
      // The worker answers each id with its task's own result.
      resolve: resolve as (value: unknown) => void,
      reject,
    });
    const request: EngineThreadRequest = { id, task, args: owned };
    engine.running += 1;
    engine.worker.postMessage(request, transfer);
  });
}

/** `recolourGarment` on the engine thread: its per-pixel loop held the main thread for seconds. */
export async function recolourGarmentInThread(input: Buffer, palette: string, variant: number) {
  const { data, ...image } = await inEngineThread('recolour', input, palette, variant);
  return { ...image, data: Buffer.from(data.buffer, data.byteOffset, data.length) };
}

/**
 * One colourway (ADR 063) on the engine thread, where each photo's shared source is cached: the
 * per-pixel recolour and the measure held the main thread for a second or more per variant.
 */
export async function colourwayInThread(
  input: Buffer,
  options: { part: GarmentPart; worn: Worn },
  target: string,
) {
  const { data, ...made } = await inEngineThread(
    'colourway',
    input,
    options.part,
    options.worn,
    target,
  );
  return { ...made, data: Buffer.from(data.buffer, data.byteOffset, data.length) };
}

/**
 * The AI designer's palette mode (ADR 063) on the engine thread: the garment alone recoloured to
 * the palette's colour for `variant` (the photo's mask and Lab cached there, as for colourways).
 */
export async function designPaletteInThread(input: Buffer, palette: string, variant: number) {
  const { data, ...image } = await inEngineThread('designPalette', input, palette, variant);
  return { ...image, data: Buffer.from(data.buffer, data.byteOffset, data.length) };
}
