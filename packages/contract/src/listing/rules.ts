// What a marketplace asks of a listing image, as plain data (no zod) that the server checks and
// fixes against and the web shows: one file per marketplace beside this one, each rule carrying
// the public page it came from (ADR 057). Read from the marketplaces' pages on 2026-11-28; what
// only a third party states is marked `confirmed: false`.

export const LISTING_SLOTS = ['main', 'additional', 'swatch'] as const;
export type ListingSlot = (typeof LISTING_SLOTS)[number];
export const LISTING_SLOT_LABELS: Record<ListingSlot, string> = {
  main: 'Main image',
  additional: 'Additional image',
  swatch: 'Swatch',
};

export type ImageFormat = 'jpeg' | 'png' | 'gif' | 'tiff' | 'webp';
export const IMAGE_FORMAT_LABELS: Record<ImageFormat, string> = {
  jpeg: 'JPEG',
  png: 'PNG',
  gif: 'GIF',
  tiff: 'TIFF',
  webp: 'WebP',
};

/** Where a rule was read. */
export interface RuleSource {
  url: string;
  title: string;
  /** The day the page was read (ISO date). */
  read: string;
  /** The page is the marketplace's own; false when only an integrator or a blog states the rule. */
  confirmed: boolean;
  /** A short verbatim quote from the page that states the rule. */
  quote: string;
}

/**
 * `required`: an image that breaks it is not compliant. `recommended`: the marketplace advises it
 * (zoom, best look); a miss is shown as advice and does not make the image non-compliant.
 */
export type RuleLevel = 'required' | 'recommended';

interface Rule {
  level: RuleLevel;
  source: RuleSource;
}

/**
 * The colour outside the product: `share` of the background pixels (outside the product's mask)
 * must be within `tolerance` of `rgb` on every channel. A marketplace that wants "light grey, not
 * white" gets a grey `rgb` and a tolerance that stops short of 255.
 */
export interface BackgroundRule extends Rule {
  name: string;
  rgb: readonly [number, number, number];
  tolerance: number;
  share: number;
}

/**
 * How much of the frame the product takes: the larger of its bounding box's width and height
 * shares of the image's (so a tall garment in a portrait frame can reach it without being cut).
 */
export interface FillRule extends Rule {
  min: number;
  max?: number;
}

/** Width : height, passing within `tolerance` (relative) of the ratio. */
export interface AspectRule extends Rule {
  width: number;
  height: number;
  tolerance: number;
}

export interface PixelRule extends Rule {
  minLongSide?: number;
  minWidth?: number;
  minHeight?: number;
  maxLongSide?: number;
  maxMegapixels?: number;
}

export interface FormatRule extends Rule {
  formats: readonly ImageFormat[];
}

/** sRGB (or untagged, read as sRGB) is what every marketplace shows; CMYK only where allowed. */
export interface ColourRule extends Rule {
  cmykAllowed: boolean;
}

export interface FileSizeRule extends Rule {
  minBytes?: number;
  maxBytes?: number;
}

/** A rule about what the picture shows, which no measurement decides: named, never hidden. */
export interface ContentRule extends Rule {
  id: string;
  text: string;
}

export interface SlotRules {
  background?: BackgroundRule;
  fill?: FillRule;
  aspect?: AspectRule;
  pixels?: PixelRule;
  format: FormatRule;
  colour?: ColourRule;
  fileSize?: FileSizeRule;
  content: readonly ContentRule[];
}

/** How a pack names its files: `{sku}` and `{n}` (1-based, or `{nn}` zero-padded) are filled in. */
export interface NamingRule {
  main: string;
  additional: string;
  swatch?: string;
  /** Characters a name may keep from the SKU; the rest are dropped (Amazon: letters and digits). */
  skuPattern: RegExp;
  /** Most additional images a listing takes. */
  maxAdditional: number;
  uppercase: boolean;
  source: RuleSource | null;
  note: string;
}

export interface Marketplace {
  id: string;
  name: string;
  slots: { main: SlotRules; additional: SlotRules; swatch?: SlotRules };
  naming: NamingRule;
}

export const READ_ON = '2026-11-28';

export const KIB = 1024;
export const MIB = 1024 * 1024;
