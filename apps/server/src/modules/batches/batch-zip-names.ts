/*
 * The catalogue zip's entry names (ADR 017): names a seller can file away, by garment and model.
 */

/** Longest slug kept from a garment or model name (the whole entry name stays well under 255). */
const SLUG_MAX = 40;

/**
 * A name as a file-name fragment: lower case (unless `keepCase`: a SKU is written as the seller
 * writes it), letters (with their marks) and digits of any script kept (zip entries carry UTF-8
 * names), every other run of characters one '-'. Nothing a file system treats specially survives:
 * no separators, dots, spaces, reserved or control characters.
 */
export function slugify(name: string, keepCase = false): string {
  const normalized = name.normalize('NFKC');
  const slug = (keepCase ? normalized : normalized.toLowerCase())
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  // By grapheme, so a name is never cut inside a letter and its marks.
  const graphemes = Array.from(graphemeSegmenter.segment(slug), (part) => part.segment);
  return graphemes.slice(0, SLUG_MAX).join('').replace(/-+$/, '');
}

const graphemeSegmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * Slugs that tell every entry apart: empty ones get `fallback-N`, repeated ones (compared without
 * case, as Windows and macOS compare file names) their number.
 */
function distinctSlugs(names: readonly string[], fallback: string, keepCase = false): string[] {
  const slugs = names.map((name, i) => slugify(name, keepCase) || `${fallback}-${String(i + 1)}`);
  const seen = new Map<string, number>();
  for (const slug of slugs) seen.set(slug.toLowerCase(), (seen.get(slug.toLowerCase()) ?? 0) + 1);
  return slugs.map((slug, i) =>
    (seen.get(slug.toLowerCase()) ?? 0) > 1 ? `${slug}-${String(i + 1)}` : slug,
  );
}

export interface ZipPair {
  garmentIndex: number;
  modelIndex: number;
  /** Extension of each image the pair made ('jpg', 'png', 'webp'), in order. */
  extensions: readonly string[];
}

/**
 * File names of every image of a catalogue, per pair: `01-red-dress__ava.jpg`, the garment's
 * number first so a folder sorts by garment, then its model; a pair's second and later images
 * end in `-2`, `-3`. Names are unique within the zip whatever the seller called things.
 */
export function zipEntryNames(
  garments: readonly string[],
  models: readonly string[],
  pairs: readonly ZipPair[],
): string[][] {
  const garmentSlugs = distinctSlugs(garments, 'garment');
  const modelSlugs = distinctSlugs(models, 'model');
  const width = Math.max(2, String(garments.length).length);
  const used = new Set<string>();
  const unique = (base: string, ext: string, first: number) => {
    for (let n = first; ; n++) {
      const name = n === 1 ? `${base}.${ext}` : `${base}-${String(n)}.${ext}`;
      if (!used.has(name.toLowerCase())) {
        // Case-insensitively unique: Windows and macOS would otherwise overwrite one with another.
        used.add(name.toLowerCase());
        return name;
      }
    }
  };
  return pairs.map((pair) => {
    const number = String(pair.garmentIndex + 1).padStart(width, '0');
    const garment = garmentSlugs[pair.garmentIndex] ?? `garment-${number}`;
    const model = modelSlugs[pair.modelIndex] ?? `model-${String(pair.modelIndex + 1)}`;
    const base = `${number}-${garment}__${model}`;
    return pair.extensions.map((ext, i) => unique(base, slugify(ext) || 'bin', i + 1));
  });
}

/**
 * File names of a colourway set's outputs (ADR 063), one per variant: `TEE-RED-01.jpg`, the
 * variant's name (a SKU, its case kept) as a slug (`variant-N` when nothing of it is left), told
 * apart as the catalogue's names are, case-insensitively unique.
 */
export function variantEntryNames(
  variants: readonly { name: string; extension: string }[],
): string[] {
  const slugs = distinctSlugs(
    variants.map((v) => v.name),
    'variant',
    true,
  );
  const used = new Set<string>();
  return variants.map((variant, i) => {
    const base = slugs[i] ?? `variant-${String(i + 1)}`;
    const ext = slugify(variant.extension) || 'bin';
    for (let n = 1; ; n++) {
      const name = n === 1 ? `${base}.${ext}` : `${base}-${String(n)}.${ext}`;
      if (!used.has(name.toLowerCase())) {
        used.add(name.toLowerCase());
        return name;
      }
    }
  });
}
