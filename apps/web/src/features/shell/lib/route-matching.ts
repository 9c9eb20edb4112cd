import { TOOL_SCREENS } from '@studio/contract/tools';
import { paths } from '@/config/paths';

/**
 * Spec §2 Sidebar: an item is active when the path equals or starts with the item's path; the
 * root item only on an exact match (or it would be active everywhere). "Starts with" is taken
 * per path segment, so /gallery/42 activates My Gallery but a future /gallery-pro would not.
 */
export function isNavItemActive(itemPath: string, pathname: string): boolean {
  if (itemPath === '/') return pathname === '/';
  return pathname === itemPath || pathname.startsWith(`${itemPath}/`);
}

const toolScreens = Object.values(TOOL_SCREENS);

/*
 * The spec (§2 Header) titles only nine paths and gives every other page 'AI Product Studio';
 * issue 30 found that unhelpful on 7 pages, so every page of the shell is titled by its own name
 * (ADR 050). The dashboard stays blank, an unknown path keeps the product name.
 */
const headerTitles = new Map<string, string>([
  ...Object.values(paths)
    .filter((route) => !route.path.includes(':'))
    .map((route): [string, string] => [route.path, route.title]),
  [paths.home.path, ''],
]);

export const DEFAULT_HEADER_TITLE = 'AI Product Studio';

function withoutTrailingSlash(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

/** The header's title for a path: the page's name; '/' is blank, unknown paths get the product name. */
export function getHeaderTitle(pathname: string): string {
  return headerTitles.get(withoutTrailingSlash(pathname)) ?? DEFAULT_HEADER_TITLE;
}

const fullWidthPaths: readonly string[] = toolScreens
  .filter((screen) => screen.fullWidth)
  .map((screen) => screen.path);

/** The canvas editor and pose pages need the whole width for their panels (spec §2 Layout). */
export function isFullWidthPage(pathname: string): boolean {
  return fullWidthPaths.some((path) => isNavItemActive(path, pathname));
}

const PRODUCT_NAME = 'AI Product Studio';

/** Browser tab title: 'Credit History · AI Product Studio'; the product name alone for unknown pages. */
export function getDocumentTitle(pathname: string): string {
  const page = Object.values(paths).find(
    (route) => route.path !== '/' && isNavItemActive(route.path, pathname),
  );
  if (pathname === '/') return `${paths.home.title} · ${PRODUCT_NAME}`;
  return page ? `${page.title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
}
