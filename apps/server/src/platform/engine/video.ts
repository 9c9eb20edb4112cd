import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { orientedImage } from './shared';

export type VideoResolution = '360p' | '480p' | '720p';
export const CAMERA_MOTIONS = ['zoom-in', 'pan-right', 'zoom-out', 'pan-left'] as const;
export type CameraMotion = (typeof CAMERA_MOTIONS)[number];

/** The n-th motion, cycling: templates and catalog videos each get a different camera move. */
export function cameraMotion(n: number): CameraMotion {
  return CAMERA_MOTIONS[Math.abs(Math.trunc(n)) % CAMERA_MOTIONS.length] ?? 'zoom-in';
}

export interface CameraMotionOptions {
  durationSeconds: 5 | 10;
  resolution: VideoResolution;
  /** Default 'zoom-in'. */
  motion?: CameraMotion;
  /** Called with 0..1 as ffmpeg encodes (monotonic), and with 1 once the file is complete. */
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

/**
 * zoompan positions its crop window on whole input pixels, so a slow move over an input the size
 * of the output visibly jitters. Rendering the still at 4× the output size makes each rounding
 * step a quarter of an output pixel, which reads as smooth motion.
 */
const SUPERSAMPLE = 4;
/** How far the camera travels: 15 % zoom, or a pan across a 12 % zoomed frame. */
const ZOOM_AMOUNT = 0.15;
const PAN_ZOOM = 1.12;
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
 * The still, fitted whole into the frame over a blurred, darkened cover-crop of itself (so there
 * are no black bars), rendered at SUPERSAMPLE × the output size.
 */
async function composeCanvas(input: Buffer, width: number, height: number): Promise<Buffer> {
  const canvasWidth = width * SUPERSAMPLE;
  const canvasHeight = height * SUPERSAMPLE;
  // Blur a small copy and scale it up: same look as blurring at full size, a fraction of the work.
  const fill = await orientedImage(input)
    .resize(Math.round(width / 2), Math.round(height / 2), { fit: 'cover' })
    .flatten({ background: '#000000' })
    .blur(20)
    .modulate({ brightness: 0.72, saturation: 0.9 })
    .resize(canvasWidth, canvasHeight, { fit: 'fill' })
    .toBuffer();
  const subject = await orientedImage(input)
    .resize(canvasWidth, canvasHeight, { fit: 'inside', kernel: 'lanczos3' })
    .png({ compressionLevel: 0 })
    .toBuffer({ resolveWithObject: true });
  return sharp(fill)
    .composite([
      {
        input: subject.data,
        left: Math.round((canvasWidth - subject.info.width) / 2),
        top: Math.round((canvasHeight - subject.info.height) / 2),
      },
    ])
    .toColourspace('srgb')
    .jpeg({ quality: 94 })
    .toBuffer();
}

/** zoompan expressions for a move, eased with smoothstep so it starts and stops gently. */
function zoompanFilter(
  motion: CameraMotion,
  frames: number,
  width: number,
  height: number,
): string {
  const last = Math.max(1, frames - 1);
  const t = `(on/${last})`;
  const ease = `(3*pow(${t},2)-2*pow(${t},3))`;
  let z: string;
  let x = 'iw/2-(iw/zoom/2)';
  const y = 'ih/2-(ih/zoom/2)';
  switch (motion) {
    case 'zoom-in':
      z = `1+${ZOOM_AMOUNT}*${ease}`;
      break;
    case 'zoom-out':
      z = `${1 + ZOOM_AMOUNT}-${ZOOM_AMOUNT}*${ease}`;
      break;
    case 'pan-left':
      // The camera moves left, so the window slides from the right edge to the left edge.
      z = String(PAN_ZOOM);
      x = `(iw-iw/zoom)*(1-${ease})`;
      break;
    case 'pan-right':
      z = String(PAN_ZOOM);
      x = `(iw-iw/zoom)*${ease}`;
      break;
  }
  return [
    `zoompan=z='${z}':x='${x}':y='${y}':d=${frames}:s=${width}x${height}:fps=${VIDEO_FPS}`,
    'setsar=1',
    'format=yuv420p',
  ].join(',');
}

function abortError(): DOMException {
  return new DOMException('The video render was aborted.', 'AbortError');
}

/** Runs ffmpeg (argument array, no shell), reporting progress; rejects with the stderr tail. */
function runFfmpeg(
  binary: string,
  args: string[],
  options: {
    durationSeconds: number;
    onProgress?: (fraction: number) => void;
    signal?: AbortSignal;
    timeoutMs: number;
  },
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let pending = '';
    let reported = 0;
    let settled = false;

    const report = (fraction: number) => {
      if (!options.onProgress || fraction <= reported) return;
      reported = fraction;
      try {
        options.onProgress(fraction);
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

/**
 * A short camera-move video from a still, rendered with ffmpeg: the image fitted into a portrait
 * 9:16 frame over a blurred fill of itself, then a smooth zoom or pan (25 fps, H.264 yuv420p,
 * faststart, no audio). This is motion over the still, not generated video, and is labelled so
 * by whoever presents it. Work happens in a private temp dir that is always removed.
 */
export async function renderCameraMotionVideo(
  input: Buffer,
  options: CameraMotionOptions,
): Promise<RenderedVideo> {
  options.signal?.throwIfAborted();
  const { width, height } = VIDEO_FRAME_SIZES[options.resolution];
  const frames = options.durationSeconds * VIDEO_FPS;
  const [binary, canvas] = await Promise.all([ffmpegPath(), composeCanvas(input, width, height)]);
  if (options.signal?.aborted) throw abortError();

  const dir = await mkdtemp(join(tmpdir(), 'studio-video-'));
  try {
    const inputPath = join(dir, 'still.jpg');
    const outputPath = join(dir, 'video.mp4');
    await writeFile(inputPath, canvas);
    const args = [
      '-hide_banner',
      '-nostdin',
      '-y',
      '-loglevel',
      'error',
      '-i',
      inputPath,
      '-vf',
      zoompanFilter(options.motion ?? 'zoom-in', frames, width, height),
      '-frames:v',
      String(frames),
      '-r',
      String(VIDEO_FPS),
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
    };
    if (options.onProgress) runOptions.onProgress = options.onProgress;
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
