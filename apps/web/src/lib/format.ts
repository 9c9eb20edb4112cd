/**
 * An Intl formatter built on first use. The page's first Intl object costs ~12 ms (ICU start-up,
 * ~50 ms on a throttled phone); built at module load it lengthened the entry script's one long task.
 */
export function lazyFormatter<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

const intlInteger = lazyFormatter(
  () => new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }),
);

/**
 * A whole number as the English interface writes it ('1,250'), what `Intl.NumberFormat('en-US',
 * { maximumFractionDigits: 0 })` says (format.test.ts holds it to that), without starting ICU: the
 * first Intl object of a page costs ~12 ms (~50 ms on a throttled phone), and the credits shown on
 * every signed-in page were the only reason most pages started it (issue 38, ADR 041).
 */
export function formatInteger(value: number): string {
  // Past 2^53 digits stop being exact, and String() turns to exponents: Intl knows those cases.
  if (!Number.isSafeInteger(Math.trunc(value))) return intlInteger().format(value);
  // Intl rounds half away from zero and keeps the sign of a negative that rounds to zero.
  const rounded = Math.round(Math.abs(value));
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return sign + String(rounded).replace(/\B(?=(\d{3})+$)/g, ',');
}

/** '1 credit', '12 credits', '1,250 credits'. */
export function formatCredits(count: number): string {
  return `${formatInteger(count)} ${count === 1 ? 'credit' : 'credits'}`;
}

// English, like every other word of the interface (ADR 041 addendum of 2026-11-30).
const longDate = lazyFormatter(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }));
const dateTime = lazyFormatter(
  () => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }),
);
const intlShortDate = lazyFormatter(
  () => new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' }),
);
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * 'Jan 15, 2025' in the reader's time zone: what `Intl.DateTimeFormat('en-US', { year: 'numeric',
 * month: 'short', day: 'numeric' })` says (format.test.ts holds it to that), without starting ICU.
 * The gallery's cards are the only start-up use of a date, and ICU's first formatter was a task of
 * 15–67 ms on the bench (×4 on its phone), the gallery's longest (issue 38, ADR 041).
 */
export function formatShortDate(date: Date): string {
  const year = date.getFullYear();
  // Outside years 1–9999 Intl writes eras and long years: it knows those cases.
  if (year < 1 || year > 9999) return intlShortDate().format(date);
  return `${MONTHS[date.getMonth()] ?? ''} ${String(date.getDate())}, ${String(year)}`;
}

function toDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 'January 15, 2025', or null for a missing or unreadable date. */
export function formatLongDate(value: string | null | undefined): string | null {
  const date = toDate(value);
  return date ? longDate().format(date) : null;
}

/** 'Jan 15, 2025, 10:30 AM' (the reader's time zone), or null for a missing or unreadable date. */
export function formatDateTime(value: string | null | undefined): string | null {
  const date = toDate(value);
  return date ? dateTime().format(date) : null;
}
