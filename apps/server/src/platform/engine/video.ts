import { spawn } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import { segment } from './background-removal';
import { makeEngineTempDir } from './temp-dirs';
import {
  SUBJECT_BORDER,
  type SubjectMask,
  type VideoLayers,
  buildVideoLayers,
} from './video-layers';
import {
  DEFAULT_VIDEO_MOTION,
  type LayerPose,
  REVEAL_EDGE,
  type VideoMotion,
  motionPose,
} from './video-motions';

export type VideoResolution = '360p' | '480p' | '720p';

export interface MotionVideoOptions {
  durationSeconds: 5 | 10;
  resolution: VideoResolution;
  /** Default `DEFAULT_VIDEO_MOTION`; see `motionForTemplate` for a template's. */
  motion?: VideoMotion;
  /**
   * The subject's alpha mask, when the caller already has one (tests, a cut-out made earlier);
   * otherwise the background-removal model makes it.
   */
  subjectMask?: SubjectMask;
  /** Called with 0..1 as the video is made (monotonic), and with 1 once the file is complete. */
  onProgress?: (fraction: number) => void;
  /** Aborting kills ffmpeg and rejects with an AbortError. */
  signal?: AbortSignal;
  /** ffmpeg is killed and the render rejected after this long (default 120 000 ms). */
  timeoutMs?: number;
}

export interface RenderedVideo {
  data: Buffer;
  contentType: 'video/mp4';
  width: number;
  height: number;
  durationSeconds: number;
}

/** Portrait 9:16 frame sizes; libx264 with yuv420p needs even sides (854, not 853.3). */
export const VIDEO_FRAME_SIZES: Record<VideoResolution, { width: number; height: number }> = {
  '360p': { width: 360, height: 640 },
  '480p': { width: 480, height: 854 },
  '720p': { width: 720, height: 1280 },
};

export const VIDEO_FPS = 25;

/** The share of the progress bar the cut-out and the layers take; encoding fills the rest. */
const LAYERS_PROGRESS = 0.15;
const STDERR_TAIL = 2000;

let cachedFfmpegPath: string | undefined;

/**
 * Path of the static ffmpeg binary from @ffmpeg-installer. Loaded lazily: the package throws at
 * import time on platforms it has no binary for, and that must not stop the server from starting.
 */
export async function ffmpegPath(): Promise<string> {
  if (cachedFfmpegPath === undefined) {
    const installer = await import('@ffmpeg-installer/ffmpeg');
    cachedFfmpegPath = installer.default.path;
  }
  return cachedFfmpegPath;
}

/**
 * Draws one frame (RGB, width × height) of the two layers in `pose`, by inverse mapping: each
 * output pixel samples the plate and the subject bilinearly at sub-pixel positions, so slow moves
 * stay smooth (ffmpeg's overlay and zoompan place layers on whole pixels and visibly step).
 * Measured faster than a sharp affine + composite per frame (ADR 026).
 */
