import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  giveCredits,
  post,
  productPhoto,
  uploadImage,
  userIdOf,
} from '../../../test/generation-helpers';
import { createTestApp, signUp, TEST_ORIGIN, type TestApp } from '../../../test/harness';
import { readZip } from '../../../test/read-zip';
import { creditEntries, generations, media } from '../../db/schema';
import { createGeneration } from '../generations/generations.service';
import { ZIP_TOKEN_TTL_MS } from '../../http/zip-token';

/*
 * The gallery's many-card actions (ADR 030) on real PostgreSQL and storage: the zip's names and
 * bytes, the bounds, ownership, and what a delete removes and leaves.
 */

let t: TestApp;
let alice: { cookie: string; id: string };
let bob: { cookie: string; id: string };

const newId = () => `gen_${randomBytes(8).toString('hex')}`;
const mediaId = (url: string) => url.split('/').at(-1) ?? '';

async function account() {
  const { cookie } = await signUp(t.app);
  return { cookie, id: await userIdOf(t.app, cookie) };
}

/** A succeeded generation of `owner` with the given outputs. */
async function generation(
  owner: { id: string },
  type: string,
  outputs: { images?: string[]; videos?: string[]; thumbnail?: string },
) {
  const id = newId();
  await createGeneration(t.database.db, {
    id,
    userId: owner.id,
    type,
    status: 'succeeded',
    credits: 1,
    imageUrls: outputs.images ?? [],
    videoUrls: outputs.videos ?? [],
    thumbnailUrl: outputs.thumbnail ?? null,
    finishedAt: new Date(),
  });
  return id;
}

