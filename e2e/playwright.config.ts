import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import {
  FAKE_FAL_KEY,
  MOCK_GOOGLE_CLIENT_ID,
  fakeFalPort,
  falAppPort,
  webhookReceiverPort,
} from './fixtures';

// Browser journeys against the real built app: the server (with its own embedded PostgreSQL in a fresh
// data directory) is started by the run and driven with Debian's Chromium. No browser is downloaded.
const port = Number(process.env.E2E_PORT ?? 3217);
const baseURL = `http://localhost:${port}`;
const idpPort = Number(process.env.E2E_IDP_PORT ?? 3219);
const dataDir = process.env.E2E_DATA_DIR ?? freshDataDir('E2E_DATA_DIR');
// A second studio configured for fal, pointed at the fake fal process (the fal journeys), with a
// database of its own.
const falDataDir = process.env.E2E_FAL_DATA_DIR ?? freshDataDir('E2E_FAL_DATA_DIR');

function freshDataDir(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-e2e-'));
  fs.chmodSync(dir, 0o755); // the embedded server may run as the `postgres` user
  process.env[name] = dir; // inherited by workers, so every process sees one directory
  return dir;
}
/**
 * A studio server on `port` with its own embedded PostgreSQL in `dir`, plus `env`. Playwright
 * starts its web servers one after another, waiting for each: `wait: false` only launches it, so
 * that it starts beside the next ones (whoever needs it waits for it: `waitForStudio`).
 */
function studio(port: number, dir: string, env: Record<string, string>, wait = true) {
  return {
    command: 'node --import tsx apps/server/src/main.ts',
    cwd: '..',
    ...(wait ? { url: `http://localhost:${port}/api/v1/health` } : {}),
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    gracefulShutdown: { signal: 'SIGINT' as const, timeout: 15_000 },
    env: {
      PORT: String(port),
      DATA_DIR: dir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      // Journeys create many accounts from one address; the limits themselves are integration-tested.
      RATE_LIMIT_MULTIPLIER: '50',
      ...env,
    },
  };
}
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // Cleared at every run's start: a run beside another on this checkout names its own, or the other
  // run's start deletes this one's traces under it (browserContext.close: ENOENT).
  outputDir: process.env.E2E_OUTPUT_DIR ?? '../artifacts/e2e-results',
  // Two spec files at a time (each file's tests in order): much of a journey is the browser or the
  // local engine waiting on the other, so two share a 2-core machine well (whole tier 20 min → 9 min
  // at load 3–13, 2026-11-28). Journeys sign up their own accounts, so files do not share state.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI
    ? [['list'], ['json', { outputFile: '../artifacts/playwright.json' }]]
    : 'list',
  use: {
    baseURL,
    // A failed journey keeps its trace (each action's DOM snapshot, network, console) and its final
    // screenshot, but the trace takes no screencast: Chromium encoding frames for it was half the
    // tier's CPU (two specs: 201 → 109 CPU-seconds, 106 → 64 s wall, 2026-11-29, docs/testing.md).
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
    },
  ],
  webServer: [
    // The studio configured for fal first and not waited for: its start (an embedded PostgreSQL of
    // its own) runs beside the journeys' studio's instead of after it. Only try-on-fal.spec.ts
    // uses it, and waits until it answers.
    studio(
      falAppPort,
      falDataDir,
      {
        GENERATION_PROVIDER: 'fal',
        FAL_KEY: FAKE_FAL_KEY,
        FAL_BASE_URL: `http://127.0.0.1:${fakeFalPort}`,
        FAL_POLL_INTERVAL_MS: '200',
      },
      false,
    ),
    {
      command: 'node --import tsx e2e/mock-idp.ts',
      cwd: '..',
      url: `http://127.0.0.1:${idpPort}/.well-known/openid-configuration`,
      timeout: 30_000,
      reuseExistingServer: false,
      env: { E2E_IDP_PORT: String(idpPort) },
    },
    studio(port, dataDir, {
      GOOGLE_CLIENT_ID: MOCK_GOOGLE_CLIENT_ID,
      GOOGLE_CLIENT_SECRET: 'e2e-google-secret',
      GOOGLE_DISCOVERY_URL: `http://127.0.0.1:${idpPort}/.well-known/openid-configuration`,
      // The developers journey's local receiver (a loopback address the URL guard otherwise refuses).
      WEBHOOK_ALLOWED_HOSTS: `127.0.0.1:${webhookReceiverPort}`,
    }),
    {
      command: 'node --import tsx apps/server/test/fake-fal-process.ts',
      cwd: '..',
      url: `http://127.0.0.1:${fakeFalPort}/files/output.png`,
      timeout: 30_000,
      reuseExistingServer: false,
      env: {
        E2E_FAKE_FAL_PORT: String(fakeFalPort),
        E2E_FAKE_FAL_KEY: FAKE_FAL_KEY,
        E2E_FAKE_FAL_STUDIO: `http://localhost:${falAppPort}`,
      },
    },
  ],
});
