// The plan catalogue of spec doc 1 §3 and §9 as data. Zod-free so the browser can import it from
// `@studio/contract/plans` without the schema library. Prices are whole currency units.

export const PLAN_FAMILIES = ['free', 'plus', 'pro', 'enterprise'] as const;
export type PlanFamily = (typeof PLAN_FAMILIES)[number];

export const BILLING_PERIODS = ['monthly', '4months', 'yearly'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];
export const DEFAULT_BILLING_PERIOD: BillingPeriod = '4months';

/** Length of a prepaid period in days (ARCHITECTURE §4). */
export const PERIOD_DAYS: Record<BillingPeriod, number> = {
  monthly: 30,
  '4months': 120,
  yearly: 365,
};
/** How many monthly prices a period replaces (the strikethrough price is monthly × this). */
export const PERIOD_MONTHS: Record<BillingPeriod, number> = {
  monthly: 1,
  '4months': 4,
  yearly: 12,
};
export const PERIOD_LABELS: Record<BillingPeriod, string> = {
  monthly: 'Monthly',
  '4months': '4 Months',
  yearly: 'Yearly',
};

export const PAYMENT_CURRENCIES = ['USD', 'INR'] as const;
export type PaymentCurrency = (typeof PAYMENT_CURRENCIES)[number];
export const CURRENCY_SYMBOLS: Record<string, string> = { USD: '$', INR: '₹', EUR: '€', GBP: '£' };

/** Plan credits arrive in 30-day cycles and expire at the cycle's end. */
export const CREDIT_CYCLE_DAYS = 30;
export const MONTHLY_PLAN_CREDITS: Record<'plus' | 'pro', number> = { plus: 20, pro: 40 };
/** New accounts receive the Free plan's credits once. */
export const FREE_SIGNUP_CREDITS = 5;
export const EXPIRING_SOON_DAYS = 7;

/** Numeric subscription codes (spec §3): monthly 10x, 4-month 40x, yearly 120x. */
export const PLAN_CODES: Record<string, number> = {
  free: 101,
  pro: 102,
  pro_monthly: 102,
  plus: 103,
  plus_monthly: 103,
  enterprise: 104,
  enterprise_monthly: 104,
  pro_4months: 402,
  plus_4months: 403,
  enterprise_4months: 404,
  pro_yearly: 1202,
  plus_yearly: 1203,
  enterprise_yearly: 1204,
};

export type ProductFamily = 'plus' | 'pro' | 'topup';
export type ServiceType = `${ProductFamily}_${BillingPeriod}`;

export interface Product {
  serviceType: ServiceType;
  family: ProductFamily;
  period: BillingPeriod;
  price: Record<PaymentCurrency, number>;
  credits: number;
  /** Days the plan lasts; null for top-ups, whose credits never expire. */
  days: number | null;
}

const product = (
  family: ProductFamily,
  period: BillingPeriod,
  usd: number,
  inr: number,
  credits: number,
): Product => ({
  serviceType: `${family}_${period}`,
  family,
  period,
  price: { USD: usd, INR: inr },
  credits,
  days: family === 'topup' ? null : PERIOD_DAYS[period],
});

/** Everything we sell (spec §9). Enterprise is recognised in statuses but never sold. */
export const PRODUCTS: readonly Product[] = [
  product('plus', 'monthly', 5, 400, 20),
  product('pro', 'monthly', 10, 800, 40),
  product('plus', '4months', 17, 1360, 80),
  product('pro', '4months', 34, 2720, 160),
  product('plus', 'yearly', 48, 3840, 240),
  product('pro', 'yearly', 96, 7680, 480),
  product('topup', 'monthly', 10, 800, 40),
  product('topup', '4months', 34, 2720, 160),
  product('topup', 'yearly', 96, 7680, 480),
];

export function findProduct(serviceType: string): Product | undefined {
  const normalised = serviceType.trim().toLowerCase();
  return PRODUCTS.find((p) => p.serviceType === normalised);
}

export function getProduct(family: ProductFamily, period: BillingPeriod): Product {
  const found = PRODUCTS.find((p) => p.family === family && p.period === period);
  if (!found) throw new Error(`No product ${family}_${period}`);
  return found;
}

/** The undiscounted price: the monthly price times the months the period covers. */
export function listPrice(item: Product, currency: PaymentCurrency): number {
  return getProduct(item.family, 'monthly').price[currency] * PERIOD_MONTHS[item.period];
}

