import { TOOL_SCREENS } from '@studio/contract/tools';

/**
 * Every path of the app and its page title. Links, redirects, the router, the sidebar and tests
 * import from here. The tool screens come from the contract's tool list (`TOOL_SCREENS`): renaming
 * one changes the contract and its route file (`app/routes/app/tools/<path>.tsx`); any other route
 * is renamed here in one line. `title` is the page's own name (document title, page headings); the
 * header title follows the spec's rule in features/shell/lib/route-matching.ts.
 */
export const paths = {
  ...TOOL_SCREENS,
  home: { path: '/', title: 'Dashboard' },
  login: { path: '/login', title: 'Sign in' },
  resetPassword: { path: '/reset-password', title: 'Reset password' },
  /** Where the Google popup lands after the provider; public, no shell. */
  authPopupComplete: { path: '/auth/popup-complete', title: 'Signing in' },
  profile: { path: '/profile', title: 'Profile' },
  accountSettings: { path: '/account-settings', title: 'Account Settings' },
  settings: { path: '/settings', title: 'Settings' },
  /** API keys and the quick start for sellers' own systems (issue 35). */
  developers: { path: '/developers', title: 'Developers' },
  upgrade: { path: '/upgrade', title: 'Upgrade' },
  contact: { path: '/contact', title: 'Contact' },
  analytics: { path: '/analytics', title: 'Analytics' },
  gallery: { path: '/gallery', title: 'My Gallery' },
  creditHistory: { path: '/credit-history', title: 'Credit History' },
  subscription: { path: '/subscription', title: 'Subscription' },
  /** Public legal pages (the login screen links to them); no shell. */
  privacy: { path: '/privacy', title: 'Privacy Policy' },
  terms: { path: '/terms', title: 'Terms of Service' },
  /** Public: reads a file's content credentials in the browser (issue 34); no shell. */
  verify: { path: '/verify', title: 'Verify content credentials' },
  /** The local test checkout the server links to when no payment provider is configured; no shell. */
  sandboxCheckout: { path: '/checkout/sandbox/:orderId', title: 'Test payment' },
} as const satisfies Record<string, { path: `/${string}`; title: string }>;

export type RouteKey = keyof typeof paths;
export type AppPath = (typeof paths)[RouteKey]['path'];

/** Query parameter that carries where to return after signing in. */
export const REDIRECT_PARAM = 'redirect';

/**
 * `/login`, or `/login?redirect=/gallery%3Fpage%3D2` when there is somewhere to come back to.
 */
export function getLoginHref(redirectTo?: string): string {
  if (!redirectTo || redirectTo === paths.home.path) return paths.login.path;
  return `${paths.login.path}?${new URLSearchParams({ [REDIRECT_PARAM]: redirectTo }).toString()}`;
}

/**
 * Where to go after signing in. Only same-app paths are accepted: `//evil.example` and
 * `/\evil.example` would be read by the browser as another origin (open redirect), and a path
 * back to /login would loop.
 */
export function getSafeRedirect(value: string | null | undefined): string {
  if (!value?.startsWith('/')) return paths.home.path;
  if (value.startsWith('//') || value.startsWith('/\\')) return paths.home.path;
  if (
    value === paths.login.path ||
    value.startsWith(`${paths.login.path}?`) ||
    value.startsWith(`${paths.login.path}/`)
  ) {
    return paths.home.path;
  }
  return value;
}
