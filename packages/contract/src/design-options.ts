// The AI designer's choices (document 2 §9), plain data apart from tools.ts: the tool list rides
// in the chunk every page loads, and these ~50 words are only the designer screen's
// (`import … from '@studio/contract/design-options'`; +0.3 KiB gzipped a route inside tools.ts).

export const DESIGN_THEMES = [
  'automatic',
  'bohemian',
  'bridal',
  'casual',
  'contemporary',
  'ethnic',
  'formal',
  'minimalist',
  'western',
  'vintage',
] as const;
/**
 * AI designer cloth types (document 2 §9: auto, custom and about 38 garments). 'custom' stands for
 * the user's own text, which is sent instead (the server takes any short string as the type).
 * Indian wear first, then western, as an Indian and western apparel seller lists them.
 */
export const CLOTH_TYPES = [
  'auto',
  'custom',
  'saree',
  'lehenga',
  'kurta',
  'kurti',
  'salwar-kameez',
  'anarkali',
  'sherwani',
  'nehru-jacket',
  'dhoti',
  'dupatta',
  'churidar',
  'palazzo',
  'blouse',
  'dress',
  'gown',
  'jumpsuit',
  'co-ord-set',
  'kaftan',
  'top',
  'crop-top',
  'tank-top',
  'shirt',
  't-shirt',
  'polo',
  'hoodie',
  'sweatshirt',
  'sweater',
  'cardigan',
  'jacket',
  'blazer',
  'coat',
  'suit',
  'jeans',
  'trousers',
  'shorts',
  'skirt',
  'leggings',
  'swimwear',
] as const;
export type ClothType = (typeof CLOTH_TYPES)[number];
