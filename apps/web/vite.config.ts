import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vitest/config';

// One file for the Vite build, the dev server and the `web` Vitest project (the root
// vitest.config.ts lists this file as a project, so the test block must live here).
export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    // The server serves dist/ with an SPA fallback; the manifest lets bench/ measure the
    // initial JS of each route without guessing chunk names.
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
    // Vitest's jsdom default origin; MSW handlers resolve relative API paths against it.
    environmentOptions: { jsdom: { url: 'http://localhost:3000' } },
    css: false,
    restoreMocks: true,
    // jsdom tests share 2 cores with the integration tier in `npm test`; 5 s is too tight under load.
    testTimeout: 15_000,
  },
});
