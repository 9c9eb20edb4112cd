import {
  planChangeKind,
  upgradeCredit,
  planFamilyOf,
  type PaymentCurrency,
  type Product,
} from '@studio/contract/plans';
import { lazyFormatter } from '@/lib/format';
import type { SubscriptionStatus } from '../api/subscription-status';
import { isExpired, planDisplayName, toDate } from './subscription-display';

/*
 * What buying a plan does to the one that runs, said on the plan cards before the user pays
 * (ADR 023). The server applies the same rule (`planChangeKind`) and prices the upgrade credit.
 */

// UTC, as the server's checkout note and return banner say it, so a date reads the same everywhere.
const longDate = lazyFormatter(
  () => new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }),
);
const DAY_MS = 24 * 60 * 60 * 1000;

const money = (amount: number, currency: PaymentCurrency) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);
const familyName = (type: string) => planDisplayName(planFamilyOf(type));

/** The running paid plan's type, or null (free, expired, or no status yet). */
function runningType(status: SubscriptionStatus | undefined, now: number): string | null {
  if (!status || planFamilyOf(status.type) === 'free' || isExpired(status, now)) return null;
  return status.type;
}

/** What the checkout will take off `product`'s price: whole unused cycles (`upgradeCredit`). */
function creditFor(
  status: SubscriptionStatus,
  product: Product,
  currency: PaymentCurrency,
): number {
  const total = status.upgradeCredit?.[currency] ?? 0;
  const cycles = status.upgradeCycles ?? 0;
  if (cycles <= 0 || total <= 0) return 0;
  const unused = { cycles, perCycleMinor: Math.round((total * 100) / cycles) };
  return upgradeCredit(unused, Math.round(product.price[currency] * 100)).minor / 100;
}

/** The card's note for buying `product`; null when it simply starts now (nothing runs). */
export function planChangeNote(
  status: SubscriptionStatus | undefined,
  product: Product,
  currency: PaymentCurrency,
  now: number,
): string | null {
  if (product.family === 'topup') return null;
  const current = runningType(status, now);
  if (!status || !current) return null;
  const end = toDate(status.endingTimestamp);
  switch (planChangeKind(current, product.serviceType)) {
    case 'new':
      return null;
    case 'extend': {
      const until = end ? new Date(end.getTime() + (product.days ?? 0) * DAY_MS) : null;
      return until
        ? `Extends your plan: it then ends on ${longDate().format(until)}.`
        : 'Extends your plan by another period.';
    }
    case 'upgrade': {
      const credit = creditFor(status, product, currency);
      return credit > 0
        ? `Upgrade now: starts today, with ${money(credit, currency)} off for the unused time of your ${familyName(current)} plan.`
        : 'Upgrade now: starts today.';
    }
    case 'scheduled': {
      if (status.scheduledType) {
        return `Starts after your ${familyName(status.scheduledType)} plan, which is already scheduled.`;
      }
      return end
        ? `Starts on ${longDate().format(end)}, when your ${familyName(current)} plan ends. Until then you keep ${familyName(current)}.`
        : `Starts when your ${familyName(current)} plan ends.`;
    }
  }
}

/** The current plan card's line for a plan waiting to start: "Plus starts on {date}". */
export function scheduledPlanNote(status: SubscriptionStatus): string | null {
  const start = toDate(status.scheduledStart);
  if (!status.scheduledType || !start) return null;
  return `${familyName(status.scheduledType)} starts on ${longDate().format(start)}`;
}
