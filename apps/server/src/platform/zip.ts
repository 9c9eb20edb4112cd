import { PassThrough, pipeline, type Readable } from 'node:stream';
import yazl from 'yazl';

/*
 * The catalogue zip (ADR 017): entry names a seller can file away, and a zip streamed entry by
 * entry from storage, so the server's memory does not grow with the catalogue.
 */

/** Longest slug kept from a garment or model name (the whole entry name stays well under 255). */
const SLUG_MAX = 40;

/**
 * A name as a file-name fragment: lower case, letters (with their marks) and digits of any script
 * kept (zip entries carry UTF-8 names), every other run of characters one '-'. Nothing a file
 * system treats specially survives: no separators, dots, spaces, reserved or control characters.
 */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  // By grapheme, so a name is never cut inside a letter and its marks.
  const graphemes = Array.from(graphemeSegmenter.segment(slug), (part) => part.segment);
  return graphemes.slice(0, SLUG_MAX).join('').replace(/-+$/, '');
}

const graphemeSegmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** Slugs that tell every entry apart: empty ones get `fallback-N`, repeated ones their number. */
function distinctSlugs(names: readonly string[], fallback: string): string[] {
  const slugs = names.map((name, i) => slugify(name) || `${fallback}-${String(i + 1)}`);
  const seen = new Map<string, number>();
  for (const slug of slugs) seen.set(slug, (seen.get(slug) ?? 0) + 1);
  return slugs.map((slug, i) => ((seen.get(slug) ?? 0) > 1 ? `${slug}-${String(i + 1)}` : slug));
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
 * Names made unique within one zip, case-insensitively (Windows and macOS would otherwise let one
 * entry overwrite another): a repeat gets `-2`, `-3`… before its extension. Shared with the
 * gallery's zip (ADR 030).
 */
export function uniqueEntryNames(names: readonly string[]): string[] {
  const used = new Set<string>();
  return names.map((name) => {
    const dot = name.lastIndexOf('.');
    const [base, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    for (let n = 1; ; n++) {
      const candidate = n === 1 ? name : `${base}-${String(n)}${ext}`;
      if (!used.has(candidate.toLowerCase())) {
        used.add(candidate.toLowerCase());
        return candidate;
      }
    }
  });
}

/** The zip's download name: an ASCII fallback and the exact name for RFC 6266 clients. */
export function contentDisposition(batchName: string): string {
  // Characters no file system accepts, and controls, become '-'; the rest of the name is kept.
  // Lone surrogates (valid JSON, not valid text) would make encodeURIComponent throw; the name is
  // cut by code point, never inside a surrogate pair.
  const cleaned = batchName
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Cs}/\\:*?"<>|]+/gu, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s-]+|[.\s-]+$/g, '');
  const safe = Array.from(cleaned).slice(0, 120).join('') || 'catalogue';
  const ascii =
    safe
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\x20-\x7e]+/g, '_')
      .replace(/[%;\\]/g, '_')
      .trim() || 'catalogue';
  const encoded = encodeURIComponent(`${safe}.zip`).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}.zip"; filename*=UTF-8''${encoded}`;
}

export interface ZipSource {
  name: string;
  mtime: Date;
  /** Opens the entry's bytes; called only when the zip reaches it, one entry at a time. */
  open(): Promise<Readable>;
}

/**
 * A zip of `sources` as a stream. Entries are STORED: the photos are JPEG/PNG/WebP, already
 * compressed, so deflating them would cost CPU for nothing. Each source is opened only when the
 * zip reaches it and piped through with backpressure, so one entry's chunks are all that is ever
 * in memory. Aborting `signal` (the client went away) destroys the open source and the output;
 * a source that cannot be opened or fails mid-way destroys the output with that error, so the
 * download ends truncated rather than as a zip silently missing photos.
 */
export function streamZip(sources: readonly ZipSource[], signal: AbortSignal): Readable {
  const zip = new yazl.ZipFile();
  // yazl's output is typed as the legacy stream interface; piping it into a PassThrough gives a
  // typed Readable, and pipeline() destroys yazl's side whenever ours is destroyed.
  const output = new PassThrough();
  const open = new Set<Readable>();
  const fail = (error: Error) => {
    for (const stream of open) stream.destroy();
    open.clear();
    output.destroy(error);
  };
  pipeline(zip.outputStream, output, (error) => {
    if (error) fail(error);
  });
  zip.on('error', fail);
  const onAbort = () => {
    fail(new Error('the download was aborted'));
  };
  signal.addEventListener('abort', onAbort, { once: true });
  output.once('close', () => {
    signal.removeEventListener('abort', onAbort);
  });

  for (const source of sources) {
    zip.addReadStreamLazy(source.name, { compress: false, mtime: source.mtime }, (callback) => {
      if (signal.aborted || output.destroyed) {
        callback(new Error('the zip was stopped'), undefined as never);
        return;
      }
      source.open().then(
        (stream) => {
          if (output.destroyed) {
            stream.destroy();
            return;
          }
          open.add(stream);
          // pipe() does not forward errors: without this a failed read would hang the download.
          stream.once('error', fail);
          stream.once('close', () => open.delete(stream));
          callback(null, stream);
        },
        (error: unknown) => {
          callback(error instanceof Error ? error : new Error(String(error)), undefined as never);
        },
      );
    });
  }
  zip.end();
  return output;
}
