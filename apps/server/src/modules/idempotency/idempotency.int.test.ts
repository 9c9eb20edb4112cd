import { randomBytes } from 'node:crypto';
import type { ListingPackAccepted, UploadedMedia } from '@studio/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  newUser,
  postUpload,
  productPhoto,
  succeededGeneration,
  uploadImage,
  waitUntil,
} from '../../../test/generation-helpers';
import { createTestApp, tempDir, type TestApp } from '../../../test/harness';
import { listingPhoto } from '../../../test/listing-photos';
import { plainBackgroundSegmenter } from '../../../test/plain-background-segmenter';
import { creditEntries, generations, media } from '../../db/schema';
import { createLocalProvider } from '../../platform/providers/local-provider';
import { createKey } from '../api-keys/api-keys.service';
import { balanceOf } from '../credits/credits.service';

/*
 * Issue 35 item 3, the acceptance: an Idempotency-Key on every POST that makes work or spends
 * credits, called as a seller's script calls (a Bearer key, no cookie): the same key and body
 * answer the first result and charge once, however many arrive at once; another body is 422.
 * Generate calls keep the key on their generation row; uploads and listing packs in
 * idempotent_requests (ADR 059).
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    env: { DATA_DIR: await tempDir('studio-idempotency-'), RATE_LIMIT_MULTIPLIER: '100' },
    worker: true,
    provider: createLocalProvider({ segmenter: plainBackgroundSegmenter }),
  });
});

/** A user with credits and a key that may generate and read. */
async function caller(credits: number) {
  const user = await newUser(t, { credits });
  const { key } = await createKey(
    t.database.db,
    user.id,
    { name: 'script', scopes: ['generate', 'read'] },
    false,
  );
  return { ...user, key };
}

function withKey(key: string, url: string, payload: unknown, idempotencyKey?: string) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: {
      authorization: `Bearer ${key}`,
      ...(idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey }),
    },
    payload: payload as Record<string, unknown>,
  });
}

const upload = (key: string, body: Buffer, idempotencyKey?: string, filename?: string) =>
  postUpload(
    t.app,
    {
      authorization: `Bearer ${key}`,
      ...(idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey }),
    },
    body,
    filename,
  );

const errorOf = (res: { json: () => unknown }) =>
  (res.json() as { error: { code: string; message: string } }).error;

const uploadsOf = async (userId: string) =>
  (await t.database.db.select({ id: media.id }).from(media).where(eq(media.userId, userId))).length;

