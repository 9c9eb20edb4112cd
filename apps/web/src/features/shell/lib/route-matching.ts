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

const headerTitles = new Map<string, string>([
  [paths.home.path, ''],
  ...toolScreens
    .filter((screen) => screen.headerTitle)
    .map((screen): [string, string] => [screen.path, screen.title]),
  [paths.creditHistory.path, 'Credit History'],
  [paths.profile.path, 'Profile'],
  [paths.accountSettings.path, 'Account Settings'],
]);

export const DEFAULT_HEADER_TITLE = 'AI Product Studio';

function withoutTrailingSlash(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

/** Spec §2 Header: the title for a path; '/' is blank and unlisted paths get the product name. */
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
