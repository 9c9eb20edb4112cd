import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ListingPackAccepted } from '@studio/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  giveCredits,
  post,
  succeededGeneration,
  uploadImage,
  userIdOf,
} from '../../../test/generation-helpers';
import { createTestApp, signUp, type TestApp } from '../../../test/harness';
import { listingPhoto } from '../../../test/listing-photos';
import { plainBackgroundSegmenter } from '../../../test/plain-background-segmenter';
import { readZip } from '../../../test/read-zip';
import { generationBatches, generations } from '../../db/schema';
import { ZIP_TOKEN_TTL_MS } from '../../http/zip-token';
import { createLocalProvider } from '../../platform/providers/local-provider';
import { ProviderError, type GenerationProvider } from '../../platform/providers/types';
import { balanceOf } from '../credits/credits.service';

/*
 * Listing packs (issue 33, ADR 057) on real PostgreSQL, storage, queue and worker: the zip's names
 * and manifest.csv for Amazon and Myntra, from gallery items and from a catalogue; fixes charged
 * once per image however often the pack is asked for; another user's ids 404; the link is the
 * user's, for five minutes. Plain backdrops: the engine keys them, no segmentation model runs.
 */

/** The local engine, except that fixes of these images fail (a photo the engine cannot read). */
const local = createLocalProvider({ segmenter: plainBackgroundSegmenter });
const unfixable = new Set<string>();
const provider: GenerationProvider = {
  ...local,
  run: (job, ctx) =>
    job.type === 'listing-prepare' && unfixable.has(job.image.url)
      ? Promise.reject(new ProviderError('The image could not be processed.', false))
      : local.run(job, ctx),
};

let dataDir: string;
let t: TestApp;
let alice: { cookie: string; id: string };
let bob: { cookie: string; id: string };
/** Amazon main images as they should be (white, 3:4, 1,600 px, 90 %), two garments. */
let navy: string;
let red: string;
/** Small photos on off-white at 60 %: fail Amazon's main and additional images. */
let small: string;
let smallGreen: string;
/** Myntra's light grey at its size. */
let grey: string;

const MANIFEST_HEADER =
  'sku,slot,file,width,height,compliant,background,fill,aspect,pixels,format,colour,file-size,not_checked';
const AMAZON_CONTENT = 'no-text; on-model; no-packaging';

async function account(credits = 0) {
  const { cookie } = await signUp(t.app);
  const id = await userIdOf(t.app, cookie);
  if (credits > 0) await giveCredits(t.database.db, id, credits);
  return { cookie, id };
}

/** A succeeded generation of `owner`'s with these images. */
const generation = (
  owner: { id: string },
  imageUrls: string[],
  values: Parameters<typeof succeededGeneration>[3] = {},
) => succeededGeneration(t.database.db, owner.id, imageUrls, values);

const pack = (cookie: string, body: Record<string, unknown>) =>
  post(t.app, cookie, '/api/v1/listing/packs', body);

