import type { ListingPackRequest } from '@studio/contract';
import {
  listingFileName,
  marketplace as marketplaceOf,
  skuForFileName,
  type MarketplaceId,
} from '@studio/contract/listing';

/** One gallery item offered to a pack. */
export interface PackItem {
  generationId: string;
  /** What the seller calls it on the card ('Try-Ons from Nov 28, 2026: red dress'). */
  label: string;
}

/**
 * What a pack is made of: gallery items (a SKU each; items sharing a SKU form one listing, the
 * first its main image) or a try-on catalogue (one listing per garment, `photos` images each).
 */
export type PackSource =
  | { kind: 'items'; items: readonly PackItem[] }
  | { kind: 'batch'; batchId: string; garments: readonly { name: string; photos: number }[] }
  /** A colourway set: one listing per colour variant (a SKU each), its one image the main. */
  | { kind: 'colourways'; setId: string; garments: readonly { name: string; photos: number }[] };

export type FixChoice = 'fix' | 'as-is';

export interface PackValues {
  marketplace: MarketplaceId;
  /** One per item, or one per garment. */
  skus: readonly string[];
  fix: FixChoice;
}

/** As the contract's SKU_MAX_LENGTH (listing-requests.ts, a zod module the browser must not load). */
export const SKU_MAX = 64;

/** The form's SKU field names, which its messages are keyed by ('sku-0'…). */
export const skuField = (index: number) => `sku-${String(index)}`;

/** The first values: garments named after the catalogue's garments, items left to the seller. */
export function initialValues(source: PackSource, marketplace: MarketplaceId): PackValues {
  const skus =
    source.kind === 'items' ? source.items.map(() => '') : source.garments.map((g) => g.name);
  return { marketplace, skus, fix: 'fix' };
}

/** How many images each row puts in its listing, and where each one goes (0 = main). */
function positions(source: PackSource, skus: readonly string[]): number[] {
  if (source.kind !== 'items') return skus.map(() => 0);
  const seen = new Map<string, number>();
  return skus.map((sku) => {
    const key = sku.trim();
    const position = seen.get(key) ?? 0;
    seen.set(key, position + 1);
    return position;
  });
}

/** The files a row's images get in the pack ('TEE01.MAIN.jpg'), or [] while its SKU is empty. */
export function rowFiles(values: PackValues, source: PackSource, index: number): string[] {
  const sku = values.skus[index] ?? '';
  if (skuForFileName(values.marketplace, sku) === '') return [];
  const name = (position: number) =>
    listingFileName(values.marketplace, sku, position === 0 ? 'main' : 'additional', position + 1);
  if (source.kind !== 'items') {
    const photos = source.garments[index]?.photos ?? 0;
    return Array.from({ length: photos }, (_, position) => name(position));
  }
  return [name(positions(source, values.skus)[index] ?? 0)];
}

/** Each SKU field's problem in words, keyed by its field name; empty when the pack can be made. */
export function packProblems(values: PackValues, source: PackSource): Record<string, string> {
  const { name, naming } = marketplaceOf(values.marketplace);
  const most = naming.maxAdditional + 1;
  const places = positions(source, values.skus);
  // Amazon keeps letters and digits; the others also _ and -.
  const kept = naming.skuPattern.test('_') ? 'letters, digits, _ and -' : 'letters and digits';
  const problems: Record<string, string> = {};
  values.skus.forEach((raw, index) => {
    const sku = raw.trim();
    const field = skuField(index);
    if (sku === '') problems[field] = 'Enter a SKU.';
    else if (sku.length > SKU_MAX) {
      problems[field] = `A SKU has at most ${String(SKU_MAX)} characters.`;
    } else if (skuForFileName(values.marketplace, sku) === '') {
      problems[field] = `${name} file names keep only ${kept}: use at least one.`;
    } else if (
      source.kind !== 'items' &&
      values.skus.some((o, i) => i < index && o.trim() === sku)
    ) {
      problems[field] = 'Each garment needs a SKU of its own.';
    } else if (
      (source.kind === 'items' ? (places[index] ?? 0) + 1 : (source.garments[index]?.photos ?? 0)) >
      most
    ) {
      problems[field] = `${name} takes at most ${String(most)} images per listing.`;
    }
  });
  return problems;
}

/** `POST /listing/packs`' body for the form's values. */
export function packRequest(values: PackValues, source: PackSource): ListingPackRequest {
  const skus = values.skus.map((sku) => sku.trim());
  const common = { marketplace: values.marketplace, fix: values.fix === 'fix' };
  if (source.kind === 'batch') return { ...common, batchId: source.batchId, skus };
  if (source.kind === 'colourways') return { ...common, colourwaySetId: source.setId, skus };
  return {
    ...common,
    items: source.items.map((item, index) => ({
      generationId: item.generationId,
      sku: skus[index] ?? '',
    })),
  };
}
