import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { type Colourway, type ColourwaySource, colourwaySource, makeColourway } from './colourway';
import type { MaskOptions, Segmenter } from './garment-mask';

/*
 * What every colourway of one photo shares (its garment mask, full-size Lab, each pixel's share of
 * the dominant colour: `colourwaySource`), kept per photo and options, so a set of six variants
 * works it out once: its variants run as six jobs, one after another or side by side, and
 * lru-cache's fetch lets concurrent asks for one photo share one computation. It lives where the
 * colourways are made (the engine thread, ADR 045): a source of a 2 MP photo is ~50 MB of typed
 * arrays, which would cost more to copy across than to keep.
 */

type SourceContext = { input: Buffer; segment: Segmenter; options: MaskOptions };

/** Bytes a source holds (its typed arrays and the photo), for the cache's bound. */
function sourceBytes(source: ColourwaySource): number {
  const { found, full } = source;
  return (
    source.input.length +
    found.lab.byteLength +
    found.mask.byteLength +
    source.weights.byteLength +
    source.members.byteLength +
    source.interior.byteLength +
    full.rgba.length +
    full.lab.byteLength +
    full.share.byteLength +
    full.moving.byteLength
  );
}

/** ~4 sources of 2 MP photos, or one of a 12 MP photo and change. */
const SOURCES_MAX_BYTES = 256 * 1024 * 1024;

const sources = new LRUCache<string, ColourwaySource, SourceContext>({
  maxSize: SOURCES_MAX_BYTES,
  sizeCalculation: (source) => Math.max(1, sourceBytes(source)),
  fetchMethod: (_key, _stale, { context }) =>
    colourwaySource(context.input, context.segment, context.options),
});

/** The photo's colourway source, from the cache when the same photo was asked for lately. */
export async function cachedColourwaySource(
  input: Buffer,
  segment: Segmenter,
  options: MaskOptions,
): Promise<ColourwaySource> {
  const digest = createHash('sha256').update(input).digest('base64url');
  const key = `${digest}:${options.part}:${options.worn}`;
  const source = await sources.fetch(key, { context: { input, segment, options } });
  if (!source) throw new Error('The colourway source was not made.');
  return source;
}

/** One colourway of `input` (see colourway.ts), its shared part worked out once per photo. */
export async function cachedColourway(
  input: Buffer,
  segment: Segmenter,
  options: MaskOptions,
  target: string,
): Promise<Colourway> {
  return makeColourway(await cachedColourwaySource(input, segment, options), target);
}

/** Forgets every cached source (tests and benches that time the first colourway of a photo). */
export function forgetColourwaySources() {
  sources.clear();
}
