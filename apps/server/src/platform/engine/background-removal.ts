import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import sharp from 'sharp';
import { inEngineThread } from './engine-thread';
import { type EngineImage, orientedImage } from './shared';

export type BackgroundRemovalModel = 'small' | 'medium';

/**
 * Long edge the segmentation model is fed. The model itself always runs at 1024×1024 and imgly
 * resizes in plain JavaScript, so anything larger only costs time; the mask is scaled back up and
 * applied to the full-resolution pixels instead.
 */
export const INFERENCE_MAX_EDGE = 1024;

/**
 * One inference at a time per process: each one takes both cores for seconds, and running two
 * together only makes both slower while doubling the memory held. A promise chain is enough.
 */
let inferenceQueue: Promise<unknown> = Promise.resolve();
function exclusive<T>(task: () => Promise<T>): Promise<T> {
  const run = inferenceQueue.then(task, task);
  inferenceQueue = run.catch(() => undefined);
  return run;
}

type Matte = { mask: Buffer; width: number; height: number };

/**
 * Mattes of recent inputs, by the input's SHA-256 and the model. The same photo meets the model
 * again and again: a seller checks it for two marketplaces and fixes it for both, regenerates a
 * try-on (the fidelity check segments the garment each time), or makes a video and a cut-out of
 * it; each run is seconds of both cores for the same answer. The model is deterministic, so a
 * remembered matte is the matte. lru-cache's fetch also lets concurrent asks for one input share
 * one inference. A matte is at most 1024×1024 bytes; 64 MiB keeps the last ~64 photos.
 */
const mattes = new LRUCache<string, Matte, { input: Buffer; model: BackgroundRemovalModel }>({
  maxSize: 64 * 1024 * 1024,
  sizeCalculation: (matte) => matte.mask.length,
  fetchMethod: (_key, _stale, { context }) => runModel(context.input, context.model),
});

/** The ≤1024 px RGBA copy of `input` the model is fed. */
export function modelInput(input: Buffer) {
  return (
    orientedImage(input)
      .resize(INFERENCE_MAX_EDGE, INFERENCE_MAX_EDGE, { fit: 'inside', withoutEnlargement: true })
      // Transparent areas of a PNG have arbitrary colours underneath; show the model white there.
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true })
  );
}

/** Runs the model on a ≤1024 px copy and returns its alpha mask (one byte per pixel). */
async function runModel(input: Buffer, model: BackgroundRemovalModel): Promise<Matte> {
  const { data, info } = await modelInput(input);
  // The model runs on its own thread (ADR 045): on this one it froze the whole API for seconds.
  const mask = await exclusive(() =>
    inEngineThread('segment', data, info.width, info.height, model),
  );
  return {
    mask: Buffer.from(mask.buffer, mask.byteOffset, mask.length),
    width: info.width,
    height: info.height,
  };
}

/**
 * The model's alpha mask (one byte per pixel) of a ≤1024 px copy of `input`, remembered per input
 * (`mattes`). Each caller gets its own copy of the mask, free to change.
 */
export async function segment(input: Buffer, model: BackgroundRemovalModel): Promise<Matte> {
  const key = `${model}:${createHash('sha256').update(input).digest('base64url')}`;
  const matte = await mattes.fetch(key, { context: { input, model } });
  if (!matte) throw new Error('Background removal returned no mask.');
  return { ...matte, mask: Buffer.from(matte.mask) };
}

/**
 * Applies a (possibly smaller) one-channel alpha mask to the full-resolution input and returns a
 * PNG with transparency. The mask is upsampled with a smooth kernel (Lanczos would ring around
 * the hard 0/255 transitions) and combined with any alpha the input already had, so areas that
 * were transparent before stay transparent.
 */
export async function applyAlphaMask(
  input: Buffer,
  mask: Buffer,
  maskWidth: number,
  maskHeight: number,
): Promise<EngineImage<'image/png'>> {
  if (mask.length !== maskWidth * maskHeight) throw new Error('Mask size does not match.');
  const source = await orientedImage(input)
    .toColourspace('srgb')
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height, channels } = source.info;
  if (channels !== 4) throw new Error(`Expected RGBA pixels, got ${channels} channels.`);
  const fullMask =
    maskWidth === width && maskHeight === height
      ? mask
      : await sharp(mask, { raw: { width: maskWidth, height: maskHeight, channels: 1 } })
          .resize(width, height, { kernel: 'mitchell', fit: 'fill' })
          .extractChannel(0)
          .raw()
          .toBuffer();
  const pixels = source.data;
  for (let i = 0; i < width * height; i++) {
    const existing = pixels[i * 4 + 3] ?? 255;
    const predicted = fullMask[i] ?? 0;
    pixels[i * 4 + 3] = existing === 255 ? predicted : Math.round((existing * predicted) / 255);
  }
  const data = await sharp(pixels, { raw: { width, height, channels: 4 } })
    .png({ compressionLevel: 6 })
    .toBuffer();
  return { data, contentType: 'image/png', width, height };
}

/**
 * Real background removal with the imgly (IS-Net based) segmentation model running locally on
 * onnxruntime: the full-resolution input comes back as a PNG whose alpha is the predicted matte.
 * 'medium' (the larger model, imgly's own default) is the default here: on a 2-core CPU it measured
 * no slower than 'small' (~3.3 s vs ~3.8 s per image, warm); 'small' holds half the model memory.
 */
export async function removeBackground(
  input: Buffer,
  options: { model?: BackgroundRemovalModel } = {},
): Promise<EngineImage<'image/png'>> {
  const { mask, width, height } = await segment(input, options.model ?? 'medium');
  return applyAlphaMask(input, mask, width, height);
}

/** The foreground of a photo (garment or wearer) for the garment-fidelity check (ADR 037). */
export const segmentForeground = (image: Buffer) => segment(image, 'medium');