export function renderFrame(layers: VideoLayers, pose: LayerPose, out: Uint8Array): void {
  const { width, height, margin, plate, plateWidth, plateHeight } = layers;
  const bg = pose.background;
  const inv = 1 / bg.scale;
  // The plate's scale and shift are the same along a row and down a column: work out the
  // horizontal taps once per frame, the vertical ones once per row.
  const columns = new Int32Array(width);
  const weights = new Float32Array(width);
  const maxX = plateWidth - 1.001;
  const maxY = plateHeight - 1.001;
  for (let x = 0; x < width; x++) {
    let px = bg.anchorX + (x + 0.5 - bg.shiftX - bg.anchorX) * inv + margin - 0.5;
    px = px < 0 ? 0 : px > maxX ? maxX : px;
    const x0 = Math.floor(px);
    columns[x] = x0 * 3;
    weights[x] = px - x0;
  }
  const stride = plateWidth * 3;
  for (let y = 0; y < height; y++) {
    let py = bg.anchorY + (y + 0.5 - bg.shiftY - bg.anchorY) * inv + margin - 0.5;
    py = py < 0 ? 0 : py > maxY ? maxY : py;
    const y0 = Math.floor(py);
    const ty = py - y0;
    const row0 = y0 * stride;
    const row1 = row0 + stride;
    let o = y * width * 3;
    for (let x = 0; x < width; x++) {
      const tx = weights[x] ?? 0;
      const a = row0 + (columns[x] ?? 0);
      const b = row1 + (columns[x] ?? 0);
      for (let c = 0; c < 3; c++) {
        const p00 = plate[a + c] ?? 0;
        const p01 = plate[b + c] ?? 0;
        const top = p00 + ((plate[a + 3 + c] ?? 0) - p00) * tx;
        const bottom = p01 + ((plate[b + 3 + c] ?? 0) - p01) * tx;
        out[o++] = top + (bottom - top) * ty + 0.5;
      }
    }
  }

  const box = layers.subjectBox;
  const s = pose.subject;
  if (!box || s.opacity <= 0 || s.reveal <= 0) return;
  // Forward: frame = pivot + shift + R(angle) · diag(scale·scaleX, scale) · (still − pivot).
  const cos = Math.cos(s.angle);
  const sin = Math.sin(s.angle);
  const sx = s.scale * s.scaleX;
  const sy = s.scale;
  const forward = (x: number, y: number): [number, number] => {
    const dx = (x - s.pivotX) * sx;
    const dy = (y - s.pivotY) * sy;
    return [s.pivotX + s.shiftX + cos * dx - sin * dy, s.pivotY + s.shiftY + sin * dx + cos * dy];
  };
  const corners = [
    forward(box.left, box.top),
    forward(box.right, box.top),
    forward(box.left, box.bottom),
    forward(box.right, box.bottom),
  ];
  const xs = corners.map(([x]) => x);
  const ys = corners.map(([, y]) => y);
  const fromX = Math.max(0, Math.floor(Math.min(...xs)) - 1);
  const toX = Math.min(width, Math.ceil(Math.max(...xs)) + 1);
  const fromY = Math.max(0, Math.floor(Math.min(...ys)) - 1);
  const toY = Math.min(height, Math.ceil(Math.max(...ys)) + 1);

  // The texture has a transparent one-texel border (`SUBJECT_BORDER`), so every bilinear tap of a
  // position inside it is a real texel and needs no bounds check of its own.
  const { subject, subjectWidth, subjectHeight, subjectScale: k, photo } = layers;
  const tw = subjectWidth + 2 * SUBJECT_BORDER;
  const maxU = subjectWidth + SUBJECT_BORDER - 0.001;
  const maxV = subjectHeight + SUBJECT_BORDER - 0.001;
  const boxHeight = box.bottom - box.top;
  // The wipe line, in the still's coordinates: it climbs from the base to above the head.
  const edge = REVEAL_EDGE * boxHeight;
  const wipeLine = box.bottom - s.reveal * (boxHeight + edge);
  // Texture position per frame pixel step, and at the row start: the inverse map is affine.
  const dux = (cos / sx) * k;
  const dvx = (-sin / sy) * k;
  for (let y = fromY; y < toY; y++) {
    const fy = y + 0.5 - s.pivotY - s.shiftY;
    const fx0 = fromX + 0.5 - s.pivotX - s.shiftX;
    let stillY = s.pivotY + (-sin * fx0 + cos * fy) / sy;
    let u = (s.pivotX + (cos * fx0 + sin * fy) / sx - photo.left) * k - 0.5 + SUBJECT_BORDER;
    let v = (stillY - photo.top) * k - 0.5 + SUBJECT_BORDER;
    const dStillY = -sin / sy;
    for (let x = fromX; x < toX; x++, u += dux, v += dvx, stillY += dStillY) {
      if (u < 0 || v < 0 || u >= maxU || v >= maxV) continue;
      const u0 = Math.floor(u);
      const v0 = Math.floor(v);
      const tu = u - u0;
      const tv = v - v0;
      const t00 = (v0 * tw + u0) * 4;
      const t10 = t00 + tw * 4;
      const w00 = (1 - tu) * (1 - tv);
      const w01 = tu * (1 - tv);
      const w10 = (1 - tu) * tv;
      const w11 = tu * tv;
      const alpha =
        (subject[t00 + 3] ?? 0) * w00 +
        (subject[t00 + 7] ?? 0) * w01 +
        (subject[t10 + 3] ?? 0) * w10 +
        (subject[t10 + 7] ?? 0) * w11;
      if (alpha < 0.5) continue;
      let cover = s.opacity;
      if (s.reveal < 1) {
        const wipe = (stillY - wipeLine) / edge;
        cover *= wipe <= 0 ? 0 : wipe >= 1 ? 1 : wipe;
      }
      const keep = 1 - (alpha / 255) * cover;
      const o = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) {
        const colour =
          (subject[t00 + c] ?? 0) * w00 +
          (subject[t00 + 4 + c] ?? 0) * w01 +
          (subject[t10 + c] ?? 0) * w10 +
          (subject[t10 + 4 + c] ?? 0) * w11;
        out[o + c] = colour * cover + (out[o + c] ?? 0) * keep + 0.5;
      }
    }
  }
}

