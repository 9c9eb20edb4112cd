// How the card shows the time left; loaded with the card, not with the dashboard.

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

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