describe('generate calls', () => {
  it('turns 30 concurrent identical calls with one key into one generation charged once; a 31st with another body is 422', async () => {
    const seller = await caller(10);
    const imageUrl = (await upload(seller.key, await productPhoto(240, 300))).json<{
      url: string;
    }>().url;
    const before = await balanceOf(t.database.db, seller.id);
    const body = { imageUrl, upscaleFactor: '2x' };
    const key = `order-4711-${randomBytes(4).toString('hex')}`;

    const answers = await Promise.all(
      Array.from({ length: 30 }, () => withKey(seller.key, '/api/v1/upscaler', body, key)),
    );

    for (const res of answers) expect([200, 202], res.body).toContain(res.statusCode);
    const ids = new Set(answers.map((res) => res.json<{ generationId: string }>().generationId));
    expect(ids.size).toBe(1);
    const [generationId = ''] = ids;
    const rows = await t.database.db
      .select({ id: generations.id, credits: generations.credits })
      .from(generations)
      .where(eq(generations.userId, seller.id));
    expect(rows.map((row) => row.id)).toEqual([generationId]);
    const cost = rows[0]?.credits ?? 0;
    expect(cost).toBeGreaterThan(0);
    const reserves = await t.database.db
      .select({ id: creditEntries.id })
      .from(creditEntries)
      .where(and(eq(creditEntries.userId, seller.id), eq(creditEntries.kind, 'reserve')));
    expect(reserves).toHaveLength(1);
    expect(await balanceOf(t.database.db, seller.id)).toBe(before - cost);

    const other = await withKey(
      seller.key,
      '/api/v1/upscaler',
      { imageUrl, upscaleFactor: '4x' },
      key,
    );
    expect(other.statusCode, other.body).toBe(422);
    expect(errorOf(other).code).toBe('idempotency_key_reused');
    // The work finishes once, and stays charged once.
    await waitUntil(
      'the upscale finishes',
      async () => {
        const [row] = await t.database.db
          .select({ status: generations.status })
          .from(generations)
          .where(eq(generations.id, generationId));
        return row?.status === 'succeeded';
      },
      60_000,
    );
    expect(await balanceOf(t.database.db, seller.id)).toBe(before - cost);
  });

  it("reads a key sent as the draft's quoted string as the same key, and refuses a malformed one with 400", async () => {
    const seller = await caller(10);
    const imageUrl = (await upload(seller.key, await productPhoto(200, 260))).json<{
      url: string;
    }>().url;
    const body = { imageUrl, upscaleFactor: '2x' };
    const first = await withKey(seller.key, '/api/v1/upscaler', body, 'quoted-key-0001');
    const quoted = await withKey(seller.key, '/api/v1/upscaler', body, '"quoted-key-0001"');
    expect(quoted.json<{ generationId: string }>().generationId).toBe(
      first.json<{ generationId: string }>().generationId,
    );
    for (const bad of ['short', 'x'.repeat(256), 'tab\there-and-more']) {
      const res = await withKey(seller.key, '/api/v1/upscaler', body, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(errorOf(res).code).toBe('validation_failed');
    }
  });
});

describe('uploads', () => {
  it('answers the same media for the same key and bytes, storing nothing twice; other bytes are 422', async () => {
    const seller = await caller(0);
    const photo = await productPhoto(220, 280);
    const key = `upload-${randomBytes(6).toString('hex')}`;

    const first = await upload(seller.key, photo, key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await upload(seller.key, photo, key, 'renamed.jpg');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<{ uploaded: UploadedMedia[] }>().uploaded).toEqual(
      first.json<{ uploaded: UploadedMedia[] }>().uploaded,
    );
    expect(again.json()).toEqual(first.json());
    expect(await uploadsOf(seller.id)).toBe(1);

    const other = await upload(seller.key, await productPhoto(220, 280, '#2c5d9e'), key);
    expect(other.statusCode, other.body).toBe(422);
    expect(errorOf(other)).toEqual({
      code: 'idempotency_key_reused',
      message: 'This Idempotency-Key was already used for a different upload in the last 24 hours.',
    });
    expect(await uploadsOf(seller.id)).toBe(1);
  });

  it('makes one upload of 8 concurrent duplicates, and a failed first one leaves the key free', async () => {
    const seller = await caller(0);
    const photo = await productPhoto(230, 290, '#3c8d5a');
    const key = `upload-${randomBytes(6).toString('hex')}`;

    const answers = await Promise.all(
      Array.from({ length: 8 }, () => upload(seller.key, photo, key)),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    expect(new Set(answers.map((res) => res.json<{ url: string }>().url)).size).toBe(1);
    expect(await uploadsOf(seller.id)).toBe(1);

    const broken = `broken-${randomBytes(6).toString('hex')}`;
    const refused = await upload(seller.key, Buffer.from('not an image at all'), broken);
    expect(refused.statusCode).toBe(415);
    const retried = await upload(seller.key, photo, broken);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(await uploadsOf(seller.id)).toBe(2);
  });
});

describe('listing packs', () => {
  it('answers the first pack again with a fresh link, fixing and charging nothing twice; another body is 422', async () => {
    const seller = await caller(5);
    const cookieUpload = await uploadImage(
      t.app,
      seller.cookie,
      await listingPhoto({ width: 480, height: 600, backdrop: '#f4f1ec', fill: 0.6 }),
    );
    const generationId = await succeededGeneration(t.database.db, seller.id, [cookieUpload]);
    const body = { marketplace: 'amazon', items: [{ generationId, sku: 'P1' }], fix: true };
    const key = `pack-${randomBytes(6).toString('hex')}`;
    const before = await balanceOf(t.database.db, seller.id);

    // Three at once: one makes the pack (and its fix), the others wait for it.
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => withKey(seller.key, '/api/v1/listing/packs', body, key)),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(201);
    const [first] = answers.map((res) => res.json<ListingPackAccepted>());
    expect(first?.creditCost).toBe(1);
    expect(await balanceOf(t.database.db, seller.id)).toBe(before - 1);

    const replay = await withKey(seller.key, '/api/v1/listing/packs', body, key);
    expect(replay.statusCode, replay.body).toBe(201);
    const { url, ...rest } = replay.json<ListingPackAccepted>();
    const { url: _firstUrl, ...firstRest } = first ?? ({} as ListingPackAccepted);
    expect(rest).toEqual(firstRest);
    for (const res of answers) {
      const { url: _url, ...same } = res.json<ListingPackAccepted>();
      expect(same).toEqual(firstRest);
    }
    const zip = await t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${seller.key}` },
    });
    expect(zip.statusCode, zip.body).toBe(200);
    expect(await balanceOf(t.database.db, seller.id)).toBe(before - 1);
    const fixes = await t.database.db
      .select({ id: generations.id })
      .from(generations)
      .where(and(eq(generations.userId, seller.id), eq(generations.type, 'listing-prepare')));
    expect(fixes).toHaveLength(1);

    const other = await withKey(
      seller.key,
      '/api/v1/listing/packs',
      { ...body, items: [{ generationId, sku: 'P2' }] },
      key,
    );
    expect(other.statusCode, other.body).toBe(422);
    expect(errorOf(other).code).toBe('idempotency_key_reused');
  });
});