/** Whole-percent saving against the list price (4 months 15 %, yearly 20 %). */
export function discountPercent(item: Product, currency: PaymentCurrency): number {
  const list = listPrice(item, currency);
  return list === 0 ? 0 : Math.round((1 - item.price[currency] / list) * 100);
}

export function formatPrice(amount: number, currency: string): string {
  const symbol = CURRENCY_SYMBOLS[currency] ?? `${currency} `;
  return `${symbol}${amount.toLocaleString('en-US')}`;
}

const familyNames: Record<ProductFamily | PlanFamily, string> = {
  free: 'Free',
  plus: 'Plus',
  pro: 'Pro',
  enterprise: 'Enterprise',
  topup: 'Credit Topup',
};

/**
 * 'Pro Monthly', 'Plus 4 Months'; a top-up is one-time, so it is named by its pack, 'Credit Topup
 * (40 credits)', never 'Credit Topup Monthly'. Unknown types are shown as they come.
 */
export function productDisplayName(serviceType: string): string {
  const topup = findProduct(serviceType);
  if (topup?.family === 'topup') return `Credit Topup (${String(topup.credits)} credits)`;
  const [family = '', period] = serviceType.toLowerCase().split('_');
  const name = (familyNames as Record<string, string | undefined>)[family] ?? family;
  const periodLabel = PERIOD_LABELS[period as BillingPeriod] as string | undefined;
  return periodLabel ? `${name} ${periodLabel}` : name;
}

/** The plan family is the first segment before '_' (spec §3); anything unknown is free. */
export function planFamilyOf(type: string | null | undefined): PlanFamily {
  const family = (type ?? '').trim().toLowerCase().split('_')[0];
  return family === 'pro' || family === 'plus' || family === 'enterprise' ? family : 'free';
}

export function planCodeOf(type: string): number {
  return PLAN_CODES[type.toLowerCase()] ?? PLAN_CODES.free ?? 101;
}

/* ----------------------------------------------------------------------------------------------
 * Plan changes (ADR 023): what buying a plan does to the one that is running
 * -------------------------------------------------------------------------------------------- */

/**
 * - `new`: no plan is running; it starts now.
 * - `extend`: the same plan; its end moves by the new period.
 * - `upgrade`: a higher tier, or the same tier for a longer period; starts now, and what the
 *   running plan has not yet granted is credited against the price.
 * - `scheduled`: a lower tier or a shorter period; starts when the running plan (and any plan
 *   already scheduled after it) ends.
 */
export type PlanChangeKind = 'new' | 'extend' | 'upgrade' | 'scheduled';

const TIER_RANK: Record<string, number> = { free: 0, plus: 1, pro: 2, enterprise: 3 };
const PERIOD_RANK: Record<BillingPeriod, number> = { monthly: 0, '4months': 1, yearly: 2 };

function periodOf(type: string): BillingPeriod {
  const period = type.toLowerCase().split('_')[1];
  return (BILLING_PERIODS as readonly string[]).includes(period ?? '')
    ? (period as BillingPeriod)
    : 'monthly';
}

/** What buying plan `target` does while plan `current` runs (null: nothing runs). */
export function planChangeKind(current: string | null, target: string): PlanChangeKind {
  if (!current || planFamilyOf(current) === 'free') return 'new';
  if (current.toLowerCase() === target.toLowerCase()) return 'extend';
  const tier = (TIER_RANK[planFamilyOf(target)] ?? 0) - (TIER_RANK[planFamilyOf(current)] ?? 0);
  const period = PERIOD_RANK[periodOf(target)] - PERIOD_RANK[periodOf(current)];
  if (tier > 0 && period >= 0) return 'upgrade';
  if (tier === 0 && period > 0) return 'upgrade';
  return 'scheduled';
}

/**
 * What an upgrade takes off its price for the running plan's unused cycles (ADR 023): whole
 * cycles only, at their per-cycle value, and never so many that the order costs less than one
 * currency unit (the cycles not credited keep being granted). Minor units.
 */
export function upgradeCredit(
  unused: { cycles: number; perCycleMinor: number },
  priceMinor: number,
): { cycles: number; minor: number } {
  if (unused.cycles <= 0 || unused.perCycleMinor <= 0) return { cycles: 0, minor: 0 };
  const affordable = Math.floor((priceMinor - 100) / unused.perCycleMinor);
  const cycles = Math.max(0, Math.min(unused.cycles, affordable));
  return { cycles, minor: cycles * unused.perCycleMinor };
}
