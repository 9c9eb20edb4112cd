import type { TryOnCategory } from '@studio/contract/tools';
import { COLOURWAY_NAME_MAX_LENGTH, COLOURWAY_VARIANTS_MAX } from '@studio/contract/constants';
import { parseColour } from './colour-input';

export const TOOL = 'colourways';
export const ESTIMATE_FEATURE = 'colourways';
export const FEATURE_NAME = 'Colourways';
export const DRAFT_KEY = 'colourways';

/** A variant as the form holds it: the colour as typed (a hex or a name) until it is sent. */
export interface VariantRow {
  id: string;
  name: string;
  colour: string;
}

export interface ColourwaysSettings {
  category: TryOnCategory;
  variants: VariantRow[];
}

export const CATEGORY_LABELS: Record<TryOnCategory, string> = {
  auto: 'The main garment',
  tops: 'The top',
  bottoms: 'The bottoms',
  'one-pieces': 'The whole outfit (dresses, jumpsuits)',
};

export const MESSAGES = {
  noImage: 'Please upload a garment photo first.',
  uploadSuccess: 'Garment photo uploaded.',
  uploadFailure: 'The photo could not be uploaded. Please try again.',
  noVariants: 'Add at least one variant.',
  fixVariants: 'Check the variants: each needs a name of its own and a colour.',
  nameRequired: 'Give the variant a name or SKU',
  nameTooLong: `At most ${String(COLOURWAY_NAME_MAX_LENGTH)} characters`,
  nameTaken: 'Another variant has this name',
} as const;

let nextRowId = 0;
/** A new empty row (ids only tell rows apart on the page; they are never sent). */
export function newVariant(fields: Partial<Omit<VariantRow, 'id'>> = {}): VariantRow {
  nextRowId += 1;
  return { id: `v${String(nextRowId)}`, name: '', colour: '', ...fields };
}

export const initialSettings = (): ColourwaysSettings => ({
  category: 'auto',
  variants: [newVariant()],
});

export const canAddVariant = (settings: ColourwaysSettings) =>
  settings.variants.length < COLOURWAY_VARIANTS_MAX;

export interface VariantProblems {
  name?: string;
  colour?: string;
}

/** Each row's problems, by row id; rows without any are left out. */
export function variantProblems(variants: readonly VariantRow[]): Map<string, VariantProblems> {
  const problems = new Map<string, VariantProblems>();
  const seen = new Map<string, number>();
  for (const row of variants) {
    const key = row.name.trim().toLowerCase();
    if (key !== '') seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  for (const row of variants) {
    const name = row.name.trim();
    const found: VariantProblems = {};
    if (name === '') found.name = MESSAGES.nameRequired;
    else if (name.length > COLOURWAY_NAME_MAX_LENGTH) found.name = MESSAGES.nameTooLong;
    else if ((seen.get(name.toLowerCase()) ?? 0) > 1) found.name = MESSAGES.nameTaken;
    const colour = parseColour(row.colour);
    if ('error' in colour) found.colour = colour.error;
    if (found.name ?? found.colour) problems.set(row.id, found);
  }
  return problems;
}

/** What the pre-send checks refuse before anything is sent, or null. */
export function formProblem(settings: ColourwaysSettings): string | null {
  if (settings.variants.length === 0) return MESSAGES.noVariants;
  return variantProblems(settings.variants).size > 0 ? MESSAGES.fixVariants : null;
}

/** The variants as sent: names trimmed, colours as `#rrggbb`; rows that do not parse are left out. */
export function sentVariants(variants: readonly VariantRow[]) {
  return variants.flatMap((row) => {
    const colour = parseColour(row.colour);
    return 'hex' in colour ? [{ name: row.name.trim(), colour: colour.hex }] : [];
  });
}

/** `POST /colourways/generate`'s body. */
export function colourwaysRequest(
  settings: ColourwaysSettings,
  ids: { userId: string; imageUrl: string },
): Record<string, unknown> {
  return {
    userId: ids.userId,
    imageUrl: ids.imageUrl,
    category: settings.category,
    variants: sentVariants(settings.variants),
  };
}

/** The estimate counts the variants (1 credit each). */
export const colourwaysEstimate = (settings: ColourwaysSettings) => ({
  variants: settings.variants.map(() => null),
});
