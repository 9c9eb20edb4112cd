import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { Plugin, Rollup } from 'vite';
import preact from '@preact/preset-vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vitest/config';
import {
  NO_PAGE_COPY,
  ROUTE_MODULE,
  addressOfRouteModule,
  pageCopyFile,
} from './src/app/page-copies.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes `.br` and `.gz` next to every text asset once at build time; the server serves them with
 * `preCompressed` (http/web-app.ts), so no request pays for compression and mobile first loads get
 * the smallest bytes (Lighthouse budget, ARCHITECTURE §8).
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'studio:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = await readdir(outDir, { recursive: true });
      await Promise.all(
        files
          .filter((file) => /\.(?:js|css|html|svg|json|webmanifest|wasm)$/.test(file))
          .map(async (file) => {
            const full = path.join(outDir, file);
            const body = await readFile(full);
            if (body.length < 1024) return;
            // The C2PA reader's 9 MB module (/verify only): quality 5 makes 2.8 MB in 0.4 s;
            // 11 would hold every build for tens of seconds for a few per cent more.
            const quality = file.endsWith('.wasm') ? 5 : 11;
            const params = { [constants.BROTLI_PARAM_QUALITY]: quality };
            await writeFile(`${full}.br`, await brotli(body, { params }));
            await writeFile(`${full}.gz`, await gzipAsync(body, { level: 9 }));
          }),
      );
    },
  };
}

/**
 * Puts the app's one stylesheet (Tailwind, ~10 KiB gzipped) inside index.html: the 'Loading...'
 * state then paints as soon as the HTML arrives, instead of after a render-blocking CSS request
 * that competes with the scripts for a phone's bandwidth (Lighthouse FCP).
 *
 * The stylesheet then leaves the bundle. Left in, it stayed in the entry chunk's CSS, so Vite's
 * loader listed it beside every lazy chunk and added it again as a <link rel="stylesheet"> on the
 * first dynamic import: a second download on a slow link that each lazy page waited for, and every
 * rule twice, restyling the whole page when it arrived (issue 38 item 2).
 */
function inlineStylesheet(): Plugin {
  const inlined = new Set<string>();
  return {
    name: 'studio:inline-stylesheet',
    apply: 'build',
    // After Vite's HTML plugin (which calls transformIndexHtml) and before its import analysis
    // (which writes each dynamic import's preload list from the chunks' CSS).
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        return html.replace(
          /<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g,
          (tag, fileName: string) => {
            const asset = bundle[fileName];
            if (asset?.type !== 'asset') return tag;
            inlined.add(fileName);
            return `<style>${String(asset.source)}</style>`;
          },
        );
      },
    },
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk')
          for (const fileName of inlined) chunk.viteMetadata?.importedCss.delete(fileName);
      }
      for (const fileName of inlined) Reflect.deleteProperty(bundle, fileName);
    },
  };
}

/** index.html's preload of the session; the gallery's preload goes right after it. */
const SESSION_PRELOAD = /<link rel="preload" href="\/api\/v1\/session"[^>]*>/;
const GALLERY_PRELOAD =
  '<link rel="preload" href="/api/v1/gallery/past-generations" as="fetch" crossorigin="use-credentials" />';
/**
 * Writes `pages/<address>.html` for every page (src/app/page-copies.ts says which address each
 * route module serves): the final index.html that also lists the page's own
 * chunks (its route chunk, the shell's for a signed-in page, and their imports) as
 * `<link rel="modulepreload">`. The server sends it for exactly that address (http/web-app.ts). The
 * browser then fetches a page's code while it reads the HTML, instead of after the entry script
 * has run, and the entry's own start-up preload finds the links already there: Vite's loader added
 * ~17 links inside the entry's one long task, 25–140 ms of it on a throttled phone (issue 38).
 *
 * And `gallery.html`: the gallery's copy that also preloads
 * `GET /api/v1/gallery/past-generations`, the first page, which the server sends for the plain
 * /gallery, so the list is asked for with the HTML instead of after the entry script and the
 * session (ADR 041). Only that page carries it: any other would fetch a gallery for nothing. A
 * signed-out visitor's preloads go unused; the app sends them to sign in as before. Emitted into
 * the bundle (after the HTML plugin's own generateBundle), so `precompress()` writes each one's
 * .br and .gz too.
 */
