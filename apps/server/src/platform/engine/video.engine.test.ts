import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { segment } from './background-removal';
import { ffmpegPath, renderMotionVideo } from './video';
import type { SubjectMask } from './video-layers';
import { VIDEO_MOTIONS, type VideoMotion } from './video-motions';

/*
 * The synthetic still: a 2:3 portrait (it needs padding to reach 9:16) of a figure in a red dress,
 * navy legs and black shoes standing on the bottom edge, in front of a beige wall with two fixed
 * marks (a teal and a violet square) and dark floor planks near the bottom. The marks give the
 * background its own coordinates; the shoes and planks at the edge are what a reflect padding
 * would mirror into the frame below the photo.
 */
const STILL_WIDTH = 600;
const STILL_HEIGHT = 900;
async function portraitStill(): Promise<Buffer> {
  const planks = Array.from(
    { length: 6 },
    (_, i) => `<rect x="0" y="${760 + i * 24}" width="600" height="5" fill="#8c6f4e"/>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${STILL_WIDTH}" height="${STILL_HEIGHT}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#e8dcc8"/><stop offset="1" stop-color="#cdbb9f"/>
    </linearGradient></defs>
    <rect width="600" height="900" fill="url(#g)"/>
    ${planks}
    <rect x="50" y="170" width="100" height="100" fill="#2f8f8a"/>
    <rect x="470" y="420" width="90" height="90" fill="#6a3fa0"/>
    <circle cx="300" cy="170" r="62" fill="#f1c9a0"/>
    <rect x="280" y="225" width="40" height="30" fill="#f1c9a0"/>
    <path d="M220 255 L380 255 L430 700 L170 700 Z" fill="#c0182f"/>
    <rect x="225" y="700" width="55" height="160" fill="#2a2f4a"/>
    <rect x="320" y="700" width="55" height="160" fill="#2a2f4a"/>
    <rect x="205" y="845" width="85" height="55" rx="12" fill="#111111"/>
    <rect x="310" y="845" width="85" height="55" rx="12" fill="#111111"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 92 }).toBuffer();
}

const FRAME = { width: 360, height: 640 };
/** The 600×900 still fitted into 360×640 is 360×540 at y 50..590: padding below from 590. */
const PHOTO_BOTTOM = 590;
/** Rows checked for padding: clear of the few pixels the sway may swing the shoes past the edge. */
const BAND_TOP = 600;
const SAMPLED = [0, 25, 50, 75, 100, 124];

const scratch: string[] = [];
afterAll(async () => {
  await Promise.all(scratch.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function scratchFile(name: string, data: Buffer): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'video-test-'));
  scratch.push(dir);
  const file = join(dir, name);
  await writeFile(file, data);
  return file;
}

/** Runs the bundled ffmpeg, resolving with stdout and stderr whatever its exit code. */
async function ffmpeg(args: string[]): Promise<{ stdout: Buffer; stderr: string }> {
  const binary = await ffmpegPath();
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', () => {
      resolve({ stdout: Buffer.concat(chunks), stderr });
    });
  });
}

/** `ffmpeg -i file` exits non-zero (no output given) but prints the container info on stderr. */
async function probe(mp4: Buffer): Promise<string> {
  return (await ffmpeg(['-hide_banner', '-i', await scratchFile('probe.mp4', mp4)])).stderr;
}

/** The given frames of an MP4, decoded to RGB. */
async function decodeFrames(mp4: Buffer, frames: number[]): Promise<Buffer[]> {
  const file = await scratchFile('in.mp4', mp4);
  const select = frames.map((n) => `eq(n\\,${n})`).join('+');
  const { stdout } = await ffmpeg([
    '-v',
    'error',
    '-i',
    file,
    '-vf',
    `select=${select}`,
    '-vsync',
    '0',
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgb24',
    'pipe:1',
  ]);
  const size = FRAME.width * FRAME.height * 3;
  expect(stdout.length).toBe(size * frames.length);
  return frames.map((_, i) => stdout.subarray(i * size, (i + 1) * size));
}

interface Blob {
  count: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Centroid and bounding box of the pixels of one colour class. */
function blob(frame: Buffer, test: (r: number, g: number, b: number) => boolean): Blob {
  let count = 0;
  let sx = 0;
  let sy = 0;
  let [left, top, right, bottom] = [FRAME.width, FRAME.height, -1, -1];
  for (let y = 0; y < FRAME.height; y++) {
    for (let x = 0; x < FRAME.width; x++) {
      const i = (y * FRAME.width + x) * 3;
      if (!test(frame[i] ?? 0, frame[i + 1] ?? 0, frame[i + 2] ?? 0)) continue;
      count++;
      sx += x;
      sy += y;
      left = Math.min(left, x);
      right = Math.max(right, x);
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
    }
  }
  return { count, x: sx / count, y: sy / count, width: right - left, height: bottom - top };
}

const isDress = (r: number, g: number, b: number) => r > 140 && g < 80 && b < 100;
const isTeal = (r: number, g: number, b: number) => r < 100 && g > 100 && b > 100;
const isViolet = (r: number, g: number, b: number) => r > 70 && r < 150 && g < 100 && b > 130;

/**
 * How far the subject moved against the background over the frames: its centroid and size (root
 * of its area, steadier than a box edge after chroma subsampling) in the
 * coordinates the two background marks span. Any camera move (zoom, pan, even a turn) of the
 * whole picture leaves these unchanged, so only a subject moving on its own counts.
 */
function subjectMotion(frames: Buffer[]): number {
  const dresses = frames.map((f) => blob(f, isDress));
  const most = Math.max(...dresses.map((d) => d.count));
  const placed = frames.flatMap((frame, i) => {
    const dress = dresses[i];
    // Frames where the subject is (mostly) hidden, as at the start of a reveal, have no position.
    if (!dress || dress.count < most * 0.5) return [];
    const teal = blob(frame, isTeal);
    const violet = blob(frame, isViolet);
    expect(teal.count).toBeGreaterThan(200);
    expect(violet.count).toBeGreaterThan(200);
    // Complex division (dress − teal) / (violet − teal): similarity-invariant coordinates.
    const [ax, ay] = [violet.x - teal.x, violet.y - teal.y];
    const [bx, by] = [dress.x - teal.x, dress.y - teal.y];
    const span = Math.hypot(ax, ay);
    const norm = ax * ax + ay * ay;
    return [
      {
        re: (bx * ax + by * ay) / norm,
        im: (by * ax - bx * ay) / norm,
        size: Math.sqrt(dress.count) / span,
      },
    ];
  });
  expect(placed.length).toBeGreaterThanOrEqual(2);
  const first = placed[0] ?? { re: 0, im: 0, size: 1 };
  return Math.max(
    ...placed.map((p) =>
      Math.max(Math.hypot(p.re - first.re, p.im - first.im), Math.abs(p.size / first.size - 1)),
    ),
  );
}

function luma(frame: Buffer, top: number, bottom: number): Float64Array {
  const out = new Float64Array((bottom - top) * FRAME.width);
  for (let y = top; y < bottom; y++) {
    for (let x = 0; x < FRAME.width; x++) {
      const i = (y * FRAME.width + x) * 3;
      out[(y - top) * FRAME.width + x] =
        0.299 * (frame[i] ?? 0) + 0.587 * (frame[i + 1] ?? 0) + 0.114 * (frame[i + 2] ?? 0);
    }
  }
  return out;
}

/** Normalised cross-correlation of two equally sized signals (1 = the same picture). */
function correlation(a: Float64Array, b: Float64Array): number {
  const mean = (v: Float64Array) => v.reduce((s, x) => s + x, 0) / v.length;
  const [ma, mb] = [mean(a), mean(b)];
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < a.length; i++) {
    const da = (a[i] ?? 0) - ma;
    const db = (b[i] ?? 0) - mb;
    ab += da * db;
    aa += da * da;
    bb += db * db;
  }
  return aa === 0 || bb === 0 ? 0 : ab / Math.sqrt(aa * bb);
}

/**
 * What a reflect padding would put in the band: the fitted photo's rows mirrored at its bottom
 * edge (frame row PHOTO_BOTTOM + d shows photo row PHOTO_BOTTOM − 1 − d).
 */
async function mirroredBand(still: Buffer): Promise<Float64Array> {
  const fitted = await sharp(still)
    .resize(FRAME.width, PHOTO_BOTTOM - 50)
    .raw()
    .toBuffer();
  const frame = Buffer.alloc(FRAME.width * FRAME.height * 3);
  fitted.copy(frame, 50 * FRAME.width * 3);
  for (let y = PHOTO_BOTTOM; y < FRAME.height; y++) {
    const source = 2 * PHOTO_BOTTOM - 1 - y;
    frame.copy(
      frame,
      y * FRAME.width * 3,
      source * FRAME.width * 3,
      (source + 1) * FRAME.width * 3,
    );
  }
  return luma(frame, BAND_TOP, FRAME.height);
}

/** Per column, the band's mean luma: a ghost of the subject shows as a dip where it stood. */
function columnSpread(band: Float64Array): number {
  const rows = band.length / FRAME.width;
  const columns = Array.from({ length: FRAME.width }, (_, x) => {
    let sum = 0;
    for (let y = 0; y < rows; y++) sum += band[y * FRAME.width + x] ?? 0;
    return sum / rows;
  });
  return Math.max(...columns) - Math.min(...columns);
}

async function ownTempDirs(): Promise<string[]> {
  return (await readdir(tmpdir())).filter((name) => name.startsWith('studio-video-'));
}

let still: Buffer;
let mask: SubjectMask;
beforeAll(async () => {
  still = await portraitStill();
  // The real model's cut-out, made once and handed to every render below.
  mask = await segment(still, 'medium');
}, 120_000);

describe('renderMotionVideo', () => {
  const rendered = new Map<VideoMotion, Buffer[]>();
  async function framesOf(motion: VideoMotion): Promise<Buffer[]> {
    const cached = rendered.get(motion);
    if (cached) return cached;
    const started = performance.now();
    const video = await renderMotionVideo(still, {
      durationSeconds: 5,
      resolution: '360p',
      motion,
      subjectMask: mask,
    });
    console.info(`${motion}, 5 s 360p: ${(performance.now() - started).toFixed(0)} ms`);
    const frames = await decodeFrames(video.data, SAMPLED);
    rendered.set(motion, frames);
    return frames;
  }

  it('renders a 5 s 360×640 H.264 MP4 with the model cutting the subject out, and reports progress', async () => {
    const before = await ownTempDirs();
    const progress: number[] = [];
    const started = performance.now();
    const result = await renderMotionVideo(still, {
      durationSeconds: 5,
      resolution: '360p',
      onProgress: (fraction) => progress.push(fraction),
    });
    console.info(`5 s 360p render with the model: ${(performance.now() - started).toFixed(0)} ms`);

    expect(result.contentType).toBe('video/mp4');
    expect([result.width, result.height, result.durationSeconds]).toEqual([360, 640, 5]);
    expect(result.data.subarray(4, 8).toString('latin1')).toBe('ftyp');

    const info = await probe(result.data);
    const duration = /Duration: (\d+):(\d+):(\d+\.\d+)/.exec(info);
    expect(duration).not.toBeNull();
    const seconds =
      Number(duration?.[1]) * 3600 + Number(duration?.[2]) * 60 + Number(duration?.[3]);
    expect(seconds).toBeGreaterThan(4.9);
    expect(seconds).toBeLessThan(5.15);
    expect(info).toMatch(/Video: h264.*yuv420p.*360x640/);
    expect(info).not.toMatch(/Audio:/);

    expect(progress.length).toBeGreaterThan(1);
    expect(Math.max(...progress)).toBeGreaterThanOrEqual(0.9);
    expect(progress.at(-1)).toBe(1);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
    // The temp dir is gone again.
    expect(await ownTempDirs()).toEqual(before);
    // The default motion (push-in) moves the subject against the background.
    expect(subjectMotion(await decodeFrames(result.data, SAMPLED))).toBeGreaterThan(0.05);
  });

  it('honours the duration and the resolution asked for (10 s at 480p)', async () => {
    const result = await renderMotionVideo(still, {
      durationSeconds: 10,
      resolution: '480p',
      motion: 'sway-turn',
      subjectMask: mask,
    });
    expect([result.width, result.height, result.durationSeconds]).toEqual([480, 854, 10]);
    const info = await probe(result.data);
    expect(info).toMatch(/Video: h264.*480x854/);
    expect(info).toMatch(/Duration: 00:00:(09\.9|10\.0)/);
  });

  it.each(VIDEO_MOTIONS)(
    "'%s' moves the subject against the background, not only the camera",
    async (motion) => {
      expect(subjectMotion(await framesOf(motion))).toBeGreaterThan(0.05);
    },
  );

  it('a camera move alone does not count as subject motion (the measure is sound)', async () => {
    // Without a cut-out the whole still is the plate: what remains is a pure camera move.
    const empty = { mask: Buffer.alloc(16), width: 4, height: 4 };
    const video = await renderMotionVideo(still, {
      durationSeconds: 5,
      resolution: '360p',
      motion: 'push-in',
      subjectMask: empty,
    });
    const frames = await decodeFrames(video.data, SAMPLED);
    // The camera did move…
    const first = blob(frames[0] ?? Buffer.alloc(0), isTeal);
    const last = blob(frames.at(-1) ?? Buffer.alloc(0), isTeal);
    expect(Math.hypot(last.x - first.x, last.y - first.y)).toBeGreaterThan(3);
    // …but the subject stayed put on the background.
    expect(subjectMotion(frames)).toBeLessThan(0.015);
  });

  it('gives every template motion a different video', async () => {
    const small = await Promise.all(
      VIDEO_MOTIONS.map(async (motion) =>
        Promise.all(
          (await framesOf(motion)).map((f) =>
            sharp(f, { raw: { ...FRAME, channels: 3 } })
              .resize(36, 64)
              .raw()
              .toBuffer(),
          ),
        ),
      ),
    );
    for (let a = 0; a < small.length; a++) {
      for (let b = a + 1; b < small.length; b++) {
        let diff = 0;
        let n = 0;
        // Frame 0 is the still for most motions; the motion shows in the frames after it.
        for (let f = 1; f < SAMPLED.length; f++) {
          const [fa, fb] = [small[a]?.[f], small[b]?.[f]];
          for (let i = 0; i < (fa?.length ?? 0); i++) {
            diff += Math.abs((fa?.[i] ?? 0) - (fb?.[i] ?? 0));
            n++;
          }
        }
        expect(diff / n, `${VIDEO_MOTIONS[a]} vs ${VIDEO_MOTIONS[b]}`).toBeGreaterThan(2);
      }
    }
  });

  it('leaves no ghost of the subject on the plate where it moved away', async () => {
    // 'reveal' opens on the bare plate: the dress must be gone from it, not blurred in place.
    const [opening] = await framesOf('reveal');
    const full = Math.max(...(await framesOf('reveal')).map((f) => blob(f, isDress).count));
    expect(full).toBeGreaterThan(5000);
    expect(blob(opening ?? Buffer.alloc(0), isDress).count).toBeLessThan(full * 0.005);
  });

  it('pads 2:3 to 9:16 with a clean extension of the background: nothing mirrored, no ghost', async () => {
    const mirrored = await mirroredBand(still);
    // The measures catch a reflect padding of this still: shoes and planks mirrored below it.
    expect(Math.min(...mirrored)).toBeLessThan(120);
    expect(columnSpread(mirrored)).toBeGreaterThan(40);
    for (const motion of VIDEO_MOTIONS) {
      for (const [i, frame] of (await framesOf(motion)).entries()) {
        const band = luma(frame, BAND_TOP, FRAME.height);
        const where = `${motion}, frame ${SAMPLED[i]}`;
        expect(Math.abs(correlation(band, mirrored)), where).toBeLessThan(0.3);
        // No dark shoe, leg or plank pixels, and no darker patch where the subject stands.
        expect(Math.min(...band), where).toBeGreaterThan(120);
        expect(columnSpread(band), where).toBeLessThan(12);
      }
    }
  });

  it('kills ffmpeg and rejects when aborted', async () => {
    const before = await ownTempDirs();
    const controller = new AbortController();
    const render = renderMotionVideo(still, {
      durationSeconds: 10,
      resolution: '720p',
      subjectMask: mask,
      signal: controller.signal,
      onProgress: (fraction) => {
        if (fraction > 0.05) controller.abort();
      },
    });
    const started = performance.now();
    await expect(render).rejects.toMatchObject({ name: 'AbortError' });
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(await ownTempDirs()).toEqual(before);
  });

  it('kills ffmpeg and rejects on timeout', async () => {
    await expect(
      renderMotionVideo(still, {
        durationSeconds: 10,
        resolution: '360p',
        subjectMask: mask,
        timeoutMs: 200,
      }),
    ).rejects.toThrow(/timed out/);
  });

  it('rejects at once when the signal is already aborted', async () => {
    await expect(
      renderMotionVideo(still, {
        durationSeconds: 5,
        resolution: '360p',
        signal: AbortSignal.abort(),
      }),
    ).rejects.toThrow();
  });

  it('fails with a readable error on an undecodable input', async () => {
    await expect(
      renderMotionVideo(Buffer.from('not an image'), {
        durationSeconds: 5,
        resolution: '360p',
      }),
    ).rejects.toThrow();
  });
});
