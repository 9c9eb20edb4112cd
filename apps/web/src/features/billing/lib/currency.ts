import type { PaymentCurrency } from '@studio/contract/plans';
import { getBrowserTimeZone } from '@/lib/time-zone';

/** Both names of India's time zone (Asia/Calcutta is the older alias some browsers still report). */
const INDIA_TIME_ZONES: ReadonlySet<string> = new Set(['Asia/Kolkata', 'Asia/Calcutta']);

/**
 * Prices show in INR for customers in India and in USD elsewhere (spec §9). The time zone is the
 * only location hint the browser gives without a permission prompt, so it decides the default;
 * the user can still switch.
 */
export function detectCurrency(
  timeZone: string | undefined = getBrowserTimeZone(),
): PaymentCurrency {
  return timeZone !== undefined && INDIA_TIME_ZONES.has(timeZone) ? 'INR' : 'USD';
}