function pageHtml(): Plugin {
  return {
    name: 'studio:page-html',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const index = bundle['index.html'];
        if (index?.type !== 'asset') throw new Error('page html: no index.html in the bundle');
        const html =
          typeof index.source === 'string' ? index.source : new TextDecoder().decode(index.source);
        const session = SESSION_PRELOAD.exec(html);
        // Fail the build rather than ship a gallery page without its preload.
        if (!session) throw new Error('gallery.html: the session preload is missing in index.html');
        const chunks = new Map<string, Rollup.OutputChunk>();
        for (const file of Object.values(bundle))
          if (file.type === 'chunk') chunks.set(file.fileName, file);
        const closure = (fileName: string, seen: Set<string>): Set<string> => {
          const chunk = chunks.get(fileName);
          if (!chunk || seen.has(fileName)) return seen;
          seen.add(fileName);
          for (const dep of chunk.imports) closure(dep, seen);
          return seen;
        };
        const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
        const layout = [...chunks.values()].find((chunk) =>
          /[\\/]app[\\/]routes[\\/]app[\\/]layout\.tsx$/.test(chunk.facadeModuleId ?? ''),
        );
        if (!entry || !layout) throw new Error('page html: no entry or shell chunk in the bundle');
        const entryFiles = closure(entry.fileName, new Set());
        const at = html.indexOf('</head>');
        if (at < 0) throw new Error('page html: no </head> in index.html');
        const pages = new Map<string, string>();
        for (const chunk of chunks.values()) {
          const match = chunk.isDynamicEntry ? ROUTE_MODULE.exec(chunk.facadeModuleId ?? '') : null;
          const name = match?.[2];
          if (!match || !name || NO_PAGE_COPY.has(name)) continue;
          const files = new Set(entryFiles);
          if (match[1] === 'app') closure(layout.fileName, files);
          closure(chunk.fileName, files);
          const links = [...files]
            .filter((file) => !entryFiles.has(file))
            .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
            .join('\n    ');
          const source = `${html.slice(0, at)}  ${links}\n  ${html.slice(at)}`;
          const address = addressOfRouteModule(name);
          pages.set(address, source);
          this.emitFile({ type: 'asset', fileName: pageCopyFile(address), source });
        }
        const gallery = pages.get('/gallery');
        if (!gallery) throw new Error('page html: no gallery page in the bundle');
        const gallerySession = SESSION_PRELOAD.exec(gallery);
        if (!gallerySession) throw new Error('gallery.html: the session preload is missing');
        const galleryAt = gallerySession.index + gallerySession[0].length;
        this.emitFile({
          type: 'asset',
          fileName: 'gallery.html',
          source: `${gallery.slice(0, galleryAt)}\n    ${GALLERY_PRELOAD}${gallery.slice(galleryAt)}`,
        });
      },
    },
  };
}

/**
 * Fails the build when zod's full build (`zod/v4/classic`) reaches the browser. The web parses with
 * zod/mini; the contract's request schemas use the full build for the server. One module-level zod
 * call in a contract file the web reads (tax.ts's GSTIN schema, date-time.ts's instant schema) once
 * shipped the full build and its JSON Schema writer to every route: 11.8 KiB gzipped each
 * (docs/performance.md). Keep such schemas in files the web only imports types from.
 */
