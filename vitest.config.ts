import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const webRoot = path.join(import.meta.dirname, 'apps/web');

/**
 * Web test files that replace modules (`vi.mock` and kin). The `web` project shares one jsdom and
 * one module cache between files (`isolate: false`), where a module mock would reach the files run
 * after it and miss modules a file before it had already loaded; these files run isolated instead,
 * in `web-isolated`. Found by reading the files, so a new test that mocks a module lands there too.
 */
const webTestFiles = fs
  .readdirSync(path.join(webRoot, 'src'), { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => `src/${file.split(path.sep).join('/')}`);
const webModuleMockFiles = webTestFiles.filter((file) =>
  /\bvi\.(?:mock|doMock|unmock|doUnmock|resetModules)\(/.test(
    fs.readFileSync(path.join(webRoot, file), 'utf8'),
  ),
);

// Test tiers as Vitest projects: contract and server unit tests, server engine tests (the local
// engine's ONNX model and ffmpeg: seconds per test, so kept out of the fast unit tier), server
// integration tests on real PostgreSQL (one embedded server per run, one cloned database per test
// file), web component tests (`web`, plus `web-isolated` for the files that mock modules).
export default defineConfig({
  test: {
    // Three workers on a 2-core machine (Vitest's default there is one): the integration tier
    // waits on PostgreSQL much of the time, and the other workers use that time. Measured on the
    // whole step (all but server-engine, 2026-11-29): 1 worker is serial; 2 ran 371 s wall at 81 %
    // of both cores, 3 ran 334 s at 94 %. More would only queue for the cores.
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: 'contract',
          root: './packages/contract',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server-unit',
          root: './apps/server',
          include: ['src/**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/*.int.test.ts', '**/*.engine.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server-engine',
          root: './apps/server',
          include: ['src/**/*.engine.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'server-int',
          root: './apps/server',
          include: ['src/**/*.int.test.ts', 'test/**/*.int.test.ts'],
          environment: 'node',
          globalSetup: ['./test/global-setup.ts'],
          // Files share the worker's modules: every file imports the whole server (Fastify, Better
          // Auth, Drizzle, sharp, pg-boss), which isolated cost ~1.5 s of CPU per file. State stays
          // per file regardless: each file has its own database and apps, and file-setup.ts closes
          // them, restores spies and timers after it. No file replaces a module (vi.mock).
          isolate: false,
          setupFiles: ['./test/file-setup.ts'],
          // A bound that ends a hung test, not a measure. Tests that start the server's process or
          // run the local engine took 20–45 s on the slowest machine of this kind seen (2026-11-30:
          // a guest where each page fault costs ~12 µs), where 30 s timed two of them out.
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        root: webRoot,
        test: {
          // Files share the worker's jsdom and modules: setting up jsdom and importing React, MSW
          // and the app once instead of once per file more than halves the tier's CPU time.
          // setup.ts still runs before every file and cleans what a test leaves (DOM, storage,
          // handlers, fake accounts); Vitest restores spies after each file.
          isolate: false,
          exclude: ['**/node_modules/**', ...webModuleMockFiles],
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        root: webRoot,
        test: {
          name: 'web-isolated',
          // `extends` adds to the web config's include and exclude lists instead of replacing
          // them, so this project excludes every other web test file.
          exclude: webTestFiles.filter((file) => !webModuleMockFiles.includes(file)),
        },
      },
    ],
  },
});
