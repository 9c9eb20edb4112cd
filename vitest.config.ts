import { defineConfig } from 'vitest/config';

// Test tiers as Vitest projects: contract and server unit tests, server engine tests (the local
// engine's ONNX model and ffmpeg: seconds per test, so kept out of the fast unit tier), server
// integration tests on real PostgreSQL (one embedded server per run, one cloned database per test
// file), web component tests.
export default defineConfig({
  test: {
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
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      './apps/web/vite.config.ts',
    ],
  },
});
