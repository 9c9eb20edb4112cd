#!/usr/bin/env node
// Initial JavaScript per route, gzipped, from the Vite manifest of the built web app.
// A route's initial JS = the entry chunk and its static imports + the route's lazy page chunk and its
// static imports + (for pages inside the shell) the lazy layout chunk and its imports: everything the
// browser must fetch before the page renders. Chunks loaded only on interaction (the user menu, toasts)
// are listed separately and are not initial. Budget (issue 38; ARCHITECTURE §8 says ≤ 150 KiB): every
// route ≤ 120 KiB, the entry (what every page loads, the app shell's code included) ≤ 80 KiB.
// Usage: npm run build && node bench/bundle-size.mjs [--route=/realistic-photoshoot]
// (WEB_DIST_DIR=<dir> reads a build made with `vite build --outDir <dir>` instead of apps/web/dist)
// --route=<path> also lists that route's initial chunks one by one and judges it alone against the
// budget (the exit code then follows that route).
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  LAYOUT_KEY,
  closure as closureIn,
  entryKey,
  routeModuleKey,
} from './lib/vite-manifest.mjs';

const dist = process.env.WEB_DIST_DIR ?? path.resolve(import.meta.dirname, '../apps/web/dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const BUDGET_KIB = 120;
const ENTRY_BUDGET_KIB = 80;

const gz = new Map();
const gzipKiB = (file) => {
  if (!gz.has(file))
    gz.set(file, gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length / 1024);
  return gz.get(file);
};

const closure = (key, seen) => closureIn(manifest, key, seen);

const entryFiles = closure(entryKey(manifest));
const sum = (files) =>
  [...files].filter((f) => f.endsWith('.js')).reduce((n, f) => n + gzipKiB(f), 0);

const layoutKey = LAYOUT_KEY;
const rows = [];
const onDemand = [];
for (const [key, chunk] of Object.entries(manifest)) {
  if (!chunk.isDynamicEntry) continue;
  const name = key.replace(/^src\//, '');
  if (!key.startsWith('src/app/routes/')) {
    onDemand.push([name, sum(closure(key, new Set(entryFiles))) - sum(entryFiles)]);
    continue;
  }
  if (key === layoutKey) continue;
  const files = closure(key, new Set(entryFiles));
  if (key.startsWith('src/app/routes/app/')) closure(layoutKey, files);
  rows.push([name, sum(files)]);
}
rows.sort((a, b) => b[1] - a[1]);
const worst = rows[0][1];
console.log('initial JS per lazy route (gzip -9, KiB)');
for (const [name, kib] of rows) console.log(`${kib.toFixed(1).padStart(8)}  ${name}`);
console.log(
  `\nlargest: ${worst.toFixed(1)} KiB of ${BUDGET_KIB} KiB budget — ${worst <= BUDGET_KIB ? 'within' : 'OVER'} budget`,
);
const entryKiB = sum(entryFiles);
console.log(
  `entry: ${entryKiB.toFixed(1)} KiB of ${ENTRY_BUDGET_KIB} KiB budget — ${entryKiB <= ENTRY_BUDGET_KIB ? 'within' : 'OVER'} budget`,
);
// The one stylesheet ships inside index.html (apps/web/vite.config.ts, inlineStylesheet).
const inlineCss = [
  ...fs.readFileSync(path.join(dist, 'index.html'), 'utf8').matchAll(/<style>([\s\S]*?)<\/style>/g),
]
  .map((m) => m[1])
  .join('');
console.log(
  `css (inside index.html): ${(gzipSync(inlineCss, { level: 9 }).length / 1024).toFixed(1)} KiB gzipped`,
);
console.log('\nloaded on first use (extra KiB over the entry, not initial):');
for (const [name, kib] of onDemand) console.log(`${kib.toFixed(1).padStart(8)}  ${name}`);
process.exitCode = worst <= BUDGET_KIB && entryKiB <= ENTRY_BUDGET_KIB ? 0 : 1;

// --route=/realistic-photoshoot: the chunks of one route's initial JS, largest first. The route is
// named by its address; its lazy module is src/app/routes/**/<last segment>.tsx (or index for '/').
const routeArg = process.argv.find((a) => a.startsWith('--route='))?.slice('--route='.length);
if (routeArg) {
  const key = routeModuleKey(manifest, routeArg);
  if (!key) {
    console.error(
      `\nno lazy route module for ${routeArg} (looked for src/app/routes/**/<last segment>.tsx)`,
    );
    process.exitCode = 2;
  } else {
    const files = closure(key, new Set(entryFiles));
    if (key.startsWith('src/app/routes/app/')) closure(layoutKey, files);
    const js = [...files].filter((f) => f.endsWith('.js'));
    const origin = (f) =>
      entryFiles.has(f)
        ? 'entry'
        : closure(layoutKey).has(f) && key !== layoutKey
          ? 'layout'
          : 'route';
    console.log(`\n${routeArg} (${key.replace(/^src\//, '')}): initial JS chunks, gzip -9`);
    for (const f of js.sort((a, b) => gzipKiB(b) - gzipKiB(a))) {
      console.log(`${gzipKiB(f).toFixed(1).padStart(8)}  ${f}  (${origin(f)})`);
    }
    const total = sum(files);
    console.log(
      `${routeArg}: ${total.toFixed(1)} KiB gzipped of ${BUDGET_KIB} KiB budget — ${total <= BUDGET_KIB ? 'within' : `OVER by ${(total - BUDGET_KIB).toFixed(1)} KiB`}`,
    );
    process.exitCode = total <= BUDGET_KIB ? 0 : 1;
  }
}