async function made(cookie: string, body: Record<string, unknown>) {
  const res = await pack(cookie, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ListingPackAccepted>();
}

const download = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

async function zipOf(url: string, cookie: string) {
  const res = await download(url, cookie);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/zip');
  const entries = await readZip(res.rawPayload);
  const manifest = entries.find((e) => e.name === 'manifest.csv')?.data.toString('utf8') ?? '';
  expect(manifest.endsWith('\r\n')).toBe(true);
  return { res, entries, lines: manifest.trimEnd().split('\r\n') };
}

async function bytesOf(url: string) {
  return (await t.app.inject({ method: 'GET', url, headers: { cookie: alice.cookie } })).rawPayload;
}

const errorOf = (res: { json: () => unknown }) =>
  (res.json() as { error: { code: string; message: string } }).error;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-listing-packs-'));
  t = await createTestApp({
    env: { DATA_DIR: dataDir, RATE_LIMIT_MULTIPLIER: '100' },
    worker: true,
    provider,
  });
  alice = await account(20);
  bob = await account();
  const upload = async (spec: Parameters<typeof listingPhoto>[0]) =>
    uploadImage(t.app, alice.cookie, await listingPhoto(spec));
  navy = await upload({ width: 1200, height: 1600, backdrop: '#ffffff', fill: 0.9 });
  red = await upload({
    width: 1200,
    height: 1600,
    backdrop: '#ffffff',
    fill: 0.9,
    garment: '#9c2f3f',
  });
  small = await upload({ width: 480, height: 600, backdrop: '#f4f1ec', fill: 0.6 });
  smallGreen = await upload({
    width: 480,
    height: 600,
    backdrop: '#f4f1ec',
    fill: 0.6,
    garment: '#3f6b4a',
  });
  grey = await upload({ width: 1080, height: 1440, backdrop: '#f0f0f0', fill: 0.86 });
});
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(async () => {
  await t.app.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('POST /listing/packs from gallery items', () => {
  it("names each file the Amazon way (a SKU's first item its main image) and writes manifest.csv", async () => {
    const a = await generation(alice, [navy]);
    const b = await generation(alice, [red]);
    const c = await generation(alice, [small]);

    const answer = await made(alice.cookie, {
      marketplace: 'amazon',
      items: [
        { generationId: a, sku: 'shirt-01' },
        { generationId: c, sku: 'Dress 2' },
        { generationId: b, sku: 'shirt-01' },
      ],
      fix: false,
    });

    expect(answer.url).toMatch(/^\/api\/v1\/listing\/packs\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(answer.fileName).toBe('Amazon listing pack (3 images).zip');
    expect(answer.creditCost).toBe(0);
    expect(answer.files).toEqual([
      { file: 'SHIRT01.MAIN.jpg', sku: 'shirt-01', slot: 'main', compliant: true, fixedBy: null },
      {
        file: 'SHIRT01.PT01.jpg',
        sku: 'shirt-01',
        slot: 'additional',
        compliant: true,
        fixedBy: null,
      },
      { file: 'DRESS2.MAIN.jpg', sku: 'Dress 2', slot: 'main', compliant: false, fixedBy: null },
    ]);
    expect(answer.note).toContain("1 image of 3 fails Amazon's rules");

    const { res, entries, lines } = await zipOf(answer.url, alice.cookie);
    expect(res.headers['content-disposition']).toContain('Amazon listing pack (3 images).zip');
    expect(entries.map((e) => e.name)).toEqual([
      'SHIRT01.MAIN.jpg',
      'SHIRT01.PT01.jpg',
      'DRESS2.MAIN.jpg',
      'manifest.csv',
    ]);
    expect(entries.every((e) => e.method === 0)).toBe(true);
    expect(entries[0]?.data.equals(await bytesOf(navy))).toBe(true);
    expect(entries[1]?.data.equals(await bytesOf(red))).toBe(true);
    expect(entries[2]?.data.equals(await bytesOf(small))).toBe(true);
    expect(lines).toEqual([
      MANIFEST_HEADER,
      `shirt-01,main,SHIRT01.MAIN.jpg,1200,1600,yes,pass,pass,pass,pass,pass,pass,pass,${AMAZON_CONTENT}`,
      'shirt-01,additional,SHIRT01.PT01.jpg,1200,1600,yes,-,-,-,pass,pass,pass,pass,',
      `Dress 2,main,DRESS2.MAIN.jpg,480,600,no,fail,fail,fail,fail,pass,pass,pass,${AMAZON_CONTENT}`,
    ]);
  });

  it('prepares each failing image first with fix, 1 credit each, and a retried pack charges nothing more', async () => {
    const good = await generation(alice, [navy]);
    const bad = await generation(alice, [small]);
    const worse = await generation(alice, [smallGreen]);
    const body = {
      marketplace: 'amazon',
      items: [
        { generationId: good, sku: 'A1' },
        { generationId: bad, sku: 'B1' },
        { generationId: worse, sku: 'B1' },
      ],
      fix: true,
    };
    const before = await balanceOf(t.database.db, alice.id);

    const answer = await made(alice.cookie, body);

    expect(answer.creditCost).toBe(2);
    expect(await balanceOf(t.database.db, alice.id)).toBe(before - 2);
    expect(answer.files.map((f) => [f.file, f.compliant, f.fixedBy === null])).toEqual([
      ['A1.MAIN.jpg', true, true],
      ['B1.MAIN.jpg', true, false],
      ['B1.PT01.jpg', true, false],
    ]);
    const fixes = answer.files.flatMap((f) => (f.fixedBy ? [f.fixedBy] : []));
    const rows = await Promise.all(
      fixes.map(async (id) => {
        const [row] = await t.database.db.select().from(generations).where(eq(generations.id, id));
        return row;
      }),
    );
    expect(rows.map((row) => [row?.type, row?.status, row?.credits])).toEqual([
      ['listing-prepare', 'succeeded', 1],
      ['listing-prepare', 'succeeded', 1],
    ]);
    expect(rows.map((row) => row?.settings)).toEqual([
      expect.objectContaining({ imageUrl: small, slot: 'main', madeFrom: bad }),
      expect.objectContaining({ imageUrl: smallGreen, slot: 'additional', madeFrom: worse }),
    ]);

    const { entries, lines } = await zipOf(answer.url, alice.cookie);
    expect(entries[1]?.data.equals(await bytesOf(rows[0]?.imageUrls[0] ?? ''))).toBe(true);
    expect(entries[2]?.data.equals(await bytesOf(rows[1]?.imageUrls[0] ?? ''))).toBe(true);
    expect(lines.slice(1).map((line) => line.split(',')[5])).toEqual(['yes', 'yes', 'yes']);

    const again = await made(alice.cookie, body);
    expect(again.files).toEqual(answer.files);
    expect(again.creditCost).toBe(2);
    expect(await balanceOf(t.database.db, alice.id)).toBe(before - 2);
    const prepared = await t.database.db
      .select({ id: generations.id })
      .from(generations)
      .where(and(eq(generations.userId, alice.id), eq(generations.type, 'listing-prepare')));
    expect(prepared).toHaveLength(2);
  }, 120_000);

  it('fails the pack when a fix fails (refunded), starts it again when asked again, three times at most', async () => {
    const photo = await uploadImage(
      t.app,
      alice.cookie,
      await listingPhoto({ width: 400, height: 500, backdrop: '#eeeeee', fill: 0.5 }),
    );
    unfixable.add(photo);
    const id = await generation(alice, [photo]);
    const body = { marketplace: 'amazon', items: [{ generationId: id, sku: 'U1' }], fix: true };
    const before = await balanceOf(t.database.db, alice.id);
    const failure = (retry: boolean) => ({
      code: 'generation_failed',
      message: `The image 1 of "U1" could not be fixed: The image could not be processed. Its credit was refunded${retry ? '; make the pack again to try once more.' : '.'}`,
    });

    for (const retry of [true, true, false, false]) {
      const res = await pack(alice.cookie, body);
      expect(res.statusCode, res.body).toBe(502);
      expect(errorOf(res)).toEqual(failure(retry));
    }

    const fixes = await t.database.db
      .select({ status: generations.status })
      .from(generations)
      .where(and(eq(generations.userId, alice.id), eq(generations.inputImageUrls, [photo])));
    expect(fixes.map((row) => row.status)).toEqual(['failed', 'failed', 'failed']);
    expect(await balanceOf(t.database.db, alice.id)).toBe(before);
  }, 60_000);

  it('names the same items the Myntra way: the SKU kept as typed, files numbered', async () => {
    const a = await generation(alice, [grey]);
    const b = await generation(alice, [navy]);

    const answer = await made(alice.cookie, {
      marketplace: 'myntra',
      items: [
        { generationId: a, sku: 'kurta-7' },
        { generationId: b, sku: 'kurta-7' },
      ],
    });

    expect(answer.files.map((f) => [f.file, f.slot])).toEqual([
      ['kurta-7_1.jpg', 'main'],
      ['kurta-7_2.jpg', 'additional'],
    ]);
    const { entries, lines } = await zipOf(answer.url, alice.cookie);
    expect(entries.map((e) => e.name)).toEqual(['kurta-7_1.jpg', 'kurta-7_2.jpg', 'manifest.csv']);
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 6).join(','))).toEqual([
      'kurta-7,main,kurta-7_1.jpg,1080,1440,no',
      'kurta-7,additional,kurta-7_2.jpg,1200,1600,no',
    ]);
  });

  it('refuses what the marketplace could not take or tell apart, before checking anything', async () => {
    const one = await generation(alice, [navy]);
    const two = await generation(alice, [red]);
    const ten = await generation(
      alice,
      Array.from({ length: 10 }, () => navy),
    );
    const cases: [Record<string, unknown>, string][] = [
      [
        { items: [{ generationId: ten, sku: 'TEN' }] },
        '"TEN" has 10 images; Amazon takes at most 9 per listing (a main image and 8 more).',
      ],
      [
        {
          items: [
            { generationId: one, sku: 'ab-1' },
            { generationId: two, sku: 'AB1' },
          ],
        },
        'The SKUs "ab-1" and "AB1" give the same file name on Amazon: AB1.MAIN.jpg.',
      ],
      [
        { items: [{ generationId: one, sku: '---' }] },
        'The SKU "---" keeps no character Amazon allows in a file name.',
      ],
      [
        { items: [{ generationId: one, sku: 'A' }], skus: ['B'] },
        'skus names the garments of a catalogue; give each item its own sku instead.',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await pack(alice.cookie, { marketplace: 'amazon', ...body });
      expect(res.statusCode, res.body).toBe(400);
      expect(errorOf(res)).toEqual({ code: 'validation_failed', message });
    }
    const both = await pack(alice.cookie, {
      marketplace: 'amazon',
      items: [{ generationId: one, sku: 'A' }],
      batchId: 'bat_x',
    });
    expect(both.statusCode).toBe(400);
  });

  it("answers 404 for another user's generation, alone or beside the caller's own", async () => {
    const theirs = await generation(alice, [navy]);
    const mine = await generation(bob, []);
    const alone = await pack(bob.cookie, {
      marketplace: 'amazon',
      items: [{ generationId: theirs, sku: 'X' }],
    });
    expect(alone.statusCode).toBe(404);
    const mixed = await pack(bob.cookie, {
      marketplace: 'amazon',
      items: [
        { generationId: mine, sku: 'X' },
        { generationId: theirs, sku: 'Y' },
      ],
    });
    expect(mixed.statusCode).toBe(404);
  });
});

describe('POST /listing/packs from a catalogue', () => {
  /** A catalogue of alice's: two garments on two models, the last pair failed. */
  async function catalogue(owner: { id: string }) {
    const batchId = `bat_${randomBytes(8).toString('hex')}`;
    await t.database.db.insert(generationBatches).values({
      id: batchId,
      userId: owner.id,
      name: 'Summer drop',
      settings: {
        garments: [
          { imageUrl: navy, name: 'Red Tee' },
          { imageUrl: red, name: 'Blue Dress' },
        ],
        models: [
          { imageUrl: small, name: 'Asha' },
          { imageUrl: smallGreen, name: 'Meera' },
        ],
        category: 'auto',
        garmentPhotoType: 'auto',
        numImages: 1,
        mode: 'performance',
      },
      pairCount: 4,
      credits: 4,
      requestHash: 'test',
    });
    const pairs: [string, string[]][] = [
      ['succeeded', [navy]],
      ['succeeded', [red]],
      ['succeeded', [grey]],
      ['failed', []],
    ];
    for (const [index, [status, imageUrls]] of pairs.entries()) {
      await generation(owner, imageUrls, { type: 'try-on', status, batchId, batchIndex: index });
    }
    return batchId;
  }

  it("makes one Myntra listing per garment, named by skus or the garment's name, photos in model order", async () => {
    const batchId = await catalogue(alice);

    const answer = await made(alice.cookie, {
      marketplace: 'myntra',
      batchId,
      skus: ['TEE-RED'],
    });

    expect(answer.fileName).toBe('Summer drop - Myntra.zip');
    expect(answer.files.map((f) => [f.file, f.sku, f.slot])).toEqual([
      ['TEE-RED_1.jpg', 'TEE-RED', 'main'],
      ['TEE-RED_2.jpg', 'TEE-RED', 'additional'],
      ['BlueDress_1.jpg', 'Blue Dress', 'main'],
    ]);
    expect(answer.note).toContain('1 pair of the catalogue did not succeed');

    const { entries, lines } = await zipOf(answer.url, alice.cookie);
    expect(entries.map((e) => e.name)).toEqual([
      'TEE-RED_1.jpg',
      'TEE-RED_2.jpg',
      'BlueDress_1.jpg',
      'manifest.csv',
    ]);
    expect(entries[2]?.data.equals(await bytesOf(grey))).toBe(true);
    expect(lines[0]).toBe(MANIFEST_HEADER);
    // Myntra wants light grey, not white; it has no fill rule; and its files weigh 500 KB to 1 MB.
    expect(lines[1]).toBe(
      'TEE-RED,main,TEE-RED_1.jpg,1200,1600,no,fail,-,pass,pass,pass,pass,fail,no-text; views',
    );
    expect(lines[2]).toBe(
      'TEE-RED,additional,TEE-RED_2.jpg,1200,1600,no,fail,-,pass,pass,pass,pass,fail,no-text',
    );
    expect(lines[3]).toBe(
      'Blue Dress,main,BlueDress_1.jpg,1080,1440,no,pass,-,pass,pass,pass,pass,fail,no-text; views',
    );
  });

  it("makes the same catalogue's Amazon pack: names by garment, upper case, letters and digits", async () => {
    const batchId = await catalogue(alice);

    const answer = await made(alice.cookie, { marketplace: 'amazon', batchId });

    expect(answer.fileName).toBe('Summer drop - Amazon.zip');
    const { entries, lines } = await zipOf(answer.url, alice.cookie);
    expect(entries.map((e) => e.name)).toEqual([
      'REDTEE.MAIN.jpg',
      'REDTEE.PT01.jpg',
      'BLUEDRESS.MAIN.jpg',
      'manifest.csv',
    ]);
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 6).join(','))).toEqual([
      'Red Tee,main,REDTEE.MAIN.jpg,1200,1600,yes',
      'Red Tee,additional,REDTEE.PT01.jpg,1200,1600,yes',
      // Light grey is not Amazon's white, and 1,440 px is short of its 1,600.
      'Blue Dress,main,BLUEDRESS.MAIN.jpg,1080,1440,no',
    ]);
  });

  it("answers 404 for another user's catalogue and 400 for more SKUs than garments", async () => {
    const batchId = await catalogue(alice);
    expect((await pack(bob.cookie, { marketplace: 'myntra', batchId })).statusCode).toBe(404);
    const res = await pack(alice.cookie, { marketplace: 'myntra', batchId, skus: ['A', 'B', 'C'] });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe(
      'This catalogue has 2 garments: send at most that many SKUs.',
    );
  });
});