function abortError(): DOMException {
  return new DOMException('The video render was aborted.', 'AbortError');
}

/**
 * Runs ffmpeg (argument array, no shell) with `feed` writing its stdin, reporting progress;
 * rejects with the stderr tail, or with the feed's own error.
 */
function runFfmpeg(
  binary: string,
  args: string[],
  options: {
    durationSeconds: number;
    feed: (stdin: Writable, stopped: () => boolean) => Promise<void>;
    onProgress?: (fraction: number) => void;
    signal?: AbortSignal;
    timeoutMs: number;
  },
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    let pending = '';
    let settled = false;

    const report = (fraction: number) => {
      try {
        options.onProgress?.(fraction);
      } catch {
        // A failing progress listener (e.g. a lost DB connection) must not kill the render.
      }
    };
    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      if (error) reject(error);
      else resolve();
    };
    // On abort or timeout, kill ffmpeg and settle only once it has exited, so the caller's
    // cleanup never races a process that is still writing into the temp dir.
    let stopReason: Error | undefined;
    const stop = (reason: Error) => {
      stopReason ??= reason;
      child.kill('SIGKILL');
    };
    const onAbort = () => {
      stop(abortError());
    };
    const timer = setTimeout(() => {
      stop(new Error(`ffmpeg timed out after ${Math.round(options.timeoutMs / 1000)} s.`));
    }, options.timeoutMs);
    options.signal?.addEventListener('abort', onAbort, { once: true });
    // An abort that landed between the caller's check and the listener would otherwise be lost.
    if (options.signal?.aborted) onAbort();

    // A killed ffmpeg closes its stdin under us (EPIPE): the exit code or the stop reason says why.
    child.stdin.on('error', () => undefined);
    options
      .feed(child.stdin, () => stopReason !== undefined || settled)
      .then(
        () => child.stdin.end(),
        (error: unknown) => {
          stop(error instanceof Error ? error : new Error(String(error)));
        },
      );

    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      // -progress writes key=value lines in blocks; a chunk may end mid-line.
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const [key, value] = line.trim().split('=');
        // out_time_ms is microseconds too (a historical ffmpeg misnomer); older builds lack _us.
        if ((key === 'out_time_us' || key === 'out_time_ms') && value && /^\d+$/.test(value)) {
          report(Math.min(0.99, Number(value) / 1e6 / options.durationSeconds));
        } else if (key === 'progress' && value === 'end') {
          report(0.99);
        }
      }
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL);
    });
    child.on('error', (error) => {
      finish(new Error(`Could not start ffmpeg: ${error.message}`));
    });
    child.on('close', (code, signal) => {
      if (stopReason) {
        finish(stopReason);
        return;
      }
      if (code === 0) {
        finish();
        return;
      }
      const tail = stderr.trim() || '(no output)';
      finish(
        new Error(
          `ffmpeg failed (${code === null ? `signal ${String(signal)}` : `exit code ${code}`}): ${tail}`,
        ),
      );
    });
  });
}

