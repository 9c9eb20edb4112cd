import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readZip } from '../../test/read-zip';
import { contentDisposition, streamZip } from './zip';

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('the zip download name', () => {
  it('gives an ASCII fallback and the exact UTF-8 name (RFC 6266)', () => {
    expect(contentDisposition('Catalogue 24 Nov 14:05')).toBe(
      `attachment; filename="Catalogue 24 Nov 14-05.zip"; filename*=UTF-8''Catalogue%2024%20Nov%2014-05.zip`,
    );
    expect(contentDisposition('Été 2026 — robes')).toBe(
      `attachment; filename="Ete 2026 _ robes.zip"; filename*=UTF-8''%C3%89t%C3%A9%202026%20%E2%80%94%20robes.zip`,
    );
  });

  it('refuses header injection and empty names', () => {
    const header = contentDisposition('a"; filename=evil.exe\r\nX: y');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header.match(/"/g)).toHaveLength(2);
    expect(contentDisposition('...')).toBe(
      `attachment; filename="catalogue.zip"; filename*=UTF-8''catalogue.zip`,
    );
  });

  it('turns a lone surrogate into a dash and never cuts a surrogate pair', () => {
    expect(contentDisposition('a\ud800b')).toBe(
      `attachment; filename="a-b.zip"; filename*=UTF-8''a-b.zip`,
    );
    // U+1D15E grows under NFC (two code points, each a surrogate pair in UTF-16).
    const long = contentDisposition(`a${'\u{1D15E}'.repeat(150)}`);
    const exact = decodeURIComponent(/filename\*=UTF-8''(.*)$/.exec(long)?.[1] ?? '');
    expect(exact.endsWith('.zip')).toBe(true);
    expect(Array.from(exact.slice(0, -4))).toHaveLength(120);
    // No lone surrogate survived: re-encoding would throw on one.
    expect(() => encodeURIComponent(exact)).not.toThrow();
  });
});

describe('the zip stream', () => {
  it('stores every entry (no deflate) with its exact bytes, opening sources one at a time', async () => {
    const files = [Buffer.alloc(70_000, 1), Buffer.from('second'), Buffer.alloc(3, 7)];
    let opened = 0;
    let maxOpen = 0;
    let open = 0;
    const sources = files.map((data, i) => ({
      name: `f${String(i)}.jpg`,
      mtime: new Date('2026-11-24T12:00:00Z'),
      open: async () => {
        opened += 1;
        open += 1;
        maxOpen = Math.max(maxOpen, open);
        const stream = Readable.from([data]);
        stream.once('end', () => {
          open -= 1;
        });
        return stream;
      },
    }));

    const entries = await readZip(await collect(streamZip(sources, new AbortController().signal)));

    expect(entries.map((e) => [e.name, e.method])).toEqual([
      ['f0.jpg', 0],
      ['f1.jpg', 0],
      ['f2.jpg', 0],
    ]);
    entries.forEach((entry, i) => {
      expect(entry.data.equals(files[i] ?? Buffer.alloc(0))).toBe(true);
    });
    expect(opened).toBe(3);
    expect(maxOpen).toBe(1);
  });

  it('stops reading when aborted: the open source is destroyed and later ones never opened', async () => {
    const controller = new AbortController();
    const endless = new Readable({
      read() {
        this.push(Buffer.alloc(16_384));
      },
    });
    let laterOpened = false;
    const stream = streamZip(
      [
        { name: 'a.jpg', mtime: new Date(), open: async () => endless },
        {
          name: 'b.jpg',
          mtime: new Date(),
          open: async () => {
            laterOpened = true;
            return Readable.from([Buffer.from('b')]);
          },
        },
      ],
      controller.signal,
    );
    stream.once('data', () => {
      controller.abort();
    });
    await expect(collect(stream)).rejects.toThrow('aborted');
    expect(endless.destroyed).toBe(true);
    expect(laterOpened).toBe(false);
  });

  it('ends with an error, not a zip missing photos, when a source cannot be read', async () => {
    const stream = streamZip(
      [
        {
          name: 'a.jpg',
          mtime: new Date(),
          open: async () => {
            throw new Error('object missing');
          },
        },
      ],
      new AbortController().signal,
    );
    await expect(collect(stream)).rejects.toThrow('object missing');
  });
});