describe('GET /listing/packs/:token', () => {
  async function link() {
    const id = await generation(alice, [navy]);
    return (
      await made(alice.cookie, { marketplace: 'etsy', items: [{ generationId: id, sku: 'E1' }] })
    ).url;
  }

  it("answers 404 to another user's session with the link, and 401 without a session", async () => {
    const url = await link();
    const theirs = await download(url, bob.cookie);
    expect(theirs.statusCode).toBe(404);
    expect(errorOf(theirs)).toEqual({
      code: 'not_found',
      message: 'This download link is not valid. Make the pack again.',
    });
    expect((await download(url)).statusCode).toBe(401);
  });

  it('answers 404 to a link whose signature was changed', async () => {
    const url = await link();
    const [payload = '', sig = ''] = (url.split('/').at(-1) ?? '').split('.');
    const flipped = `${sig.slice(0, 5)}${sig[5] === 'A' ? 'B' : 'A'}${sig.slice(6)}`;
    const res = await download(`/api/v1/listing/packs/${payload}.${flipped}`, alice.cookie);
    expect(res.statusCode).toBe(404);
  });

  it('answers 410 once the link is five minutes old', async () => {
    const url = await link();
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + ZIP_TOKEN_TTL_MS + 1000);

    const res = await download(url, alice.cookie);

    expect(res.statusCode).toBe(410);
    expect(errorOf(res)).toEqual({
      code: 'link_expired',
      message: 'This download link has expired. Make the pack again.',
    });
  });
});
