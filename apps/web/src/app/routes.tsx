import type { QueryClient } from '@tanstack/react-query';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { TOOL_SCREENS } from '@studio/contract/tools';
import { paths } from '@/config/paths';
import { RequireAuth } from '@/features/auth';

type RouteModule = { default: ComponentType };

interface LazyPage {
  Component: LazyExoticComponent<ComponentType>;
  /** Starts downloading the chunk; React.lazy reuses the same module promise later. */
  preload: () => Promise<RouteModule>;
}

/** Every page is its own chunk, so the first load carries only the shell and the page shown. */
function lazyPage(load: () => Promise<RouteModule>): LazyPage {
  return { Component: lazy(load), preload: load };
}

const loginPage = lazyPage(() => import('./routes/login'));
const resetPasswordPage = lazyPage(() => import('./routes/reset-password'));
const popupCompletePage = lazyPage(() => import('./routes/popup-complete'));
const layoutPage = lazyPage(() => import('./routes/app/layout'));
const dashboardPage = lazyPage(() => import('./routes/app/dashboard'));
const notFoundPage = lazyPage(() => import('./routes/app/not-found'));
const sandboxCheckoutPage = lazyPage(() => import('./routes/checkout-sandbox'));
const privacyPage = lazyPage(() => import('./routes/privacy'));
const termsPage = lazyPage(() => import('./routes/terms'));
const verifyPage = lazyPage(() => import('./routes/verify'));

/** A page's data fetch that can start before its code has loaded (a small chunk of its own). */
type DataModule = {
  prefetch: (queryClient: QueryClient, userId: string, search: string) => Promise<void>;
};

/**
 * Tool screens come from the contract's list: each has a route file named after its path in
 * `routes/app/tools/` (a new tool adds the file, not a line here). Vite makes one chunk of each.
 */
const toolRouteFiles = import.meta.glob<RouteModule>('./routes/app/tools/*.tsx');

export function toolPages(): (LazyPage & { path: string })[] {
  return Object.values(TOOL_SCREENS).map((screen) => {
    const load = toolRouteFiles[`./routes/app/tools${screen.path}.tsx`];
    if (!load) throw new Error(`No route file for the tool screen ${screen.path}`);
    return { path: screen.path, ...lazyPage(load) };
  });
}

/** Guarded pages (spec §2), each with its own chunk. */
const appPages: readonly (LazyPage & {
  path: string;
  data?: () => Promise<DataModule>;
})[] = [
  ...toolPages(),
  { path: paths.profile.path, ...lazyPage(() => import('./routes/app/profile')) },
  { path: paths.accountSettings.path, ...lazyPage(() => import('./routes/app/account-settings')) },
  { path: paths.settings.path, ...lazyPage(() => import('./routes/app/settings')) },
  { path: paths.developers.path, ...lazyPage(() => import('./routes/app/developers')) },
  { path: paths.upgrade.path, ...lazyPage(() => import('./routes/app/upgrade')) },
  { path: paths.contact.path, ...lazyPage(() => import('./routes/app/contact')) },
  { path: paths.analytics.path, ...lazyPage(() => import('./routes/app/analytics')) },
  {
    path: paths.gallery.path,
    ...lazyPage(() => import('./routes/app/gallery')),
    // Deep on purpose: the prefetch is a tiny chunk of its own; the feature's entry would pull the page.
    data: () => import('@/features/gallery/api/prefetch-gallery'),
  },
  { path: paths.creditHistory.path, ...lazyPage(() => import('./routes/app/credit-history')) },
  { path: paths.subscription.path, ...lazyPage(() => import('./routes/app/subscription')) },
];

/** Which chunk each route object needs, so the first page's chunks can be fetched up front. */
const preloaders = new WeakMap<RouteObject, () => Promise<RouteModule>>();
const dataLoaders = new WeakMap<RouteObject, () => Promise<DataModule>>();

function withPreload<T extends RouteObject>(route: T, page: LazyPage): T {
  preloaders.set(route, page.preload);
  return route;
}

function pageRoute(page: LazyPage, path: string): RouteObject {
  return withPreload({ path, element: <page.Component /> }, page);
}

/**
 * The route tree. /login has its own guard; /reset-password, /auth/popup-complete, /privacy,
 * /terms and /verify are public and outside the shell; the sandbox checkout is guarded but stands alone like a provider's
 * payment page; everything else sits behind RequireAuth and inside the shell, including the 404
 * page, so unknown paths keep the sidebar.
 */
export const routes: RouteObject[] = [
  withPreload({ path: paths.login.path, element: <loginPage.Component /> }, loginPage),
  pageRoute(resetPasswordPage, paths.resetPassword.path),
  pageRoute(popupCompletePage, paths.authPopupComplete.path),
  pageRoute(privacyPage, paths.privacy.path),
  pageRoute(termsPage, paths.terms.path),
  pageRoute(verifyPage, paths.verify.path),
  {
    element: <RequireAuth />,
    children: [
      pageRoute(sandboxCheckoutPage, paths.sandboxCheckout.path),
      withPreload(
        {
          element: <layoutPage.Component />,
          children: [
            withPreload({ index: true, element: <dashboardPage.Component /> }, dashboardPage),
            ...appPages.map((page) => {
              const route = pageRoute(page, page.path);
              if (page.data) dataLoaders.set(route, page.data);
              return route;
            }),
            pageRoute(notFoundPage, '*'),
          ],
        },
        layoutPage,
      ),
    ],
  },
];

type RouteMatches = NonNullable<ReturnType<typeof matchRoutes<RouteObject>>>;
let lastMatches: { pathname: string; matches: RouteMatches } | null = null;

/**
 * The routes that match `pathname`, kept for the last address asked: matchRoutes flattens and ranks
 * the whole tree on every call (2–5 ms at start-up on the bench, ×4 on its phone), and start-up
 * asks for the same address three times (preload, data, the router's Suspense key).
 */
function matchesOf(pathname: string): RouteMatches {
  if (lastMatches?.pathname !== pathname) {
    lastMatches = { pathname, matches: matchRoutes(routes, pathname) ?? [] };
  }
  return lastMatches.matches;
}

/**
 * Which top-level page shows `pathname`: a public page's path, or 'shell' for every page inside the
 * app shell. The router keys its Suspense boundary with it (ADR 065).
 */
export function topLevelPage(pathname: string): string {
  const page = matchesOf(pathname).find((match) => preloaders.has(match.route));
  return page?.route.path ?? 'shell';
}

/**
 * Starts downloading the chunks of the page at `pathname` at once (layout and page together),
 * instead of one after the other as nested lazy components would.
 */
export function preloadRoute(pathname: string): void {
  for (const match of matchesOf(pathname)) {
    void preloaders
      .get(match.route)?.()
      .catch(() => undefined);
  }
}

/**
 * Starts the first page's data request for a signed-in user (main.tsx, once the session is
 * known), in parallel with its code. Failures are left to the page's own query to show.
 */
export function prefetchRouteData(
  location: { pathname: string; search: string },
  queryClient: QueryClient,
  userId: string,
): void {
  for (const match of matchesOf(location.pathname)) {
    const load = dataLoaders.get(match.route);
    if (!load) continue;
    load()
      .then((data) => data.prefetch(queryClient, userId, location.search))
      .catch(() => undefined);
  }
}
