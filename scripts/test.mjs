#!/usr/bin/env node
// `npm test`: typecheck, lint and format check (side by side), every Vitest tier (unit, integration,
// component), the engine tests (ONNX model, ffmpeg) as their own step, then the browser journeys on
// the built app.
// Stops at the first failing step; ends with one summary line.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const artifacts = path.join(root, 'artifacts');
fs.mkdirSync(artifacts, { recursive: true });

const tiers = {
  unit: { passed: 0, failed: 0 },
  engine: { passed: 0, failed: 0 },
  integration: { passed: 0, failed: 0 },
  component: { passed: 0, failed: 0 },
  browser: { passed: 0, failed: 0 },
};

function run(title, command, args, env = {}) {
  process.stdout.write(`\n━━ ${title} ━━\n$ ${command} ${args.join(' ')}\n`);
  const started = Date.now();
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = result.status === 0;
  process.stdout.write(`${ok ? '✔' : '✘'} ${title} (${seconds}s)\n`);
  return ok;
}

/**
 * Runs single-threaded checks side by side (typecheck and lint each keep one core busy), each one's
 * output kept and printed whole after, in the order given, so the log reads as if they ran in turn.
 */
async function runTogether(checks) {
  const results = await Promise.all(
    checks.map(
      ({ title, command, args }) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(command, args, { cwd: root, env: process.env });
          const output = [];
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          child.on('close', (status) => {
            resolve({ title, command, args, status, output, started, ended: Date.now() });
          });
        }),
    ),
  );
  for (const { title, command, args, status, output, started, ended } of results) {
    process.stdout.write(`\n━━ ${title} ━━\n$ ${command} ${args.join(' ')}\n`);
    process.stdout.write(Buffer.concat(output));
    const seconds = ((ended - started) / 1000).toFixed(1);
    process.stdout.write(
      `${status === 0 ? '✔' : '✘'} ${title} (${seconds}s, alongside the others)\n`,
    );
  }
  return results.every((result) => result.status === 0);
}

function tierOf(file) {
  if (file.includes('/apps/web/')) return 'component';
  if (file.endsWith('.int.test.ts')) return 'integration';
  if (file.endsWith('.engine.test.ts')) return 'engine';
  return 'unit';
}

function readVitest(file) {
  if (!fs.existsSync(file)) return;
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  for (const suite of report.testResults ?? []) {
    const tier = tiers[tierOf(suite.name)];
    for (const t of suite.assertionResults ?? []) {
      if (t.status === 'passed') tier.passed++;
      else if (t.status === 'failed') tier.failed++;
    }
    // A file that failed to load has no assertions but must still count as a failure.
    if (
      suite.status === 'failed' &&
      !(suite.assertionResults ?? []).some((t) => t.status === 'failed')
    )
      tier.failed++;
  }
}

function readPlaywright(file) {
  if (!fs.existsSync(file)) return;
  const { stats } = JSON.parse(fs.readFileSync(file, 'utf8'));
  tiers.browser.passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  tiers.browser.failed += stats.unexpected ?? 0;
}

function failedCount() {
  return Object.values(tiers).reduce((n, t) => n + t.failed, 0);
}

function summary(ok) {
  process.stdout.write('\n━━ Summary ━━\n');
  for (const [name, t] of Object.entries(tiers)) {
    process.stdout.write(
      `${name.padEnd(12)} ${String(t.passed).padStart(4)} passed  ${String(t.failed).padStart(3)} failed\n`,
    );
  }
  const passed = Object.values(tiers).reduce((n, t) => n + t.passed, 0);
  let failed = Object.values(tiers).reduce((n, t) => n + t.failed, 0);
  // A failing step with no failing test (typecheck, lint, build, a crashed runner) still fails the run.
  if (!ok && failed === 0) failed = 1;
  process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
  process.exit(failed === 0 ? 0 : 1);
}

/** One Vitest run with a JSON report whose tests are counted into their tiers. */
function vitestStep(title, report, projectArgs) {
  const ok = run(title, 'npx', [
    'vitest',
    'run',
    ...projectArgs,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ]);
  const failedBefore = failedCount();
  readVitest(report);
  // Trust the report as well as the exit code: a library hooking process exit once masked a failure.
  return ok && failedCount() === failedBefore;
}

const vitestJson = path.join(artifacts, 'vitest.json');
const engineJson = path.join(artifacts, 'vitest-engine.json');
const playwrightJson = path.join(artifacts, 'playwright.json');
for (const report of [vitestJson, engineJson, playwrightJson]) fs.rmSync(report, { force: true });

const steps = [
  () =>
    runTogether([
      { title: 'Typecheck', command: 'npm', args: ['run', '--silent', 'typecheck'] },
      { title: 'Lint', command: 'npm', args: ['run', '--silent', 'lint'] },
      { title: 'Format', command: 'npm', args: ['run', '--silent', 'format:check'] },
    ]),
  () =>
    vitestStep('Unit, integration and component tests (Vitest)', vitestJson, [
      '--project=!server-engine',
    ]),
  () => vitestStep('Engine tests (ONNX model, ffmpeg)', engineJson, ['--project=server-engine']),
  () => run('Build web app', 'npm', ['run', '--silent', 'build']),
  () => {
    // Fresh data directories (so fresh embedded PostgreSQLs) for the apps under test (the journeys'
    // studio, and the one configured for fal), removed after.
    const fresh = () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-e2e-'));
      fs.chmodSync(dir, 0o755);
      return dir;
    };
    const [dataDir, falDataDir] = [fresh(), fresh()];
    const ok = run(
      'Browser tests (Playwright + Chromium)',
      'npx',
      ['playwright', 'test', '-c', 'e2e/playwright.config.ts'],
      { CI: '1', E2E_DATA_DIR: dataDir, E2E_FAL_DATA_DIR: falDataDir },
    );
    for (const dir of [dataDir, falDataDir]) fs.rmSync(dir, { recursive: true, force: true });
    readPlaywright(playwrightJson);
    return ok;
  },
];

for (const step of steps) {
  if (!(await step())) summary(false);
}
summary(true);
