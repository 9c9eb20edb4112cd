import { parentPort } from 'node:worker_threads';
import { removeBackground } from '@imgly/background-removal-node';
import type { SegmentationReply, SegmentationRequest } from './segmentation-thread';

/*
 * The segmentation model, on a thread of its own (ADR 045). onnxruntime-node runs an inference
 * on the calling thread, and imgly resizes and converts tensors in plain JavaScript: on the main
 * thread one cut-out froze every API answer of the process for seconds. Here it freezes nothing.
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

async function alphaMask({
  rgba,
  width,
  height,
  model,
}: SegmentationRequest): Promise<Uint8Array<ArrayBuffer>> {
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

const port = parentPort;
if (!port) throw new Error('segmentation-thread.worker runs as a worker thread only');
port.on('message', (request: SegmentationRequest) => {
  alphaMask(request).then(
    (mask) => {
      const reply: SegmentationReply = { id: request.id, mask };
      port.postMessage(reply, [mask.buffer]);
    },
    (error: unknown) => {
      const reply: SegmentationReply = {
        id: request.id,
        error: error instanceof Error ? error.message : String(error),
      };
      port.postMessage(reply);
    },
  );
});
