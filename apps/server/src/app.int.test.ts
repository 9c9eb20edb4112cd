import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { errorBodySchema } from '@studio/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/harness';

describe('API error contract', () => {
  it('answers an unknown /api/v1 path with a 404 JSON error body', async () => {
    const { app } = await createTestApp();
    const res = await app.inject({ method: 'GET', url: '/api/v1/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const body = errorBodySchema.parse(res.json());
    expect(body.error.code).toBe('not_found');
  });

  it('turns a thrown database error into a 500 body without stack or SQL', async () => {
    const { app } = await createTestApp({
      configure: (a, database) => {
        a.get('/api/v1/test-only/boom', async () => {
          await database.db.execute(sql`SELECT secret_column FROM no_such_table`);
          return { ok: true };
        });
      },
    });
    const res = await app.inject({ method: 'GET', url: '/api/v1/test-only/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      success: false,
      error: { code: 'internal_error', message: 'Something went wrong on our side.' },
    });
    expect(res.body).not.toMatch(/no_such_table|secret_column|SELECT|at .*\.ts/);
  });

  it('rejects an invalid JSON body with a 400 error body', async () => {
    const { app } = await createTestApp();
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(errorBodySchema.parse(res.json()).error.code).toBe('bad_request');
  });

  it('refuses non-JSON bodies on state-changing calls', async () => {
    const { app } = await createTestApp();
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=a@b.c',
    });
    expect(res.statusCode).toBe(415);
    expect(errorBodySchema.parse(res.json()).error.code).toBe('unsupported_media_type');
  });

  it('sends security headers and a request id on every response', async () => {
    const { app } = await createTestApp();
    const res = await app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('publishes an OpenAPI document and a browsable reference at /api/docs', async () => {
    const { app } = await createTestApp();
    const doc = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const spec = doc.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(['/api/v1/health', '/api/v1/session']),
    );
    const ui = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toMatch(/text\/html/);
  });
});

describe('web app serving', () => {
  const INDEX_HTML = '<!doctype html><div id="root"></div>';
  const distDirs: string[] = [];
  afterAll(async () => {
    await Promise.all(distDirs.map((d) => fs.rm(d, { recursive: true, force: true })));
  });

  async function appWithBuiltWeb() {
    return appWithBuiltWebFiles(async () => undefined);
  }

  /** A built web app in a temporary directory, plus what `addFiles` writes into it. */
  async function appWithBuiltWebFiles(addFiles: (dist: string) => Promise<void>) {
    const dist = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-web-'));
    distDirs.push(dist);
    await fs.mkdir(path.join(dist, 'assets'));
    await fs.writeFile(path.join(dist, 'index.html'), INDEX_HTML);
    await fs.writeFile(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    await fs.writeFile(
      path.join(dist, 'assets', 'app-abc123.js.br'),
      brotliCompressSync('console.log(1)'),
    );
    await fs.writeFile(path.join(dist, 'assets', 'app-abc123.js.gz'), gzipSync('console.log(1)'));
    await addFiles(dist);
    return { ...(await createTestApp({ env: { WEB_DIST_DIR: dist } })), dist };
  }

  /** `url` answers with the plain index.html, not a page's own copy. */
  async function expectIndexHtml(app: FastifyInstance, url: string) {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX_HTML);
  }

  it.each(['/', '/login', '/gallery', '/canvas-editor?tool=upscaler', '/some/deep/client/route'])(
    'serves index.html for the client route %s',
    async (url) => {
      const { app } = await appWithBuiltWeb();
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    },
  );

  it('serves hashed assets with a long immutable cache', async () => {
    const { app } = await appWithBuiltWeb();
    const res = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it.each([
    ['br, gzip', 'br', brotliDecompressSync],
    ['gzip', 'gzip', gunzipSync],
  ] as const)(
    'serves the build-time compressed asset to a browser that accepts %s',
    async (accept, encoding, decode) => {
      const { app } = await appWithBuiltWeb();
      const res = await app.inject({
        method: 'GET',
        url: '/assets/app-abc123.js',
        headers: { 'accept-encoding': accept },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(decode(res.rawPayload).toString()).toBe('console.log(1)');
    },
  );

  it('sends the precompressed index.html for client routes too', async () => {
    const { app, dist } = await appWithBuiltWeb();
    const page = INDEX_HTML;
    await fs.writeFile(path.join(dist, 'index.html.br'), brotliCompressSync(page));
    const res = await app.inject({
      method: 'GET',
      url: '/gallery',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(page);
  });

  // ADR 041, addendum 2026-11-25: the build's gallery.html preloads the gallery's first page.
  describe('the gallery page with its preload', () => {
    const preload =
      '<link rel="preload" href="/api/v1/gallery/past-generations" as="fetch" crossorigin="use-credentials" />';
    const galleryPage = `<!doctype html><head>${preload}</head><div id="root"></div>`;

    async function appWithGalleryHtml() {
      const built = await appWithBuiltWebFiles(async (dist) => {
        await fs.writeFile(path.join(dist, 'gallery.html'), galleryPage);
        await fs.writeFile(path.join(dist, 'gallery.html.br'), brotliCompressSync(galleryPage));
      });
      return built.app;
    }

    it.each(['/gallery', '/gallery?'])('serves gallery.html for %s', async (url) => {
      const app = await appWithGalleryHtml();
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain(preload);
    });

    it('sends its precompressed form', async () => {
      const app = await appWithGalleryHtml();
      const res = await app.inject({
        method: 'GET',
        url: '/gallery',
        headers: { 'accept-encoding': 'br' },
      });
      expect(res.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(galleryPage);
    });

    // Another route, or a gallery page other than the first, would fetch a list it never shows.
    it.each([
      '/',
      '/try-on',
      '/gallery?page=2',
      '/gallery?type=upscaler',
      '/gallery/x',
      '/galleryx',
    ])('serves index.html without the gallery preload for %s', async (url) => {
      await expectIndexHtml(await appWithGalleryHtml(), url);
    });
  });

  // Issue 38: each page's copy of index.html also lists the page's chunks as modulepreload links.
  describe("a page's own copy of index.html", () => {
    const copy = (name: string) =>
      `<!doctype html><head><link rel="modulepreload" crossorigin href="/assets/${name}.js"></head><div id="root"></div>`;

    async function appWithPageCopies() {
      const built = await appWithBuiltWebFiles(async (dist) => {
        // As the build lays them out: each page's copy at its whole address under pages/.
        await fs.mkdir(path.join(dist, 'pages', 'auth'), { recursive: true });
        for (const name of ['try-on', 'index', 'gallery', 'auth/popup-complete'])
          await fs.writeFile(path.join(dist, 'pages', `${name}.html`), copy(name));
        await fs.writeFile(
          path.join(dist, 'pages', 'try-on.html.br'),
          brotliCompressSync(copy('try-on')),
        );
      });
      return built.app;
    }

    it.each([
      ['/try-on', 'try-on'],
      ['/try-on/', 'try-on'],
      ['/', 'index'],
      ['/auth/popup-complete', 'auth/popup-complete'],
      // Not the first page: the page's code, without the first page's data (test above).
      ['/gallery?page=2', 'gallery'],
    ])('serves %s its page copy', async (url, name) => {
      const app = await appWithPageCopies();
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(copy(name));
    });

    it('sends its precompressed form', async () => {
      const app = await appWithPageCopies();
      const res = await app.inject({
        method: 'GET',
        url: '/try-on',
        headers: { 'accept-encoding': 'br' },
      });
      expect(res.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(copy('try-on'));
    });

    it.each([
      '/checkout/sandbox/abc',
      '/no-such-page',
      '/try-onx',
      '/pages',
      // Another address ending like a page, and a page's copy by its file's own name.
      '/x/try-on',
      '/popup-complete',
      '/index',
    ])('serves index.html for %s, which no page copy is for', async (url) => {
      await expectIndexHtml(await appWithPageCopies(), url);
    });
  });

  it('keeps unknown API paths as JSON 404 instead of the SPA page', async () => {
    const { app } = await appWithBuiltWeb();
    const res = await app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(errorBodySchema.parse(res.json()).error.code).toBe('not_found');
  });
});

describe('sign-in popup isolation', () => {
  it('lets app pages open popups and keeps the opener on the popup landing page', async () => {
    const dist = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-web-'));
    await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    const { app } = await createTestApp({ env: { WEB_DIST_DIR: dist } });
    try {
      const login = await app.inject({ method: 'GET', url: '/login' });
      expect(login.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
      const landing = await app.inject({
        method: 'GET',
        url: '/auth/popup-complete?status=success',
      });
      expect(landing.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    } finally {
      await fs.rm(dist, { recursive: true, force: true });
    }
  });
});
