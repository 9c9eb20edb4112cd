import { READ_ON, type RuleSource } from './rules';

/**
 * Flipkart's, Myntra's and AJIO's seller portals are behind a login: their rules were read in the
 * documentation of Fynd, a channel integrator that lists on them (ADR 057), so none is confirmed.
 */
export const fyndSource = (path: string, title: string, quote: string): RuleSource => ({
  url: `https://documentation.fynd.com/${path}`,
  title: `${title} (Fynd integrator documentation)`,
  read: READ_ON,
  confirmed: false,
  quote,
});

/** "Light grey with a soft shadow; white will not be accepted" (Flipkart and Myntra apparel). */
export const LIGHT_GREY = {
  name: 'light grey (not white)',
  rgb: [240, 240, 240],
  tolerance: 12,
} as const;
