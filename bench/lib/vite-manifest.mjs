// Reading the web build's Vite manifest, for bench/bundle-size.mjs and bench/bundle-contents.mjs.

/** The shell's lazy layout chunk, which every page inside the shell loads with its own. */
export const LAYOUT_KEY = 'src/app/routes/app/layout.tsx';

/** The chunk files `key` loads before it runs: its own and its static imports, added to `seen`. */
export function closure(manifest, key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const dep of chunk.imports ?? []) closure(manifest, dep, seen);
  return seen;
}

/** The manifest key of the app's entry. */
export const entryKey = (manifest) => Object.keys(manifest).find((k) => manifest[k].isEntry);

/**
 * The lazy route module of an address: src/app/routes/**\/<last segment>.tsx (the dashboard for
 * '/'), or undefined.
 */
export function routeModuleKey(manifest, route) {
  const segment =
    route
      .replace(/^\/+|\/+$/g, '')
      .split('/')
      .pop() || 'dashboard';
  return Object.keys(manifest).find(
    (k) =>
      manifest[k].isDynamicEntry &&
      k.startsWith('src/app/routes/') &&
      k.endsWith(`/${segment}.tsx`),
  );
}
