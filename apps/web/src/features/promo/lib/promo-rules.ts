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

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Whole seconds from `nowMs` until `endDate` (ISO), 0 once it has passed or if unreadable. */
export function secondsUntil(endDate: string, nowMs: number): number {
  const end = Date.parse(endDate);
  if (Number.isNaN(end)) return 0;
  return Math.max(0, Math.ceil((end - nowMs) / 1000));
}

const two = (n: number) => String(n).padStart(2, '0');

/** The ticking number: `1d 02:03:04`, or `02:03:04` within a day. */
export function formatCountdown(seconds: number): string {
  const days = Math.floor(seconds / DAY);
  const clock = `${two(Math.floor((seconds % DAY) / HOUR))}:${two(Math.floor((seconds % HOUR) / MINUTE))}:${two(seconds % MINUTE)}`;
  return days > 0 ? `${String(days)}d ${clock}` : clock;
}

const plural = (n: number, unit: string) => `${String(n)} ${unit}${n === 1 ? '' : 's'}`;

/**
 * What a screen reader hears, politely: it changes a few times a day, not every second (days,
 * then hours, then 'less than an hour', then 'less than a minute').
 */
export function countdownSummary(seconds: number): string {
  if (seconds >= DAY) return `Offer ends in ${plural(Math.floor(seconds / DAY), 'day')}`;
  if (seconds >= HOUR) return `Offer ends in ${plural(Math.floor(seconds / HOUR), 'hour')}`;
  if (seconds >= MINUTE) return 'Offer ends in less than an hour';
  return 'Offer ends in less than a minute';
}

/** The countdown shows over the banner's last `timerDuration` minutes; all along when null. */
export function countdownShows(seconds: number, timerDuration: number | null): boolean {
  return timerDuration === null || seconds <= timerDuration * MINUTE;
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