async function originalBytes(cookie: string, url: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

function zip(cookie: string, generationIds: unknown) {
  return post(t.app, cookie, '/api/v1/gallery/zip', { generationIds });
}

/** The link `POST /gallery/zip` answers for a selection of `owner`'s. */
async function zipLink(owner: { cookie: string }, generationIds: string[]) {
  const res = await zip(owner.cookie, generationIds);
  expect(res.statusCode).toBe(201);
  return res.json<{ success: true; downloadUrl: string; expiresAt: string }>();
}

/** The GET the browser makes with a link: its session cookie, or none. */
function download(url: string, cookie?: string) {
  return t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}

/** A stored photo of `owner`'s in a finished generation. */
async function storedGeneration(owner: { cookie: string; id: string }) {
  const photo = await uploadImage(t.app, owner.cookie, await productPhoto(200, 200, '#777777'));
  return generation(owner, 'photoshoot', { images: [photo] });
}

/** The JSON error body every failure carries (AppError through the error handler). */
const errorOf = (res: Awaited<ReturnType<typeof download>>) =>
  res.json<{ success: false; error: { code: string; message: string } }>().error;

function remove(cookie: string, generationIds: unknown) {
  return t.app.inject({
    method: 'DELETE',
    url: '/api/v1/gallery/generations',
    headers: { cookie, origin: TEST_ORIGIN },
    payload: { generationIds },
  });
}

beforeAll(async () => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-gallery-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir, RATE_LIMIT_MULTIPLIER: '100' } });
  alice = await account();
  bob = await account();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('POST /gallery/zip and its link', () => {
  it('answers a link, and the link streams one zip named as the gallery downloads each file', async () => {
    const red = await uploadImage(t.app, alice.cookie, await productPhoto(300, 300, '#d23c3c'));
    const blue = await uploadImage(t.app, alice.cookie, await productPhoto(300, 300, '#3c3cd2'));
    const green = await uploadImage(t.app, alice.cookie, await productPhoto(300, 300, '#3cd23c'));
    const a = await generation(alice, 'photoshoot', { images: [red, blue] });
    const b = await generation(alice, 'fashion-extractor', { images: [green] });
    const c = await generation(alice, 'try-on', { images: [blue] });
    const before = Date.now();

    const link = await zipLink(alice, [a, b, c]);

    expect(link.success).toBe(true);
    expect(link.downloadUrl).toMatch(/^\/api\/v1\/gallery\/zip\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    const expiresIn = Date.parse(link.expiresAt) - before;
    expect(expiresIn).toBeGreaterThan(ZIP_TOKEN_TTL_MS - 2000);
    expect(expiresIn).toBeLessThanOrEqual(ZIP_TOKEN_TTL_MS);

    const res = await download(link.downloadUrl, alice.cookie);

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; .*gallery-3-items\.zip/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const entries = await readZip(res.rawPayload);
    expect(entries.map((entry) => entry.name)).toEqual([
      `photoshoot-${a}-image-1.jpg`,
      `photoshoot-${a}-image-2.jpg`,
      `fashion-extractor-${b}-image-1.jpg`,
      `try-on-${c}-image-1.jpg`,
    ]);
    const expected = [red, blue, green, blue];
    for (const [i, entry] of entries.entries()) {
      expect(entry.method).toBe(0);
      expect(entry.data.equals(await originalBytes(alice.cookie, expected[i] ?? ''))).toBe(true);
    }
  });

  it("answers 404 to another user's session with the link, as to an unknown one", async () => {
    const link = await zipLink(alice, [await storedGeneration(alice)]);

    const res = await download(link.downloadUrl, bob.cookie);

    expect(res.statusCode).toBe(404);
    expect(errorOf(res)).toEqual({
      code: 'not_found',
      message: 'This download link is not valid. Select the items and download them again.',
    });
  });

  it('answers 404 to a link whose selection or signature was changed', async () => {
    const mine = await storedGeneration(alice);
    const other = await storedGeneration(alice);
    const link = await zipLink(alice, [mine]);
    const [payload = '', sig = ''] = (link.downloadUrl.split('/').at(-1) ?? '').split('.');
    const statement = JSON.parse(Buffer.from(payload, 'base64url').toString()) as {
      g: string[];
    };
    const widened = Buffer.from(JSON.stringify({ ...statement, g: [mine, other] })).toString(
      'base64url',
    );
    const flipped = `${sig.slice(0, 5)}${sig[5] === 'A' ? 'B' : 'A'}${sig.slice(6)}`;

    for (const token of [`${widened}.${sig}`, `${payload}.${flipped}`]) {
      const res = await download(`/api/v1/gallery/zip/${token}`, alice.cookie);
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).code).toBe('not_found');
    }
  });

  it('answers 410 with a clear message once the link has expired', async () => {
    const link = await zipLink(alice, [await storedGeneration(alice)]);
    const later = Date.now() + ZIP_TOKEN_TTL_MS + 1000;
    vi.spyOn(Date, 'now').mockReturnValue(later);

    const res = await download(link.downloadUrl, alice.cookie);

    expect(res.statusCode).toBe(410);
    expect(errorOf(res)).toEqual({
      code: 'link_expired',
      message: 'This download link has expired. Select the items and download them again.',
    });
    // Expired or not, a link that was never yours reads as unknown.
    expect((await download(link.downloadUrl, bob.cookie)).statusCode).toBe(404);
  });

  it('answers 401 to the link without a session', async () => {
    const link = await zipLink(alice, [await storedGeneration(alice)]);

    const res = await download(link.downloadUrl);

    expect(res.statusCode).toBe(401);
    expect(errorOf(res).code).toBe('unauthorized');
  });

  it('refuses a token longer than the route allows', async () => {
    const res = await download(`/api/v1/gallery/zip/${'a'.repeat(9000)}.b`, alice.cookie);
    expect(res.statusCode).toBe(400);
  });

  it('answers 404 when a generation of the link was deleted since', async () => {
    const id = await storedGeneration(alice);
    const link = await zipLink(alice, [id]);
    expect((await remove(alice.cookie, [id])).statusCode).toBe(200);

    expect((await download(link.downloadUrl, alice.cookie)).statusCode).toBe(404);
  });

  it('refuses an empty list, more than 100 ids and a repeated id', async () => {
    const id = await generation(alice, 'photoshoot', {});
    expect((await zip(alice.cookie, [])).statusCode).toBe(400);
    expect((await zip(alice.cookie, Array.from({ length: 101 }, newId))).statusCode).toBe(400);
    expect((await zip(alice.cookie, [id, id])).statusCode).toBe(400);
  });

  it("answers 404 for the whole zip when one id is another user's", async () => {
    const photo = await uploadImage(t.app, alice.cookie, await productPhoto());
    const mine = await generation(alice, 'photoshoot', { images: [photo] });
    const theirs = await generation(bob, 'photoshoot', { images: [photo] });

    expect((await zip(alice.cookie, [mine, theirs])).statusCode).toBe(404);
    expect((await zip(bob.cookie, [mine])).statusCode).toBe(404);
  });

  it('answers 409 when nothing selected has a stored file', async () => {
    const id = await generation(alice, 'photoshoot', {
      images: ['https://elsewhere.example/a.jpg'],
    });
    expect((await zip(alice.cookie, [id])).statusCode).toBe(409);
  });
});

