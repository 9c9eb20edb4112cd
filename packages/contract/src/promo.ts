// The dashboard's promo banner (spec document 1 §3, §4; ADR 028): plain values and one check, no
// zod, so the browser and the admin CLI share them at no cost.

export const PROMO_VARIANTS = ['urgent', 'gift', 'default'] as const;
export type PromoVariant = (typeof PROMO_VARIANTS)[number];

/** Upper bounds of the operator's text (characters), checked when a banner is created. */
export const PROMO_LIMITS = {
  title: 80,
  discount: 40,
  subMessage: 200,
  ctaText: 40,
  ctaLink: 500,
} as const;

/** Printable ASCII, no space: a link with anything else must be percent-encoded. */
const PRINTABLE = /^[\x21-\x7e]+$/;
/** https, a DNS name or IPv4 (no user:password@), an optional port, then a path, query or fragment. */
const HTTPS_URL = /^https:\/\/[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?([/?#].*)?$/i;

/**
 * A call-to-action link the banner may carry: a same-site path (`/subscription?x=1`, never `//host`
 * or a backslash a browser would read as one), or an https URL without credentials. Anything else
 * (`javascript:`, `data:`, `http:`) is refused. The server also holds an https URL's host to the
 * operator's allowlist (PROMO_LINK_HOSTS).
 */
export function isPromoCtaLink(link: string): boolean {
  if (link.length > PROMO_LIMITS.ctaLink || !PRINTABLE.test(link) || link.includes('\\')) {
    return false;
  }
  if (link.startsWith('/')) return !link.startsWith('//');
  return HTTPS_URL.test(link);
}