function noFullZod(): Plugin {
  return {
    name: 'studio:no-full-zod',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const full = Object.keys(chunk.modules).find((id) =>
          /[\\/]zod[\\/]v4[\\/]classic[\\/]/.test(id),
        );
        if (!full) continue;
        // Name the app's own files that pulled it in, not zod's internal importers.
        const seen = new Set([full]);
        const queue = [full];
        const culprits: string[] = [];
        for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
          for (const importer of this.getModuleInfo(id)?.importers ?? []) {
            if (seen.has(importer)) continue;
            seen.add(importer);
            if (/[\\/]node_modules[\\/]zod[\\/]/.test(importer)) queue.push(importer);
            else culprits.push(importer);
          }
        }
        this.error(
          `zod's full build is in ${chunk.fileName}, imported by ${culprits.join(', ')}: the web must use zod/mini`,
        );
      }
    },
  };
}

/**
 * Shared leaf modules (icons, ui primitives, helpers) go into two chunks instead of one tiny chunk
 * each: a phone on HTTP/1.1 opens 6 connections per host, and 40 small files cost ~8 round trips
 * before a page can render (bench/lighthouse.ts). The Radix- and sonner-backed components stay in
 * their own lazy chunks so no route pays for a dialog it has not opened.
 */
const SHARED_APP_MODULE = /[\\/]src[\\/](?:components[\\/]ui|lib|hooks|config)[\\/]/;
/**
 * zod/mini's core parses the session on every page; left to the splitter it became a chunk of its
 * own (one more request and +0.3 KiB of chunk overhead on every route), so it rides in `shared`.
 */
const SCHEMA_LIBRARY = /[\\/]node_modules[\\/]zod[\\/]v4[\\/](?:core|mini)[\\/]/;
const LAZY_UI_MODULE = /[\\/]components[\\/]ui[\\/](?:dialog|dropdown-menu|tabs|toaster)\.tsx$/;

/**
 * What the app shell (layout.tsx) reads on every signed-in page: the account summary, plan,
 * credits and profile-prompt helpers. Each is also used by some page, so the splitter gave each
 * its own small chunk (8 requests and their overhead on every shell route); as one chunk every
 * route under the shell loads ~1.1 KiB less. Only these modules, not their dependencies
 * (`includeDependenciesRecursively: false`): with them the group took the session code too, and
 * the entry, so every page outside the shell, had to load it (+2.7 KiB on /login). Measured with
 * bench/bundle-size.mjs; the chunk graph stays acyclic.
 */
const SHELL_DATA_MODULE =
  /[\\/](?:features[\\/](?:shell[\\/]lib[\\/]nav-items|account[\\/](?:hooks[\\/](?:use-account-summary|use-profile)|lib[\\/](?:first-session|registration|profile-prompt|skip-marker-storage|display-name)|api[\\/](?:profile-details|register))|billing[\\/](?:lib[\\/]plan|api[\\/]subscription-status)|credits[\\/]api[\\/]credits)|contract[\\/]src[\\/]plans)\.ts$/;

/**
 * The tool screens' modules (issue 32's tool-screen kit in features/generations, and what it
 * reads), as six chunks by which screens load them. Left to the splitter they were 11 chunks of
 * 0.2 to 4.5 KiB on a kit screen: every file boundary costs its import/export lines and gzip's
 * context, so the kit screens loaded 1.3 to 2.3 KiB more than before the kit (bench/bundle-size.mjs,
 * docs/performance.md). Each group holds only modules the screens that load it all use (so try-on
 * and the canvas editor, which compose the parts by hand, do not load the kit's view), and only the
 * listed modules (`includeDependenciesRecursively: false`), as for `shell-data`. No page outside
 * the tools may import from these lists, or it would load the whole chunk: the gallery and the
 * dashboard load none of them.
 * - tool-screen: every tool screen (the five kit screens, try-on, the canvas editor): arrival,
 *   estimate, mode, pre-send checks, dialogs, and the draft and hand-over helpers (the canvas editor
 *   loads those 0.4 KiB unused, one request fewer for the six others).
 * - tool-run: the screens with one input image (the five and the canvas editor): upload and run.
 * - tool-kit: the five kit screens: useToolScreen, ToolScreenView and the advanced settings (the
 *   fashion extractor loads those 0.8 KiB unused; the other four save a chunk).
 * - tool-results: the run, hand-over and example results of the three screens that show them.
 * - tool-output: the site's output note and its words, which the dashboard, subscription and login
 *   pages read too (two 0.3 KiB chunks and one 0.3 KiB chunk before).
 * - tool-hand-off: what the lazy result view (result-view.ts) reads from the kit: the hand-off
 *   state, the generation query and the result grid. Kept out of the groups above because the
 *   gallery prefetches that view: inside them it fetched +14 KiB of tool code it never runs.
 */
