// The promo banner's rules (spec document 1 §4 Promo banner), as numbers the hook and tests share.

/** Shown this long after the banner arrives. */
export const PROMO_SHOW_DELAY_MS = 1_000;
/** A failed fetch is tried this many more times, this far apart, then the banner hides. */
export const PROMO_RETRIES = 2;
export const PROMO_RETRY_DELAY_MS = 15_000;
/** While shown, asked again this often (and when the tab becomes visible). */
export const PROMO_REFETCH_MS = 10 * 60_000;
/** GET promo-banner gives up after this long (spec §7). */
export const PROMO_TIMEOUT_MS = 10_000;

/** Whole seconds from `nowMs` until `endDate` (ISO), 0 once it has passed or if unreadable. */
export function secondsUntil(endDate: string, nowMs: number): number {
  const end = Date.parse(endDate);
  if (Number.isNaN(end)) return 0;
  return Math.max(0, Math.ceil((end - nowMs) / 1000));
}

// Dismissed for the session: sessionStorage ends with the tab. Storage can be unavailable
// (privacy modes); then the dismissal lasts as long as the page.
const DISMISSED_KEY = 'promo-banner-dismissed';

export function isPromoDismissed(): boolean {
  try {
    return window.sessionStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

export function rememberPromoDismissed(): void {
  try {
    window.sessionStorage.setItem(DISMISSED_KEY, '1');
  } catch {
    // The state in memory still hides it.
  }
}
