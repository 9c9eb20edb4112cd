import { z } from 'zod/mini';
import { PROMO_VARIANTS } from '../promo';
import { int, text } from './read';

/**
 * `GET /promo-banner` (public; 204 when no banner is live): the dashboard's promo banner with the
 * spec's field names (document 1 §3). `end_date` is when the offer ends (ISO 8601);
 * `timer_duration` (minutes) is how long before it the countdown shows, null: all along (ADR 028).
 * The link is a same-site path or an https URL (`isPromoCtaLink`): the server serves no other and
 * the browser shows no other; the server also holds an https link to its allowlist.
 */
export const promoBannerSchema = z.object({
  title: z.string(),
  discount: text,
  sub_message: text,
  cta_text: z.string(),
  /** Checked by `isPromoCtaLink` on both sides (a refinement here would cost every page bytes). */
  cta_link: z.string(),
  variant: z.catch(z.enum(PROMO_VARIANTS), 'default'),
  end_date: z.string(),
  timer_duration: z.catch(z.nullable(int), null),
});
export type PromoBanner = z.infer<typeof promoBannerSchema>;
