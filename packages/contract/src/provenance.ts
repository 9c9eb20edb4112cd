/**
 * Content credentials (ADR 058): what every output the studio makes says about how it was made,
 * in IPTC's digital source type vocabulary, written into the file's XMP and its signed C2PA
 * manifest, and shown beside the result. The codes are IPTC's, the names IPTC's own
 * (http://cv.iptc.org/newscodes/digitalsourcetype/, CC BY 4.0).
 */

export const DIGITAL_SOURCE_TYPE_BASE = 'http://cv.iptc.org/newscodes/digitalsourcetype/';

/**
 * The codes the studio writes, with IPTC's name for each and whether generative AI made the media
 * (IPTC's definitions are quoted in ADR 058). `composite` is IPTC's "may or may not be generative
 * AI"; the studio writes it only for its labelled previews, which hold none.
 */
export const DIGITAL_SOURCE_TYPES = {
  trainedAlgorithmicMedia: { name: 'Created using Generative AI', generativeAi: true },
  compositeWithTrainedAlgorithmicMedia: { name: 'Edited using Generative AI', generativeAi: true },
  algorithmicallyEnhanced: { name: 'Algorithmically-altered media', generativeAi: false },
  composite: { name: 'Composite of elements', generativeAi: false },
} as const;
export type DigitalSourceType = keyof typeof DIGITAL_SOURCE_TYPES;
export const DIGITAL_SOURCE_TYPE_CODES = Object.keys(DIGITAL_SOURCE_TYPES) as [
  DigitalSourceType,
  ...DigitalSourceType[],
];

/** The full IPTC URI of a code, as XMP and C2PA carry it. */
export const digitalSourceTypeUri = (code: DigitalSourceType) =>
  `${DIGITAL_SOURCE_TYPE_BASE}${code}`;
