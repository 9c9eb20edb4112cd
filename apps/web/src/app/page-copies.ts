/*
 * Which address each page's copy of index.html is for (issue 38, ADR 041). The build writes a copy
 * per route module (apps/web/vite.config.ts) at its whole address under pages/, and the server
 * sends it for exactly that address. No imports: the Vite config reads this file too.
 */

/** A page's route module, src/app/routes/[app/[tools/]]<name>.tsx, and whether it sits in the shell. */
export const ROUTE_MODULE =
  /[\\/]src[\\/]app[\\/]routes[\\/](?:(app)[\\/](?:tools[\\/])?)?([a-z-]+)\.tsx$/;

/** Route modules with no address of their own: the shell, the fallback, a page with a parameter. */
export const NO_PAGE_COPY: ReadonlySet<string> = new Set([
  'layout',
  'not-found',
  'checkout-sandbox',
]);

/** Route modules not named after their address (the rest are: routes/…/try-on.tsx is /try-on). */
const ADDRESS_OF: Readonly<Record<string, string>> = {
  dashboard: '/',
  'popup-complete': '/auth/popup-complete',
};

/** The address the route module `name` (its file name without .tsx) serves. */
export const addressOfRouteModule = (name: string): string => ADDRESS_OF[name] ?? `/${name}`;

/** Where an address's copy goes: its whole address under pages/, `/` at pages/index.html. */
export const pageCopyFile = (address: string): string =>
  `pages${address === '/' ? '/index' : address}.html`;
