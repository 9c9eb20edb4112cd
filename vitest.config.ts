import { defineConfig } from 'vitest/config';

// Test tiers as Vitest projects: contract + server unit, server integration (real PostgreSQL), web components.
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
      './apps/server/vitest.config.ts',
      './apps/web/vite.config.ts',
    ],
  },
});
