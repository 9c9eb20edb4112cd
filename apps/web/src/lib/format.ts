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

const longDate = lazyFormatter(() => new Intl.DateTimeFormat(undefined, { dateStyle: 'long' }));
const dateTime = lazyFormatter(
  () => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
);

function toDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 'January 15, 2025' (in the user's locale), or null for a missing or unreadable date. */
export function formatLongDate(value: string | null | undefined): string | null {
  const date = toDate(value);
  return date ? longDate().format(date) : null;
}

/** 'Jan 15, 2025, 10:30 AM' (in the user's locale), or null for a missing or unreadable date. */
export function formatDateTime(value: string | null | undefined): string | null {
  const date = toDate(value);
  return date ? dateTime().format(date) : null;
}
