import { PassThrough, pipeline, type Readable } from 'node:stream';
import yazl from 'yazl';

/*
 * Zips streamed entry by entry from storage, so the server's memory does not grow with what is
 * zipped (the catalogue's, ADR 017, and the gallery's, ADR 030), and the names they carry.
 */

/**
 * Names made unique within one zip, case-insensitively (Windows and macOS would otherwise let one
 * entry overwrite another): a repeat gets `-2`, `-3`… before its extension.
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

/**
 * A zip's file name for a name people gave (a catalogue's): characters no file system accepts,
 * and controls, become '-'; the rest is kept. Lone surrogates (valid JSON, not valid text) would
 * make encodeURIComponent throw; the name is cut by code point, never inside a surrogate pair.
 */
export function zipFileName(name: string): string {
  const cleaned = name
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Cs}/\\:*?"<>|]+/gu, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s-]+|[.\s-]+$/g, '');
  return `${Array.from(cleaned).slice(0, 120).join('') || 'catalogue'}.zip`;
}

/** The zip's download name: an ASCII fallback and the exact name for RFC 6266 clients. */
export function contentDisposition(batchName: string): string {
  const fileName = zipFileName(batchName);
  const safe = fileName.slice(0, -'.zip'.length);
  const ascii =
    safe
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\x20-\x7e]+/g, '_')
      .replace(/[%;\\]/g, '_')
      .trim() || 'catalogue';
  const encoded = encodeURIComponent(fileName).replace(
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
