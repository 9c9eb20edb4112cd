import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const POPUP_COMPLETE_PATH = '/auth/popup-complete';

/**
 * The gallery's own copy of index.html (written by the build, apps/web/vite.config.ts): it also
 * preloads `GET /api/v1/gallery/past-generations`, the first page, so the list is asked for with
 * the HTML instead of after the scripts and the session (ADR 041).
 */
const GALLERY_HTML = 'gallery.html';

/**
 * Each page's own copy of index.html (written by the build, apps/web/src/app/page-copies.ts): it
 * also lists the page's chunks as `<link rel="modulepreload">`, so the browser fetches the page's
 * code while it reads the HTML. Each sits at its whole address under pages/ (`pages/try-on.html`
 * for /try-on, `pages/auth/popup-complete.html`, `pages/index.html` for /), and is sent for
 * exactly that address: `/x/try-on` is no page's and gets index.html.
 */
const PAGES_DIR = 'pages';

/** The addresses the build wrote a copy for, each with its file under `distDir`. */
function pageAddresses(distDir: string): Map<string, string> {
  const pagesDir = path.join(distDir, PAGES_DIR);
  const files = existsSync(pagesDir)
    ? readdirSync(pagesDir, { recursive: true, encoding: 'utf8' })
    : [];
  return new Map(
    files
      .filter((file) => file.endsWith('.html'))
      .map((file) => `${PAGES_DIR}/${file.split(path.sep).join('/')}`)
      .map((file) => {
        const address = file.slice(PAGES_DIR.length, -'.html'.length);
        return [address === '/index' ? '/' : address, file];
      }),
  );
}

/**
 * Serves the built web app. Hashed assets are cached for a year; index.html is always revalidated so a
 * deploy is picked up at once. Any GET that is not an API call and not a file gets index.html (SPA
 * fallback for client routes); unknown `/api/*` stays a JSON 404 (the not-found handler).
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  if (!existsSync(path.join(distDir, 'index.html'))) {
    app.log.warn({ distDir }, 'web app not built: run `npm run build`; serving the API only');
    return;
  }
  const hasGalleryHtml = existsSync(path.join(distDir, GALLERY_HTML));
  const pageCopies = pageAddresses(distDir);
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    // The build writes .br/.gz beside each text asset (apps/web/vite.config.ts); sent by Accept-Encoding.
    preCompressed: true,
    cacheControl: false, // our setHeaders decides, per file kind
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader(
        'cache-control',
        immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  app.addHook('onRequest', async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if ((request.method !== 'GET' && request.method !== 'HEAD') || pathname.startsWith('/api'))
      return;
    if (pathname === '/metrics') return; // Prometheus's, not a client route (ADR 062)
    if (path.extname(pathname) !== '') return; // a file request: let static answer or 404
    // The sign-in popup's last page must keep its opener to report back (see ADR 008).
    if (pathname === POPUP_COMPLETE_PATH) reply.header('cross-origin-opener-policy', 'unsafe-none');
    // Only the plain /gallery: that preload is always its page 1 (the default query is left out of
    // the URL), so /gallery?page=3 or ?type= would fetch a page it never shows and log a false
    // page view. Any other route would fire a gallery request for nothing. A signed-out visitor's
    // preload gets a 401, unused; the app sends them to sign in as before.
    const isPlainGallery = pathname === '/gallery' && !/\?./.test(request.url);
    if (hasGalleryHtml && isPlainGallery) return reply.sendFile(GALLERY_HTML);
    // An address no page has (a typo, /checkout/sandbox/<id>) gets the plain index.html.
    return reply.sendFile(pageCopies.get(pathname.replace(/\/+$/, '') || '/') ?? 'index.html');
  });
}