describe('DELETE /gallery/generations', () => {
  it('removes the rows and the media only they made, and keeps the credit ledger', async () => {
    const own = await uploadImage(t.app, alice.cookie, await productPhoto(200, 200, '#111111'));
    const shared = await uploadImage(t.app, alice.cookie, await productPhoto(200, 200, '#222222'));
    const gone = await generation(alice, 'photoshoot', { images: [own, shared], thumbnail: own });
    const stays = await generation(alice, 'upscaler', { images: [shared] });
    const ledgerBefore = await t.database.db
      .select()
      .from(creditEntries)
      .where(eq(creditEntries.userId, alice.id));

    const res = await remove(alice.cookie, [gone]);

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, deleted: 1 });
    const left = await t.database.db
      .select({ id: generations.id })
      .from(generations)
      .where(inArray(generations.id, [gone, stays]));
    expect(left.map((row) => row.id)).toEqual([stays]);
    const mediaLeft = await t.database.db
      .select({ id: media.id })
      .from(media)
      .where(inArray(media.id, [mediaId(own), mediaId(shared)]));
    expect(mediaLeft.map((row) => row.id)).toEqual([mediaId(shared)]);
    const fetchOwn = await t.app.inject({
      method: 'GET',
      url: own,
      headers: { cookie: alice.cookie },
    });
    expect(fetchOwn.statusCode).toBe(404);
    await originalBytes(alice.cookie, shared);
    const ledgerAfter = await t.database.db
      .select()
      .from(creditEntries)
      .where(eq(creditEntries.userId, alice.id));
    expect(ledgerAfter).toEqual(ledgerBefore);
  });

  it('keeps a result that a later run took as its input, in any spelling of its URL', async () => {
    const asInput = await uploadImage(t.app, alice.cookie, await productPhoto(200, 200, '#333333'));
    const inSettings = await uploadImage(t.app, alice.cookie, await productPhoto(200, 200, '#444'));
    const alone = await uploadImage(t.app, alice.cookie, await productPhoto(200, 200, '#555555'));
    const gone = await generation(alice, 'photoshoot', { images: [asInput, inSettings, alone] });
    await createGeneration(t.database.db, {
      id: newId(),
      userId: alice.id,
      type: 'upscaler',
      status: 'succeeded',
      credits: 1,
      inputImageUrls: [`${asInput}/preview`],
      settings: { imageUrl: `https://studio.example${inSettings}` },
    });

    expect((await remove(alice.cookie, [gone])).statusCode).toBe(200);

    const mediaLeft = await t.database.db
      .select({ id: media.id })
      .from(media)
      .where(inArray(media.id, [mediaId(asInput), mediaId(inSettings), mediaId(alone)]));
    expect(mediaLeft.map((row) => row.id).sort()).toEqual(
      [mediaId(asInput), mediaId(inSettings)].sort(),
    );
  });

  it("answers 404 for another user's generation and deletes nothing of it", async () => {
    const photo = await uploadImage(t.app, bob.cookie, await productPhoto(200, 200, '#333333'));
    const theirs = await generation(bob, 'photoshoot', { images: [photo] });
    const mine = await generation(alice, 'photoshoot', {});

    expect((await remove(alice.cookie, [mine, theirs])).statusCode).toBe(404);

    const left = await t.database.db
      .select({ id: generations.id })
      .from(generations)
      .where(inArray(generations.id, [mine, theirs]));
    expect(left).toHaveLength(2);
    await originalBytes(bob.cookie, photo);
  });

  it('takes the generation out of the gallery and its count at once', async () => {
    const fresh = await account();
    const id = await generation(fresh, 'photoshoot', {});
    const page = async () =>
      (
        await post(t.app, fresh.cookie, '/api/v1/gallery/past-generations', { page: 1, limit: 12 })
      ).json<{ data: unknown[]; pagination: { totalItems: number } }>();
    expect((await page()).pagination.totalItems).toBe(1);

    expect((await remove(fresh.cookie, [id])).statusCode).toBe(200);

    const after = await page();
    expect(after.data).toHaveLength(0);
    expect(after.pagination.totalItems).toBe(0);
  });
});

describe('made from', () => {
  async function startFrom(owner: { cookie: string; id: string }, madeFrom: string) {
    await giveCredits(t.database.db, owner.id, 20);
    const image = await uploadImage(t.app, owner.cookie, await productPhoto());
    const res = await post(
      t.app,
      owner.cookie,
      '/api/v1/background-removal',
      { imageUrl: image },
      { 'x-made-from': madeFrom },
    );
    expect(res.statusCode).toBe(202);
    const [row] = await t.database.db
      .select({ settings: generations.settings })
      .from(generations)
      .where(eq(generations.id, res.json<{ generationId: string }>().generationId));
    return row?.settings;
  }

  it('keeps the source generation with a new one made from it', async () => {
    const owner = await account();
    const source = await generation(owner, 'photoshoot', {});
    expect((await startFrom(owner, source))?.madeFrom).toBe(source);
  });

  it("drops a source that is another user's", async () => {
    const owner = await account();
    const theirs = await generation(bob, 'photoshoot', {});
    expect((await startFrom(owner, theirs))?.madeFrom).toBeUndefined();
  });

  it('shows the source on the card, and the gallery finds a generation by its id', async () => {
    const owner = await account();
    const source = await generation(owner, 'photoshoot', {});
    const made = newId();
    await createGeneration(t.database.db, {
      id: made,
      userId: owner.id,
      type: 'upscaler',
      status: 'succeeded',
      credits: 1,
      settings: { madeFrom: source },
      finishedAt: new Date(),
    });
    const page = async (search?: string) =>
      (
        await post(t.app, owner.cookie, '/api/v1/gallery/past-generations', {
          page: 1,
          limit: 12,
          ...(search ? { search } : {}),
        })
      ).json<{ data: { generationId: string; madeFrom: string | null }[] }>().data;

    const all = await page();
    expect(all.find((item) => item.generationId === made)?.madeFrom).toBe(source);
    expect(all.find((item) => item.generationId === source)?.madeFrom).toBeNull();
    expect((await page(source)).map((item) => item.generationId)).toEqual([source]);
  });
});
