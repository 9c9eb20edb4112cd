import { parentPort } from 'node:worker_threads';
import { removeBackground } from '@imgly/background-removal-node';
import { modelInput } from './background-removal';
import { NoGarmentFound } from './garment-fidelity';
import { cachedColourway, cachedColourwaySource } from './colourway-sources';
import { paletteColourway } from './palette-colourway';
import type { EngineThreadReply, EngineThreadRequest } from './engine-thread';
import type { GarmentPart, Segmenter, Worn } from './garment-mask';
import { recolourGarment } from './recolour';

/*
 * The engine's CPU-bound steps, on a thread of their own (ADR 045). onnxruntime-node runs an
 * inference on the calling thread, imgly resizes and builds tensors in plain JavaScript, and
 * recolouring maps every pixel in JavaScript: on the main thread each froze every API answer of
 * the process for seconds. Here they freeze nothing.
 */

// imgly loads its ONNX models from files shipped in its own dist folder; with this publicPath it
// reads them from disk and never touches the network.
const publicPath = new URL('./', import.meta.resolve('@imgly/background-removal-node')).href;

// imgly memoises its ONNX session by JSON.stringify(config), so the config objects must be built
// once and reused or every call would load the model again.
const configs = {
  small: { publicPath, model: 'small', output: { format: 'image/x-rgba8' } },
  medium: { publicPath, model: 'medium', output: { format: 'image/x-rgba8' } },
} as const;

/** Bytes that crossed from the other thread, as the Buffer sharp and the engine expect. */
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);

/** The segmentation model's alpha matte (one byte per pixel) of raw RGBA pixels. */
async function segment(
  rgba: Uint8Array,
  width: number,
  height: number,
  model: keyof typeof configs,
): Promise<Uint8Array> {
  // Raw RGBA in and out skips a PNG encode/decode on each side of the model.
  const blob = new Blob([rgba], { type: `image/x-rgba8;width=${width};height=${height}` });
  const result = new Uint8Array(await (await removeBackground(blob, configs[model])).arrayBuffer());
  const pixels = width * height;
  if (result.length !== pixels * 4) {
    throw new Error(`Background removal returned ${result.length} bytes for ${pixels} pixels.`);
  }
  const mask = new Uint8Array(pixels);
  for (let i = 0; i < pixels; i++) mask[i] = result[i * 4 + 3] ?? 0;
  return mask;
}

async function recolour(input: Uint8Array, palette: string, variant: number) {
  const { data, ...image } = await recolourGarment(asBuffer(input), palette, variant);
  return { ...image, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

/**
 * The garment mask's segmenter on this thread (a photo whose backdrop is not plain): the model run
 * here directly, on the ≤1024 px copy background-removal.ts feeds it.
 */
const segmentHere: Segmenter = async (image) => {
  const { data, info } = await modelInput(image);
  const mask = await segment(data, info.width, info.height, 'medium');
  return {
    mask: Buffer.from(mask.buffer, mask.byteOffset, mask.length),
    width: info.width,
    height: info.height,
  };
};

/** One colourway (ADR 063): the photo's source is kept on this thread, so a set's variants share it. */
async function colourway(input: Uint8Array, part: GarmentPart, worn: Worn, target: string) {
  const { data, ...made } = await cachedColourway(
    asBuffer(input),
    segmentHere,
    { part, worn },
    target,
  );
  return { ...made, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

/**
 * The AI designer's palette mode (ADR 063): the garment alone recoloured to the variant's palette
 * colour on its mask; a photo with no garment to find (a fabric filling the frame) is recoloured
 * whole, as recolour.ts does.
 */
async function designPalette(input: Uint8Array, palette: string, variant: number) {
  const photo = asBuffer(input);
  let source;
  try {
    source = await cachedColourwaySource(photo, segmentHere, { part: 'auto', worn: 'auto' });
  } catch (error) {
    if (error instanceof NoGarmentFound) return recolour(input, palette, variant);
    throw error;
  }
  const { data, contentType, width, height } = await paletteColourway(source, palette, variant);
  return {
    contentType,
    width,
    height,
    data: new Uint8Array(data.buffer, data.byteOffset, data.length),
  };
}

/** The tasks this thread runs: each takes and gives plain data (bytes cross by transfer). */
export const engineTasks = { segment, recolour, colourway, designPalette };
export type EngineTasks = typeof engineTasks;

/** The buffers of a task's result, handed over instead of copied. */
function transferables(value: unknown): ArrayBuffer[] {
  const bytes =
    value instanceof Uint8Array
      ? value
      : typeof value === 'object' && value !== null && 'data' in value
        ? value.data
        : undefined;
  return bytes instanceof Uint8Array && bytes.buffer instanceof ArrayBuffer ? [bytes.buffer] : [];
}

const port = parentPort;
if (port) {
  port.on('message', ({ id, task, args }: EngineThreadRequest) => {
    const run = engineTasks[task] as (...input: unknown[]) => Promise<unknown>;
    run(...args).then(
      (value) => {
        const reply: EngineThreadReply = { id, value };
        try {
          port.postMessage(reply, transferables(value));
        } catch (error) {
          // A result that cannot cross (not one of ours) fails its call, not the whole thread.
          const message = error instanceof Error ? error.message : String(error);
          port.postMessage({ id, error: message } satisfies EngineThreadReply);
        }
      },
      (error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        const reply: EngineThreadReply = { id, error: message };
        port.postMessage(reply);
      },
    );
  });
}
