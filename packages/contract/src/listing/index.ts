// Marketplace rules and listing names, plain data for both sides: `@studio/contract/listing`.
import { ajio } from './ajio';
import { amazon } from './amazon';
import { etsy } from './etsy';
import { flipkart } from './flipkart';
import { myntra } from './myntra';
import type { ListingSlot, Marketplace, RuleSource, SlotRules } from './rules';
import { shopify } from './shopify';

export * from './rules';

export const MARKETPLACES = [amazon, flipkart, myntra, ajio, shopify, etsy] as const;
export type MarketplaceId = 'amazon' | 'flipkart' | 'myntra' | 'ajio' | 'shopify' | 'etsy';
export const MARKETPLACE_IDS = MARKETPLACES.map((m) => m.id) as [MarketplaceId, ...MarketplaceId[]];

export function isMarketplaceId(value: unknown): value is MarketplaceId {
  return MARKETPLACE_IDS.some((id) => id === value);
}

export function marketplace(id: MarketplaceId): Marketplace {
  const found = MARKETPLACES.find((m) => m.id === id);
  if (!found) throw new Error(`unknown marketplace ${id}`);
  return found;
}

/** A slot's rules; undefined where the marketplace has no such slot (a swatch on Myntra). */
export function slotRules(id: MarketplaceId, slot: ListingSlot): SlotRules | undefined {
  return marketplace(id).slots[slot];
}

/** The slots a marketplace has, in listing order. */
export function slotsOf(id: MarketplaceId): ListingSlot[] {
  const { slots } = marketplace(id);
  return (['main', 'additional', 'swatch'] as const).filter((slot) => slots[slot] !== undefined);
}

/** Every page a marketplace's rules and names were read from (the ADR lists them all). */
export function sourcesOf(id: MarketplaceId): RuleSource[] {
  const { slots, naming } = marketplace(id);
  const ofSlot = (rules: SlotRules) => [
    ...[
      rules.background,
      rules.fill,
      rules.aspect,
      rules.pixels,
      rules.format,
      rules.colour,
      rules.fileSize,
    ].flatMap((rule) => (rule ? [rule.source] : [])),
    ...rules.content.map((rule) => rule.source),
  ];
  return [
    ...slotsOf(id).flatMap((slot) => {
      const rules = slots[slot];
      return rules ? ofSlot(rules) : [];
    }),
    ...(naming.source ? [naming.source] : []),
  ];
}

/** The characters of a SKU a marketplace's file names keep ('' when none is left). */
export function skuForFileName(id: MarketplaceId, sku: string): string {
  const { naming } = marketplace(id);
  const kept = sku.trim().match(new RegExp(naming.skuPattern.source, 'g'))?.join('') ?? '';
  return (naming.uppercase ? kept.toUpperCase() : kept).slice(0, 80);
}

/**
 * A pack's file name: `position` is the image's place in the listing (1 = main); `{n}` is that
 * position, `{nn}` the additional image's own number, zero-padded (Amazon's PT01 is position 2).
 */
export function listingFileName(
  id: MarketplaceId,
  sku: string,
  slot: ListingSlot,
  position: number,
): string {
  const { naming } = marketplace(id);
  const pattern = slot === 'swatch' ? (naming.swatch ?? naming.additional) : naming[slot];
  return pattern
    .replace('{sku}', skuForFileName(id, sku))
    .replace('{nn}', String(Math.max(1, position - 1)).padStart(2, '0'))
    .replace('{n}', String(position));
}

/** What one check of an image against one rule found (`POST /listing/check`). */
export type ListingRule =
  'background' | 'fill' | 'aspect' | 'pixels' | 'format' | 'colour' | 'file-size';
export const LISTING_RULE_LABELS: Record<ListingRule, string> = {
  background: 'Background',
  fill: 'Product fill',
  aspect: 'Aspect ratio',
  pixels: 'Size in pixels',
  format: 'File type',
  colour: 'Colour profile',
  'file-size': 'File size',
};
