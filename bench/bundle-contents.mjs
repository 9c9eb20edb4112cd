#!/usr/bin/env node
// What rides in the entry (what every page loads before anything else), and optionally in one
// route's initial chunks: gzipped KiB per npm package and per app folder. Builds the web app into a
// temporary directory with rollup-plugin-visualizer's raw data (each module's gzip size), so the
// checked-out dist/ is left alone.
// Usage: node bench/bundle-contents.mjs [--route=/gallery] [--top=25]
// A module's gzip size is measured alone; inside a chunk gzip shares context between modules, so the
// per-module figures are scaled to add up to the chunk's real gzip size (bench/bundle-size.mjs).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { visualizer } from 'rollup-plugin-visualizer';
import { LAYOUT_KEY, closure, entryKey, routeModuleKey } from './lib/vite-manifest.mjs';

const root = path.resolve(import.meta.dirname, '../apps/web');
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-bundle-'));
const statsFile = path.join(outDir, 'stats.json');
const arg = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const top = Number(arg('top') ?? 25);

await build({
  root,
  configFile: path.join(root, 'vite.config.ts'),
  logLevel: 'warn',
  build: { outDir, emptyOutDir: true },
  plugins: [visualizer({ filename: statsFile, template: 'raw-data', gzipSize: true })],
});

const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'));
const stats = JSON.parse(fs.readFileSync(statsFile, 'utf8'));

/** Where a module belongs: its npm package, or its folder under apps/web/src or the contract. */
function owner(id) {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id);
  if (pkg) return pkg[1];
  const app = /apps\/web\/src\/((?:features\/(?:tools\/)?)?[^/]+)/.exec(id);
  if (app) return `src/${app[1]}`;
  if (id.includes('packages/contract')) return '@studio/contract';
  return id.replace(/^.*\//, '');
}

/** KiB per owner in the given chunk files, scaled to each chunk's real gzip size. */
function contents(files) {
  const byOwner = new Map();
  for (const file of files) {
    if (!file.endsWith('.js')) continue;
    const parts = Object.values(stats.nodeMetas).flatMap((meta) => {
      const uid = meta.moduleParts[file];
      return uid ? [{ id: meta.id, gzip: stats.nodeParts[uid].gzipLength }] : [];
    });
    const alone = parts.reduce((n, p) => n + p.gzip, 0);
    const real = gzipSync(fs.readFileSync(path.join(outDir, file)), { level: 9 }).length;
    for (const part of parts) {
      const kib = alone > 0 ? (part.gzip / alone) * (real / 1024) : 0;
      byOwner.set(owner(part.id), (byOwner.get(owner(part.id)) ?? 0) + kib);
    }
  }
  return [...byOwner].sort((a, b) => b[1] - a[1]);
}

function print(title, files) {
  const rows = contents(files);
  const total = rows.reduce((n, [, kib]) => n + kib, 0);
  console.log(`\n${title}: ${total.toFixed(1)} KiB gzipped, by package or app folder`);
  for (const [name, kib] of rows.slice(0, top))
    console.log(`${kib.toFixed(1).padStart(8)}  ${name}`);
  const rest = rows.slice(top).reduce((n, [, kib]) => n + kib, 0);
  if (rest > 0) console.log(`${rest.toFixed(1).padStart(8)}  (${rows.length - top} more)`);
}

const entryFiles = closure(manifest, entryKey(manifest));
print('entry (every page)', entryFiles);

const route = arg('route');
if (route) {
  const key = routeModuleKey(manifest, route);
  if (!key) throw new Error(`no lazy route module for ${route}`);
  const files = closure(manifest, key);
  if (key.startsWith('src/app/routes/app/')) closure(manifest, LAYOUT_KEY, files);
  for (const file of entryFiles) files.delete(file);
  print(`${route} on top of the entry`, files);
}
fs.rmSync(outDir, { recursive: true, force: true });