/** Writes every frame of the motion into ffmpeg's stdin, waiting whenever the pipe is full. */
async function feedFrames(
  layers: VideoLayers,
  motion: VideoMotion,
  frames: number,
  stdin: Writable,
  stopped: () => boolean,
): Promise<void> {
  const stage = { width: layers.width, height: layers.height, subject: layers.subjectBox };
  for (let i = 0; i < frames && !stopped(); i++) {
    // A fresh buffer per frame: the stream holds on to a written one until it is flushed.
    const frame = Buffer.allocUnsafe(layers.width * layers.height * 3);
    renderFrame(layers, motionPose(motion, stage, i, frames, VIDEO_FPS), frame);
    if (!stdin.write(frame)) {
      await new Promise<void>((resolve) => {
        const done = () => {
          stdin.off('drain', done);
          stdin.off('close', done);
          resolve();
        };
        stdin.on('drain', done);
        stdin.on('close', done);
      });
    } else {
      // Drawing is synchronous: let the event loop (HTTP, the queue's heartbeats) run in between.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }
}

/**
 * A short video from a still (ADR 026): the background-removal model cuts the subject out, the
 * background becomes a clean plate (the subject filled in from its surroundings) grown softly to
 * the portrait 9:16 frame, and the two layers move by the chosen motion (push-in with depth,
 * parallax pan, sway and turn, or reveal) at 25 fps, encoded by ffmpeg (H.264 yuv420p, faststart,
 * no audio). This is motion of the still's own pixels, not generated video, and is labelled so by
 * whoever presents it. Work happens in a private temp dir that is always removed.
 */
export async function renderMotionVideo(
  input: Buffer,
  options: MotionVideoOptions,
): Promise<RenderedVideo> {
  options.signal?.throwIfAborted();
  const { width, height } = VIDEO_FRAME_SIZES[options.resolution];
  const frames = options.durationSeconds * VIDEO_FPS;
  const mask = options.subjectMask ?? (await segment(input, 'medium'));
  if (options.signal?.aborted) throw abortError();
  const [binary, layers] = await Promise.all([
    ffmpegPath(),
    buildVideoLayers(input, width, height, mask),
  ]);
  if (options.signal?.aborted) throw abortError();
  let reported = 0;
  const report = (fraction: number) => {
    if (!options.onProgress || fraction <= reported) return;
    reported = fraction;
    try {
      options.onProgress(fraction);
    } catch {
      // A failing progress listener (e.g. a lost DB connection) must not kill the render.
    }
  };
  report(LAYERS_PROGRESS);

  const dir = await makeEngineTempDir();
  try {
    const outputPath = join(dir, 'video.mp4');
    const args = [
      '-hide_banner',
      '-nostdin',
      '-y',
      '-loglevel',
      'error',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      '-s',
      `${width}x${height}`,
      '-r',
      String(VIDEO_FPS),
      '-i',
      'pipe:0',
      '-frames:v',
      String(frames),
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '20',
      '-pix_fmt',
      'yuv420p',
      '-movflags',
      '+faststart',
      '-an',
      '-progress',
      'pipe:1',
      '-nostats',
      outputPath,
    ];
    const runOptions: Parameters<typeof runFfmpeg>[2] = {
      durationSeconds: options.durationSeconds,
      timeoutMs: options.timeoutMs ?? 120_000,
      feed: (stdin, stopped) =>
        feedFrames(layers, options.motion ?? DEFAULT_VIDEO_MOTION, frames, stdin, stopped),
      onProgress: (fraction) => {
        report(LAYERS_PROGRESS + (1 - LAYERS_PROGRESS) * fraction);
      },
    };
    if (options.signal) runOptions.signal = options.signal;
    await runFfmpeg(binary, args, runOptions);
    const data = await readFile(outputPath);
    options.onProgress?.(1);
    return {
      data,
      contentType: 'video/mp4',
      width,
      height,
      durationSeconds: frames / VIDEO_FPS,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
