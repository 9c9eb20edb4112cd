#!/usr/bin/env node
// Time from process start to a healthy /api/v1/health: first start (initdb of the embedded
// PostgreSQL) and warm restarts of the same data directory. Usage: node bench/startup.mjs [runs]
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const root = path.resolve(import.meta.dirname, '..');
const runs = Number(process.argv[2] ?? 5);
const port = 3290;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-bench-'));
fs.chmodSync(dataDir, 0o755);

async function startOnce() {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: '/nonexistent',
    },
    stdio: 'ignore',
  });
  let ms;
  for (let i = 0; i < 600 && ms === undefined; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).ok)
        ms = performance.now() - started;
    } catch {
      await sleep(20);
    }
  }
  const exited = once(child, 'exit');
  const stopAt = performance.now();
  child.kill('SIGINT');
  await exited;
  return { ready: ms, stop: performance.now() - stopAt };
}

const first = await startOnce();
const warm = [];
for (let i = 0; i < runs; i++) warm.push(await startOnce());
const median = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(
  `first start (initdb + migrations): ${first.ready.toFixed(0)} ms to healthy, stop ${first.stop.toFixed(0)} ms`,
);
console.log(
  `warm start, median of ${runs}: ${median(warm.map((r) => r.ready)).toFixed(0)} ms to healthy, stop ${median(warm.map((r) => r.stop)).toFixed(0)} ms`,
);
fs.rmSync(dataDir, { recursive: true, force: true });
