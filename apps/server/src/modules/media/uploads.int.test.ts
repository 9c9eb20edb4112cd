import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, TEST_ORIGIN, type TestApp } from '../../../test/harness';
import { phoneJpeg } from '../../platform/images/test-images';

let dataDir: string;
let t: TestApp;
let cookie: string;
let userId: string;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-media-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir, RATE_LIMIT_MULTIPLIER: '100' } });
  ({ cookie } = await signUp(t.app));
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/session', headers: { cookie } });
  userId = res.json<{ user: { id: string } }>().user.id;
});
afterAll(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

interface Part {
  name: string;
  body: Buffer;
  type?: string;
}

/** A real multipart/form-data body, as a browser's FormData sends it. */
function multipart(files: Part[], fields: Record<string, string> = {}) {
  const boundary = `----studio${String(Date.now())}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.body,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

function upload(files: Part[], fields: Record<string, string> = {}, who = cookie) {
  const body = multipart(files, fields);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/uploads',
    headers: { cookie: who, origin: TEST_ORIGIN, 'content-type': body.contentType },
    payload: body.payload,
  });
}

const photo = (width = 40, height = 20) =>
  sharp({ create: { width, height, channels: 3, background: '#c0392b' } });

function pngHeaderOnly(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(2, 9); // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    // A few bytes of image data: enough for a valid file, nowhere near 225 million pixels.
    chunk('IDAT', deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('POST /uploads', () => {
  it('stores a JPEG re-encoded, turned upright, without EXIF or GPS, with its three sizes', async () => {
    const original = await phoneJpeg();
    const sent = await sharp(original).metadata();
    expect(sent.orientation).toBe(6);
    expect(original.includes(Buffer.from('WGS-84'))).toBe(true); // the GPS block is there
    const res = await upload([{ name: 'shirt.jpg', body: original, type: 'image/jpeg' }], {
      userId,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{
      uploaded: { id: string; url: string; width: number; height: number; thumbhash: string }[];
      urls: string[];
      url: string;
    }>();
    const [item] = body.uploaded;
    if (!item) throw new Error('nothing uploaded');
    expect(item.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(body.url).toBe(item.url);
    expect(body.urls).toEqual([item.url]);
    // Orientation 6 means rotated 90°: the stored image is upright, 20 × 40.
    expect([item.width, item.height]).toEqual([20, 40]);
    expect(Buffer.from(item.thumbhash, 'base64').length).toBeGreaterThan(4);

    const stored = await t.app.inject({ method: 'GET', url: item.url });
    expect(stored.statusCode).toBe(200);
    expect(stored.headers['content-type']).toBe('image/jpeg');
    expect(stored.headers['x-content-type-options']).toBe('nosniff');
    expect(stored.headers['cache-control']).toContain('immutable');
    const meta = await sharp(stored.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation ?? 1).toBe(1);
    expect(stored.rawPayload.includes(Buffer.from('WGS-84'))).toBe(false);
    expect(stored.rawPayload.includes(Buffer.from('Phone'))).toBe(false);

    const thumb = await t.app.inject({ method: 'GET', url: `${item.url}/thumbnail` });
    expect(thumb.headers['content-type']).toBe('image/webp');
    const preview = await t.app.inject({ method: 'GET', url: `${item.url}/preview` });
    expect((await sharp(preview.rawPayload).metadata()).format).toBe('webp');

    const download = await t.app.inject({
      method: 'GET',
      url: `${item.url}?download=upscaled-image.jpg`,
    });
    expect(download.headers['content-disposition']).toBe(
      'attachment; filename="upscaled-image.jpg"',
    );
  });

  it('accepts PNG with transparency and WebP, several files at once', async () => {
    const png = await sharp({
      create: { width: 30, height: 30, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const webp = await photo(64, 48).webp().toBuffer();
    const res = await upload([
      { name: 'cutout.png', body: png },
      { name: 'dress.webp', body: webp },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const { uploaded } = res.json<{ uploaded: { url: string; contentType: string }[] }>();
    expect(uploaded.map((u) => u.contentType)).toEqual(['image/png', 'image/webp']);
    const storedPng = await t.app.inject({ method: 'GET', url: uploaded[0]?.url ?? '' });
    expect((await sharp(storedPng.rawPayload).metadata()).hasAlpha).toBe(true);
  });

  it.each([
    ['a GIF', 'anim.gif', () => photo().gif().toBuffer()],
    ['a PDF', 'doc.pdf', async () => Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n')],
    ['an empty file', 'empty.jpg', async () => Buffer.alloc(0)],
    ['text named .jpg', 'notes.jpg', async () => Buffer.from('just some text, not a picture')],
    [
      'an SVG named .jpg',
      'vector.jpg',
      async () =>
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    ],
    [
      'HTML named .jpg',
      'page.jpg',
      async () => Buffer.from('<!doctype html><html><script>alert(1)</script></html>'),
    ],
  ])('refuses %s with 415 and stores nothing', async (_label, name, make) => {
    const before = await t.database.pool.query('select count(*)::int as n from media');
    const res = await upload([{ name, body: await make(), type: 'image/jpeg' }]);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({
      error: {
        code: 'unsupported_image',
        message: `${name}: Only JPEG, PNG and WebP images are accepted.`,
      },
    });
    expect(await t.database.pool.query('select count(*)::int as n from media')).toMatchObject({
      rows: before.rows,
    });
  });

  it('refuses a truncated JPEG with 422', async () => {
    const full = await photo(400, 300).jpeg().toBuffer();
    const res = await upload([
      { name: 'cut.jpg', body: full.subarray(0, Math.floor(full.length / 2)) },
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ error: { code: 'unsupported_image' } });
  });

  it('refuses a 15000 × 15000 PNG with 422 from its header, before decoding', async () => {
    const res = await upload([{ name: 'bomb.png', body: pngHeaderOnly(15_000, 15_000) }]);
    expect(res.statusCode).toBe(422);
    expect(res.json<{ error: { message: string } }>().error.message).toContain('40 megapixels');
  });

  /** A valid JPEG padded after its end marker to exactly `bytes` (decoders stop at the marker). */
  async function jpegOfSize(bytes: number) {
    const jpeg = await photo(800, 600).jpeg().toBuffer();
    return Buffer.concat([jpeg, Buffer.alloc(bytes - jpeg.length)]);
  }

  async function filesOnDisk() {
    const dir = path.join(dataDir, 'media');
    const entries = await fs.readdir(dir, { recursive: true }).catch(() => []);
    return entries.length;
  }

  it('accepts a file of exactly 10 MB', async () => {
    const res = await upload([{ name: 'exact.jpg', body: await jpegOfSize(10 * 1024 * 1024) }]);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses 10 MB + 1 byte with 413 and leaves nothing on disk', async () => {
    const before = await filesOnDisk();
    const res = await upload([{ name: 'over.jpg', body: await jpegOfSize(10 * 1024 * 1024 + 1) }]);
    expect(res.statusCode).toBe(413);
    expect(await filesOnDisk()).toBe(before);
  });

  it('refuses a file over 10 MB with 413', async () => {
    const big = Buffer.concat([await photo().jpeg().toBuffer(), Buffer.alloc(11 * 1024 * 1024)]);
    const res = await upload([{ name: 'huge.jpg', body: big }]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      error: { code: 'upload_too_large', message: 'Each image can be at most 10 MB.' },
    });
  });

  it('keeps one bad file from storing the good ones beside it', async () => {
    const before = await t.database.pool.query('select count(*)::int as n from media');
    const res = await upload([
      { name: 'good.jpg', body: await photo().jpeg().toBuffer() },
      { name: 'bad.gif', body: await photo().gif().toBuffer() },
    ]);
    expect(res.statusCode).toBe(415);
    expect(res.json<{ error: { message: string } }>().error.message).toMatch(/^bad\.gif: /);
    const after = await t.database.pool.query('select count(*)::int as n from media');
    expect(after.rows).toEqual(before.rows);
  });

  it('needs a session, refuses another user id, and wants multipart', async () => {
    const jpeg = await photo().jpeg().toBuffer();
    expect((await upload([{ name: 'a.jpg', body: jpeg }], {}, '')).statusCode).toBe(401);
    expect(
      (await upload([{ name: 'a.jpg', body: jpeg }], { userId: 'someone-else' })).statusCode,
    ).toBe(403);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v1/uploads',
      headers: { cookie, origin: TEST_ORIGIN },
      payload: { files: [] },
    });
    expect(json.statusCode).toBe(415);
    expect((await upload([])).statusCode).toBe(400);
  });

  it('answers 404 for unknown media ids and variants', async () => {
    for (const url of [
      '/api/v1/media/AAAAAAAAAAAAAAAAAAAAAA',
      '/api/v1/media/..%2F..%2Fetc%2Fpasswd',
      '/api/v1/media/AAAAAAAAAAAAAAAAAAAAAA/thumbnail',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });

  it('removes the files and rows of a deleted account', async () => {
    const other = await signUp(t.app);
    const res = await upload(
      [{ name: 'mine.jpg', body: await photo().jpeg().toBuffer() }],
      {},
      other.cookie,
    );
    const { uploaded } = res.json<{ uploaded: { id: string; url: string }[] }>();
    const id = uploaded[0]?.id ?? '';
    await expect(fs.stat(path.join(dataDir, 'media', id))).resolves.toBeDefined();
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/v1/session',
      headers: { cookie: other.cookie },
    });
    const deleted = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/delete-account',
      headers: { cookie: other.cookie, origin: TEST_ORIGIN },
      payload: { userId: session.json<{ user: { id: string } }>().user.id },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await expect(fs.stat(path.join(dataDir, 'media', id))).rejects.toThrow();
    expect((await t.app.inject({ method: 'GET', url: uploaded[0]?.url ?? '' })).statusCode).toBe(
      404,
    );
  });
});