const GENERATIONS = String.raw`[\\/]features[\\/]generations[\\/]`;
const moduleList = (pattern: string) => new RegExp(`${pattern}\\.tsx?$`);
const TOOL_SCREEN_MODULE = moduleList(
  String.raw`(?:${GENERATIONS}(?:api[\\/](?:credit-estimate|uploads|modes)|lib[\\/](?:made-from|plan-access|generation-errors|idempotency-key|timer|upload-rules|mode-access|pre-send-checks|handed-over)|hooks[\\/](?:use-arrival-state|use-stopwatch|use-mode-choice|use-pre-send-checks|use-tool-draft|use-video-access)|components[\\/](?:credit-estimate-box|generate-button|generation-dialogs|tool-panel|mode-select|clear-all-button))|[\\/]contract[\\/]src[\\/]responses[\\/]uploads)`,
);
const TOOL_RUN_MODULE = moduleList(
  String.raw`${GENERATIONS}(?:lib[\\/]active-generation|hooks[\\/](?:use-generation-run|use-image-upload)|components[\\/](?:result-panel|upload-panel))`,
);
const TOOL_KIT_MODULE = moduleList(
  String.raw`${GENERATIONS}(?:hooks[\\/]use-tool-screen|components[\\/](?:tool-screen-view|example-picker|advanced-settings)|lib[\\/]tool-draft)`,
);
const TOOL_RESULTS_MODULE = moduleList(
  String.raw`${GENERATIONS}components[\\/](?:run-results|example-results)`,
);
const TOOL_OUTPUT_MODULE = moduleList(
  String.raw`[\\/]features[\\/]site[\\/](?:components[\\/]tool-output-note|api[\\/]tool-outputs|lib[\\/]tool-output-words)`,
);
const TOOL_HAND_OFF_MODULE = moduleList(
  String.raw`(?:${GENERATIONS}(?:lib[\\/](?:navigation-state|result-grid)|api[\\/]generation)|[\\/]contract[\\/]src[\\/]responses[\\/]generations)`,
);

/**
 * The schemas of a result's checks (the garment check, the content credentials) and the IPTC
 * codes the credentials schema reads (the contract's provenance.ts), as one chunk, as the
 * splitter made it while only the schema read the codes. The credentials details and the
 * verifier read the codes too; left to the splitter the codes then became a 0.2 KiB chunk of their
 * own on every page that parses a generation or a gallery item (bench/bundle-size.mjs).
 */
const RESULT_CHECKS_MODULE =
  /[\\/]contract[\\/]src[\\/](?:provenance|responses[\\/](?:credentials|fidelity))\.ts$/;

/**
 * lucide-react's icon modules make their components with `createLucideIcon`; this points that import
 * at src/lib/lucide-icon.ts, which renders a plain icon as one <svg> with its shapes cloned instead
 * of lucide's element-by-element Icon (ADR 068). Build, dev server and tests alike, so component
 * tests render what ships; `import { X } from 'lucide-react'` stays as it is everywhere.
 */
