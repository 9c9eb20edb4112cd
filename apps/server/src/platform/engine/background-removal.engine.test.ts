import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { removeBackground, segment } from './background-removal';

function alphaAt(data: Buffer, width: number, x: number, y: number): number {
  return data[(y * width + x) * 4 + 3] ?? -1;
}

describe('removeBackground', () => {
  it('cuts a bright object out of a flat background (real model inference)', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512">
      <rect width="512" height="512" fill="#1d3f8f"/>
      <rect x="166" y="120" width="180" height="272" rx="40" fill="#ffcf33"/>
      <circle cx="256" cy="200" r="40" fill="#f07a1a"/>
    </svg>`;
    const input = await sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
    const started = performance.now();
    const result = await removeBackground(input);
    const elapsed = performance.now() - started;
    console.info(`background removal (512 px, includes model load): ${elapsed.toFixed(0)} ms`);

    expect(result.contentType).toBe('image/png');
    expect([result.width, result.height]).toEqual([512, 512]);
    const { data, info } = await sharp(result.data).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(4);
    for (const [x, y] of [
      [2, 2],
      [509, 2],
      [2, 509],
      [509, 509],
    ] as const) {
      expect(alphaAt(data, info.width, x, y)).toBeLessThan(16);
    }
    expect(alphaAt(data, info.width, 256, 256)).toBeGreaterThan(240);
    // Colours of the kept object are the original ones, not a re-rendering.
    const centre = (256 * info.width + 256) * 4;
    expect(data[centre]).toBeGreaterThan(220);
    expect(data[centre + 2]).toBeLessThan(90);
  }, 120_000);

  it('leaves this thread free while the model runs: timers keep firing through an inference', async () => {
    const input = await sharp({
      create: { width: 900, height: 1200, channels: 3, background: '#c0392b' },
    })
      .jpeg()
      .toBuffer();
    await segment(input, 'medium'); // the model loaded, so the run below is inference only
    // The longest stretch between two 10 ms ticks is the longest the thread was held. On this
    // thread an inference held it for its whole length (ADR 045); compared with the run's own
    // length, so a slow machine changes both sides alike.
    let last = performance.now();
    let longestGap = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 10);
    const started = performance.now();
    try {
      await segment(input, 'medium');
    } finally {
      clearInterval(ticker);
    }
    const elapsed = performance.now() - started;
    console.info(`inference ${elapsed.toFixed(0)} ms, longest gap ${longestGap.toFixed(0)} ms`);
    expect(longestGap).toBeLessThan(elapsed / 4);
  }, 120_000);

  it('stops for shutdown without aborting the process: the waiting call gives up, the thread ends once idle', async () => {
    // In a process of its own: a thread ended inside an ONNX inference aborts the whole process
    // (SIGABRT), which is what a shutdown must not do.
    const moduleUrl = new URL('./background-removal.ts', import.meta.url).href;
    const threadUrl = new URL('./engine-thread.ts', import.meta.url).href;
    const sharpUrl = pathToFileURL(createRequire(import.meta.url).resolve('sharp')).href;
    const script = `
      const { default: sharp } = await import(${JSON.stringify(sharpUrl)});
      const { segment } = await import(${JSON.stringify(moduleUrl)});
      const { stopEngineThread } = await import(${JSON.stringify(threadUrl)});
      const photo = await sharp({ create: { width: 900, height: 1200, channels: 3, background: '#2e5e3a' } }).jpeg().toBuffer();
      const running = segment(photo, 'medium').then(() => 'finished', (e) => 'gave up: ' + e.message);
      await new Promise((resolve) => setTimeout(resolve, 1500)); // the model is loading or running
      const stopped = stopEngineThread(60_000);
      console.log(await running);
      await stopped;
      console.log('stopped');
      process.exit(0);
    `;
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-engine-stop-'));
    const file = path.join(dir, 'stop.mjs');
    await fs.writeFile(file, script);
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', file], {
      cwd: new URL('../../../', import.meta.url).pathname,
      timeout: 110_000,
    }).finally(() => fs.rm(dir, { recursive: true, force: true }));
    expect(stdout.trim().split('\n')).toEqual([
      'gave up: The engine stopped for a restart.',
      'stopped',
    ]);
  }, 120_000);
});
