import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { ffmpegPath, renderCameraMotionVideo } from './video';

async function still(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
    <rect width="800" height="600" fill="#e9dccb"/>
    <rect x="300" y="100" width="200" height="400" rx="30" fill="#8a2d3b"/>
    <circle cx="400" cy="180" r="50" fill="#f4d3a8"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg().toBuffer();
}

const scratch: string[] = [];
afterAll(async () => {
  await Promise.all(scratch.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** `ffmpeg -i file` exits non-zero (no output given) but prints the container info on stderr. */
async function probe(mp4: Buffer): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'video-test-'));
  scratch.push(dir);
  const file = join(dir, 'probe.mp4');
  await writeFile(file, mp4);
  const binary = await ffmpegPath();
  return new Promise((resolve, reject) => {
    const child = spawn(binary, ['-hide_banner', '-i', file], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', () => {
      resolve(stderr);
    });
  });
}

async function ownTempDirs(): Promise<string[]> {
  return (await readdir(tmpdir())).filter((name) => name.startsWith('studio-video-'));
}

describe('renderCameraMotionVideo', () => {
  it('renders a 5 s 360×640 H.264 MP4 and reports progress', async () => {
    const before = await ownTempDirs();
    const progress: number[] = [];
    const started = performance.now();
    const result = await renderCameraMotionVideo(await still(), {
      durationSeconds: 5,
      resolution: '360p',
      onProgress: (fraction) => progress.push(fraction),
    });
    console.info(`5 s 360p render: ${(performance.now() - started).toFixed(0)} ms`);

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
  }, 60_000);

  it('actually moves the camera: first and last frames differ for a zoom', async () => {
    const result = await renderCameraMotionVideo(await still(), {
      durationSeconds: 5,
      resolution: '360p',
      motion: 'zoom-out',
    });
    const dir = await mkdtemp(join(tmpdir(), 'video-test-'));
    scratch.push(dir);
    const file = join(dir, 'in.mp4');
    await writeFile(file, result.data);
    const binary = await ffmpegPath();
    const frame = (select: string, name: string) =>
      new Promise<Buffer>((resolve, reject) => {
        const out = join(dir, name);
        const child = spawn(binary, [
          '-v',
          'error',
          '-i',
          file,
          '-vf',
          `select=${select}`,
          '-frames:v',
          '1',
          '-y',
          out,
        ]);
        child.on('error', reject);
        child.on('close', () => {
          sharp(out).resize(36, 64).raw().toBuffer().then(resolve, reject);
        });
      });
    const first = await frame('eq(n\\,0)', 'first.png');
    const last = await frame('eq(n\\,124)', 'last.png');
    let diff = 0;
    for (let i = 0; i < first.length; i++) diff += Math.abs((first[i] ?? 0) - (last[i] ?? 0));
    expect(diff / first.length).toBeGreaterThan(3);
  }, 60_000);

  it('kills ffmpeg and rejects when aborted', async () => {
    const before = await ownTempDirs();
    const controller = new AbortController();
    const render = renderCameraMotionVideo(await still(), {
      durationSeconds: 10,
      resolution: '720p',
      signal: controller.signal,
      onProgress: (fraction) => {
        if (fraction > 0.05) controller.abort();
      },
    });
    const started = performance.now();
    await expect(render).rejects.toMatchObject({ name: 'AbortError' });
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(await ownTempDirs()).toEqual(before);
  }, 60_000);

  it('kills ffmpeg and rejects on timeout', async () => {
    await expect(
      renderCameraMotionVideo(await still(), {
        durationSeconds: 10,
        resolution: '360p',
        timeoutMs: 200,
      }),
    ).rejects.toThrow(/timed out/);
  }, 60_000);

  it('rejects at once when the signal is already aborted', async () => {
    await expect(
      renderCameraMotionVideo(await still(), {
        durationSeconds: 5,
        resolution: '360p',
        signal: AbortSignal.abort(),
      }),
    ).rejects.toThrow();
  });

  it('fails with a readable error on an undecodable input', async () => {
    await expect(
      renderCameraMotionVideo(Buffer.from('not an image'), {
        durationSeconds: 5,
        resolution: '360p',
      }),
    ).rejects.toThrow();
  });
});