function leanIcons(): Plugin {
  const factory = fileURLToPath(new URL('./src/lib/lucide-icon.ts', import.meta.url));
  const lucideModule = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]/;
  return {
    name: 'studio:lean-icons',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!source.endsWith('/createLucideIcon.mjs') || !importer || !lucideModule.test(importer)) {
        return null;
      }
      return factory;
    },
  };
}

// One file for the Vite build, the dev server and the `web` Vitest project (the root
// vitest.config.ts lists this file as a project, so the test block must live here).
/**
 * react-router 7 exports only its development build (remix-run/react-router#12532, #14753): its
 * dev-only checks and messages would ship to every phone. Builds take the production build the
 * package also contains; tests and the dev server keep the development one for its warnings.
 */
const reactRouterProduction = fileURLToPath(
  new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

const reactRouterDevelopmentEsm = fileURLToPath(
  new URL('../../node_modules/react-router/dist/development/index.mjs', import.meta.url),
);

export default defineConfig(({ command, mode }) => ({
  // Preact's compat layer under React's names (react, react-dom, react/jsx-runtime): the same
  // components and libraries in ~7 KiB instead of React DOM's ~61 KiB on every page (ADR 066).
  plugins: [
    leanIcons(),
    preact(),
    tailwindcss(),
    inlineStylesheet(),
    pageHtml(),
    precompress(),
    noFullZod(),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...(command === 'build'
        ? [{ find: /^react-router$/, replacement: reactRouterProduction }]
        : []),
    ],
    // Tests: packages' ES builds (`module`), whose imports of React reach Preact's aliases; their
    // CommonJS builds would `require` React itself past them (ADR 066).
    ...(mode === 'test' ? { conditions: ['module'], mainFields: ['module'] } : {}),
  },
  build: {
    outDir: 'dist',
    // The server serves dist/ with an SPA fallback; the manifest lets bench/ measure the
    // initial JS of each route without guessing chunk names.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Preact on its own, not in the first group whose modules import it (the icons).
            { name: 'preact', test: /[\\/]node_modules[\\/]preact[\\/]/ },
            {
              name: 'icons',
              test: /[\\/]node_modules[\\/]lucide-react[\\/]/,
              // Only icons three or more pages use ride in the entry; a page's own icons go with it,
              // so a tool screen's icons do not cost every other page (−0.5 to −3 KiB a route).
              minShareCount: 3,
            },
            {
              name: 'shared',
              test: (id: string) =>
                (SHARED_APP_MODULE.test(id) && !LAZY_UI_MODULE.test(id)) || SCHEMA_LIBRARY.test(id),
            },
            { name: 'shell-data', test: SHELL_DATA_MODULE, includeDependenciesRecursively: false },
            {
              name: 'tool-screen',
              test: TOOL_SCREEN_MODULE,
              includeDependenciesRecursively: false,
            },
            { name: 'tool-run', test: TOOL_RUN_MODULE, includeDependenciesRecursively: false },
            { name: 'tool-kit', test: TOOL_KIT_MODULE, includeDependenciesRecursively: false },
            {
              name: 'tool-results',
              test: TOOL_RESULTS_MODULE,
              includeDependenciesRecursively: false,
            },
            {
              name: 'tool-output',
              test: TOOL_OUTPUT_MODULE,
              includeDependenciesRecursively: false,
            },
            {
              name: 'tool-hand-off',
              test: TOOL_HAND_OFF_MODULE,
              includeDependenciesRecursively: false,
            },
            {
              name: 'result-checks',
              test: RESULT_CHECKS_MODULE,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
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
    // Tests run what ships: Preact behind React's names (ADR 066). Vitest would hand packages in
    // node_modules to Node, past Vite's aliases, and Testing Library, TanStack Query, React
    // Router, Radix and their helpers would load React itself; Vite transforms them all instead.
    server: { deps: { inline: true } },
    // React Router lists its CommonJS build under `node` before `module`: its ES build by path.
    alias: [{ find: /^react-router$/, replacement: reactRouterDevelopmentEsm }],
  },
}));
