import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { COLOURWAY_MAX_DELTA_E, type ColourwaySet } from '@studio/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  giveCredits,
  post,
  settlementsOf,
  uploadImage,
  userIdOf,
} from '../../../test/generation-helpers';
import { createTestApp, signUp, type TestApp } from '../../../test/harness';
import { readZip } from '../../../test/read-zip';
import { generations } from '../../db/schema';
import { colourwaySource, makeColourway } from '../../platform/engine/colourway';
import { balanceOf, findBalanceMismatches } from '../credits/credits.service';

/*
 * Colourways end to end on real PostgreSQL (ADR 063): the route, the credit ledger, pg-boss, the
 * runner and the local engine on its thread, on a committed garment photo (a product shot on a
 * plain backdrop: no segmentation model runs).
 */

const GARMENTS = path.resolve(__dirname, '../../../../../eval/fidelity-set/garments');
const TANK = fs.readFileSync(path.join(GARMENTS, 'tank-solid.png'));
const SIX = [
  { name: 'TANK-NAVY-01', colour: '#1F3A5F' },
  { name: 'TANK-RED-02', colour: '#c0392b' },
  { name: 'TANK-YELLOW-03', colour: '#f4d03f' },
  { name: 'TANK-GREEN-04', colour: '#2e5e3a' },
  { name: 'TANK-PURPLE-05', colour: '#7b3f9e' },
  { name: 'TANK-SAND-06', colour: '#d8c3a5' },
];

let dataDir: string;
let t: TestApp;

beforeAll(async () => {
  dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'studio-colourways-'));
  t = await createTestApp({
    env: { DATA_DIR: dataDir, RATE_LIMIT_MULTIPLIER: '100', WORKER_CONCURRENCY: '2' },
    worker: true,
  });
});
afterAll(async () => {
  await fsp.rm(dataDir, { recursive: true, force: true });
});

async function seller(credits: number) {
  const { cookie } = await signUp(t.app);
  const userId = await userIdOf(t.app, cookie);
  // New accounts hold the Free plan's 5 credits: topped up to exactly `credits`.
  const start = await balanceOf(t.database.db, userId);
  if (credits > start) await giveCredits(t.database.db, userId, credits - start);
  return { cookie, userId };
}

function generate(cookie: string, body: unknown, query = '', key?: string) {
  return post(
    t.app,
    cookie,
    `/api/v1/colourways/generate${query}`,
    body,
    key ? { 'idempotency-key': key } : {},
  );
}

