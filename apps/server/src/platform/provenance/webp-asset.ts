import type { Asset } from '@trustnxt/c2pa-ts/asset';

/**
 * A WebP file as c2pa-ts's writer sees it: c2pa-ts reads and writes JPEG, PNG and ISO media but
 * not WebP. C2PA embeds in RIFF files as a chunk of its own, 'C2PA', holding the manifest store
 * (C2PA specification, "Embedding manifests into RIFF-based assets"), hard-bound with a data hash
 * that excludes the whole chunk. The chunk goes last, after the image data and the XMP chunk the
 * extended format (VP8X) allows there. The reference reader validates what this writes (ADR 058).
 */
export class WebpAsset implements Asset {
  readonly mimeType = 'image/webp';
  private data: Uint8Array;
  private chunk: { start: number; length: number } | undefined;

  constructor(data: Uint8Array) {
    this.data = data;
  }

  getDataLength(): number {
    return this.data.length;
  }

  getDataRange(start = 0, length = this.data.length - start): Promise<Uint8Array> {
    return Promise.resolve(this.data.subarray(start, start + length));
  }

  getManifestJUMBF(): Uint8Array | undefined {
    return undefined;
  }

  dumpInfo(): string {
    return `WebP, ${String(this.data.length)} bytes`;
  }

  /** Drops any 'C2PA' chunk and appends one with room for `length` bytes; fixes the RIFF size. */
  ensureManifestSpace(length: number): Promise<void> {
    const view = Buffer.from(this.data.buffer, this.data.byteOffset, this.data.length);
    if (view.toString('latin1', 0, 4) !== 'RIFF' || view.toString('latin1', 8, 12) !== 'WEBP') {
      throw new Error('Not a WebP file.');
    }
    const kept: Buffer[] = [view.subarray(0, 12)];
    let offset = 12;
    while (offset + 8 <= view.length) {
      const size = view.readUInt32LE(offset + 4);
      const end = Math.min(view.length, offset + 8 + size + (size % 2));
      if (view.toString('latin1', offset, offset + 4) !== 'C2PA')
        kept.push(view.subarray(offset, end));
      offset = end;
    }
    const head = Buffer.alloc(8);
    head.write('C2PA', 0, 'latin1');
    head.writeUInt32LE(length, 4);
    const start = kept.reduce((total, part) => total + part.length, 0);
    const padded = length + (length % 2);
    const out = Buffer.concat([...kept, head, Buffer.alloc(padded)]);
    out.writeUInt32LE(out.length - 8, 4);
    this.data = new Uint8Array(out.buffer, out.byteOffset, out.length);
    // The chunk without its pad byte: the reference reader hashes the pad (odd sizes failed).
    this.chunk = { start, length: 8 + length };
    return Promise.resolve();
  }

  getHashExclusionRange(): { start: number; length: number } {
    if (!this.chunk) throw new Error('No manifest space reserved.');
    return this.chunk;
  }

  writeManifestJUMBF(jumbf: Uint8Array): Promise<void> {
    if (!this.chunk || jumbf.length + 8 > this.chunk.length) {
      throw new Error('Wrong amount of space in asset');
    }
    this.data.set(jumbf, this.chunk.start + 8);
    return Promise.resolve();
  }
}
