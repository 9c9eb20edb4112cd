import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readZip } from '../../../test/read-zip';
import { contentDisposition, slugify, streamZip, zipEntryNames } from './batch-zip';

const one = (garmentIndex: number, modelIndex: number, extensions = ['jpg']) => ({
  garmentIndex,
  modelIndex,
  extensions,
});

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('zip entry names', () => {
  it('names each photo by garment number, garment and model', () => {
    expect(
      zipEntryNames(['Red Dress', 'Blue Jeans'], ['Ava', 'Your model 1'], [one(0, 0), one(1, 1)]),
    ).toEqual([['01-red-dress__ava.jpg'], ['02-blue-jeans__your-model-1.jpg']]);
  });

  it('numbers a pair’s later images -2, -3 and keeps each image’s own extension', () => {
    expect(zipEntryNames(['Dress'], ['Ava'], [one(0, 0, ['jpg', 'jpg', 'png'])])).toEqual([
      ['01-dress__ava.jpg', '01-dress__ava-2.jpg', '01-dress__ava-3.png'],
    ]);
  });

  it('keeps every name unique: repeated model names, empty names, look-alike cases', () => {
    const names = zipEntryNames(
      ['Dress', '', '***'],
      ['Ava', 'ava', 'AVA!'],
      [one(0, 0), one(0, 1), one(0, 2), one(1, 0), one(2, 0)],
    ).flat();
    expect(names).toEqual([
      '01-dress__ava-1.jpg',
      '01-dress__ava-2.jpg',
      '01-dress__ava-3.jpg',
      '02-garment-2__ava-1.jpg',
      '03-garment-3__ava-1.jpg',
    ]);
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(names.length);
  });

  it('never lets a name climb out of the folder or carry characters file systems refuse', () => {
    const [[name]] = zipEntryNames(['../../etc/passwd'], ['C:\\Users\\me:*?"<>|'], [one(0, 0)]) as [
      [string],
    ];
    expect(name).toBe('01-etc-passwd__c-users-me.jpg');
    expect(name).not.toMatch(/[/\\:*?"<>|]|\.\./);
  });

  it('keeps letters of any script, lower-cased, and cuts long names at 40 characters', () => {
    expect(slugify('Robe d’été ROUGE')).toBe('robe-d-été-rouge');
    expect(slugify('साड़ी लाल')).toBe('साड़ी-लाल');
    expect(slugify('红色连衣裙')).toBe('红色连衣裙');
    expect(slugify('a'.repeat(100))).toHaveLength(40);
    expect(slugify(`${'a'.repeat(39)} b`)).toBe('a'.repeat(39));
  });

  it('pads garment numbers to the catalogue’s width', () => {
    const garments = Array.from({ length: 20 }, (_, i) => `g${String(i)}`);
    expect(zipEntryNames(garments, ['m'], [one(19, 0)])).toEqual([['20-g19__m.jpg']]);
  });
});

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