async function finishedSet(cookie: string, setId: string): Promise<ColourwaySet> {
  const until = Date.now() + 120_000;
  for (;;) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/colourways/${setId}`,
      headers: { cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    const set = res.json<ColourwaySet>();
    if (set.generations.every((g) => !['queued', 'running'].includes(g.status))) return set;
    if (Date.now() > until) throw new Error(`set ${setId} unfinished`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('POST /colourways/generate', () => {
  it('makes six colourways by hex: six generations, six credits, each within ΔE00 3, a zip named by SKU', async () => {
    const { cookie, userId } = await seller(10);
    const imageUrl = await uploadImage(t.app, cookie, TANK);
    const res = await generate(cookie, { imageUrl, category: 'tops', variants: SIX });
    expect(res.statusCode, res.body).toBe(202);
    const started = res.json<ColourwaySet>();
    expect(started.generations).toHaveLength(6);
    expect(started.generations.map((g) => g.variant)).toEqual(
      SIX.map((v) => ({ name: v.name, colour: v.colour.toLowerCase() })),
    );
    expect(started.generations.every((g) => ['queued', 'running'].includes(g.status))).toBe(true);
    // Accepted as a whole: all six reserved at once.
    expect(await balanceOf(t.database.db, userId)).toBe(4);

    const set = await finishedSet(cookie, started.setId);
    for (const g of set.generations) {
      console.log(
        `${g.variant.name} ${g.variant.colour}: ${g.status} · measured ${g.measure?.measured ?? '-'} · ΔE00 ${String(g.measure?.deltaE ?? '-')}`,
      );
      expect(g.status, g.error ?? '').toBe('succeeded');
      expect(g.measure?.passed).toBe(true);
      expect(g.measure?.deltaE).toBeLessThanOrEqual(COLOURWAY_MAX_DELTA_E);
      expect(g.outputUrl).toMatch(/^\/api\/v1\/media\//);
      expect(g.thumbnailUrl).toBeTruthy();
      expect(g.error).toBeNull();
      expect(await settlementsOf(t.database.db, userId, g.generationId)).toEqual({
        captures: 1,
        releases: 0,
      });
    }
    expect(await balanceOf(t.database.db, userId)).toBe(4);
    expect(await findBalanceMismatches(t.database.db)).toEqual([]);

    // Every output carries its content credentials: an engine edit, algorithmically enhanced.
    const [row] = await t.database.db
      .select()
      .from(generations)
      .where(eq(generations.id, set.generations[0]?.generationId ?? ''));
    expect(row?.credentials?.sourceType).toBe('algorithmicallyEnhanced');

    // The gallery shows them grouped under their set ("6 colourways").
    const gallery = await post(t.app, cookie, '/api/v1/gallery/past-generations', {
      userId,
      page: 1,
      limit: 12,
      type: 'colourways',
    });
    expect(gallery.statusCode, gallery.body).toBe(200);
    const items = gallery.json<{
      data: { generationId: string; prompt: string; group: unknown }[];
    }>().data;
    expect(items).toHaveLength(6);
    for (const [index, g] of set.generations.entries()) {
      const item = items.find((i) => i.generationId === g.generationId);
      expect(item?.group).toEqual({ id: set.setId, kind: 'colourways', size: 6, index });
      expect(item?.prompt).toBe(g.variant.name);
    }

    const zip = await t.app.inject({
      method: 'GET',
      url: `/api/v1/colourways/${set.setId}/zip`,
      headers: { cookie },
    });
    expect(zip.statusCode, zip.body).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const entries = await readZip(zip.rawPayload);
    expect(entries.map((e) => e.name).sort()).toEqual(
      SIX.map((v) => `${v.name}.${imageUrlExt(entries, v.name)}`).sort(),
    );

    // A listing pack takes the set as its colour variants: one listing per variant, its SKU.
    const pack = await post(t.app, cookie, '/api/v1/listing/packs', {
      marketplace: 'myntra',
      colourwaySetId: set.setId,
    });
    expect(pack.statusCode, pack.body).toBe(201);
    const packed = pack.json<{ files: { sku: string; slot: string }[] }>();
    expect(packed.files.map((f) => [f.sku, f.slot])).toEqual(SIX.map((v) => [v.name, 'main']));
  });

  it('fails a colour the garment cannot take (black to white) with the engine’s reason, refunded, beside one that succeeds', async () => {
    const { cookie, userId } = await seller(2);
    const before = await balanceOf(t.database.db, userId);
    // A black tank: the committed tank made black by the engine itself.
    const from = await colourwaySource(TANK, () => Promise.reject(new Error('no model')), {
      part: 'auto',
      worn: 'no',
    });
    const black = await makeColourway(from, '#262626');
    const imageUrl = await uploadImage(t.app, cookie, black.data);
    const res = await generate(
      cookie,
      {
        imageUrl,
        variants: [
          { name: 'White', colour: '#ffffff' },
          { name: 'Navy', colour: '#1f3a5f' },
        ],
      },
      '?wait=90',
    );
    expect(res.statusCode, res.body).toBe(200);
    const set = res.json<ColourwaySet>();
    const [white, navy] = set.generations;
    console.log(`black → white: ${white?.error ?? ''}`);
    expect(white?.status).toBe('failed');
    expect(white?.error).toMatch(
      /^This colour is too light for this garment: its shading would be lost\. The nearest that keeps it is #[0-9a-f]{6}\.$/,
    );
    expect(white?.measure?.passed).toBe(false);
    expect(white?.measure?.reason).toBe(white?.error);
    expect(white?.outputUrl).toBeNull();
    expect(navy?.status, navy?.error ?? '').toBe('succeeded');
    expect(navy?.measure?.passed).toBe(true);
    // The miss was refunded, the success charged.
    expect(await settlementsOf(t.database.db, userId, white?.generationId ?? '')).toEqual({
      captures: 0,
      releases: 1,
    });
    expect(await balanceOf(t.database.db, userId)).toBe(before - 1);
    // The zip holds only what succeeded.
    const zip = await t.app.inject({
      method: 'GET',
      url: `/api/v1/colourways/${set.setId}/zip`,
      headers: { cookie },
    });
    const names = (await readZip(zip.rawPayload)).map((e) => e.name);
    // The tank is a cut-out (a PNG with alpha): its colourways keep the transparency.
    expect(names).toEqual(['Navy.png']);
  });

  it.each([
    [
      '13 variants',
      Array.from({ length: 13 }, (_, i) => ({ name: `V${String(i)}`, colour: '#112233' })),
      'A colourway set takes at most 12 variants',
    ],
    [
      'two variants named alike',
      [
        { name: 'Red', colour: '#ff0000' },
        { name: ' red ', colour: '#aa0000' },
      ],
      'Each variant needs its own name',
    ],
    ['a colour that is not hex', [{ name: 'Red', colour: 'red' }], 'A colour is written #RRGGBB'],
  ])(
    'refuses %s with 400 and the schema’s message, charging nothing',
    async (_what, variants, message) => {
      const { cookie, userId } = await seller(20);
      const imageUrl = await uploadImage(t.app, cookie, TANK);
      const res = await generate(cookie, { imageUrl, variants });
      expect(res.statusCode).toBe(400);
      const { error } = res.json<{
        error: { code: string; details: { path: string; message: string }[] };
      }>();
      expect(error.code).toBe('validation_failed');
      // The schema's own words, where the web shows them.
      expect(error.details.map((d) => d.message).join(' | ')).toContain(message);
      expect(await balanceOf(t.database.db, userId)).toBe(20);
    },
  );

  it('refuses a set the balance cannot pay for with 402, creating nothing', async () => {
    const { cookie, userId } = await seller(5);
    const imageUrl = await uploadImage(t.app, cookie, TANK);
    const res = await generate(cookie, { imageUrl, variants: SIX });
    expect(res.statusCode, res.body).toBe(402);
    const made = await t.database.db
      .select()
      .from(generations)
      .where(eq(generations.userId, userId));
    expect(made).toEqual([]);
  });

  it('replays an Idempotency-Key as the same set, charged once; another body is 422', async () => {
    const { cookie, userId } = await seller(10);
    const imageUrl = await uploadImage(t.app, cookie, TANK);
    const body = { imageUrl, variants: SIX.slice(0, 2) };
    const first = await generate(cookie, body, '', 'colourways-replay-1');
    const again = await generate(cookie, body, '', 'colourways-replay-1');
    expect(first.statusCode, first.body).toBe(202);
    expect(again.statusCode, again.body).toBe(202);
    expect(again.json<ColourwaySet>().setId).toBe(first.json<ColourwaySet>().setId);
    expect(again.json<ColourwaySet>().generations.map((g) => g.generationId)).toEqual(
      first.json<ColourwaySet>().generations.map((g) => g.generationId),
    );
    expect(await balanceOf(t.database.db, userId)).toBe(8);
    const other = await generate(cookie, { ...body, name: 'Other' }, '', 'colourways-replay-1');
    expect(other.statusCode).toBe(422);
    await finishedSet(cookie, first.json<ColourwaySet>().setId);
  });

  it('answers another user’s set as 404, its zip too', async () => {
    const owner = await seller(5);
    const imageUrl = await uploadImage(t.app, owner.cookie, TANK);
    const res = await generate(owner.cookie, { imageUrl, variants: SIX.slice(0, 1) });
    const { setId } = res.json<ColourwaySet>();
    const stranger = await seller(0);
    for (const url of [`/api/v1/colourways/${setId}`, `/api/v1/colourways/${setId}/zip`]) {
      const got = await t.app.inject({ method: 'GET', url, headers: { cookie: stranger.cookie } });
      expect(got.statusCode, url).toBe(404);
    }
    await finishedSet(owner.cookie, setId);
  });

  it('prices a set per variant in the estimate', async () => {
    const { cookie } = await seller(5);
    const res = await post(t.app, cookie, '/api/v1/credits/estimate', {
      feature: 'colourways',
      variants: SIX,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ creditCost: number }>().creditCost).toBe(6);
  });
});

/** The extension the zip gave a variant's entry (the output's own format). */
function imageUrlExt(entries: { name: string }[], name: string) {
  const entry = entries.find((e) => e.name.startsWith(`${name}.`));
  return entry?.name.split('.').pop() ?? '';
}
