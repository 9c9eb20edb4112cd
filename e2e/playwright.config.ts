import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { MOCK_GOOGLE_CLIENT_ID } from './fixtures';

// Browser journeys against the real built app: the server (with its own embedded PostgreSQL in a fresh
// data directory) is started by the run and driven with Debian's Chromium. No browser is downloaded.
const port = Number(process.env.E2E_PORT ?? 3217);
const baseURL = `http://localhost:${port}`;
const idpPort = Number(process.env.E2E_IDP_PORT ?? 3219);
const dataDir = process.env.E2E_DATA_DIR ?? freshDataDir();

function freshDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-e2e-'));
  fs.chmodSync(dir, 0o755); // the embedded server may run as the `postgres` user
  process.env.E2E_DATA_DIR = dir; // inherited by workers, so every process sees one directory
  return dir;
}
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../artifacts/e2e-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI
    ? [['list'], ['json', { outputFile: '../artifacts/playwright.json' }]]
    : 'list',
  use: {
    baseURL,
    trace: 'retain-on-failure',
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
    {
      command: 'node --import tsx e2e/mock-idp.ts',
      cwd: '..',
      url: `http://127.0.0.1:${idpPort}/.well-known/openid-configuration`,
      timeout: 30_000,
      reuseExistingServer: false,
      env: { E2E_IDP_PORT: String(idpPort) },
    },
    {
      command: 'node --import tsx apps/server/src/main.ts',
      cwd: '..',
      url: `${baseURL}/api/v1/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGINT', timeout: 15_000 },
      env: {
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'development',
        GOOGLE_CLIENT_ID: MOCK_GOOGLE_CLIENT_ID,
        GOOGLE_CLIENT_SECRET: 'e2e-google-secret',
        GOOGLE_DISCOVERY_URL: `http://127.0.0.1:${idpPort}/.well-known/openid-configuration`,
        // Journeys create many accounts from one address; the limits themselves are integration-tested.
        RATE_LIMIT_MULTIPLIER: '50',
      },
    },
  ],
});
