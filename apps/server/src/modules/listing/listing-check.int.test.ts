import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ListingCheck } from '@studio/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, succeededGeneration, uploadImage, userIdOf } from '../../../test/generation-helpers';
import { createTestApp, signUp, type TestApp } from '../../../test/harness';
import { listingPhoto } from '../../../test/listing-photos';
import { listingChecks } from '../../db/schema';

/*
 * POST /listing/check (issue 33, ADR 057) on real PostgreSQL and storage: every rule of a slot
 * measured on stored images, named by URL or by generation, kept per image and rules version;
 * another user's image or generation is 404, and bad input 400. The backdrops are plain, so the
 * engine keys them by colour and no segmentation model runs.
 */

let dataDir: string;
let t: TestApp;
let alice: { cookie: string; id: string };
let bob: { cookie: string; id: string };
/** Amazon's main image as it should be: pure white, 3:4, 1,600 px, the garment at 90 %. */
let white: string;
/** A small photo on an off-white backdrop, the garment at 60 %, 4:5. */
let offWhite: string;
let whiteGeneration: string;

async function account() {
  const { cookie } = await signUp(t.app);
  return { cookie, id: await userIdOf(t.app, cookie) };
}

const check = (cookie: string, body: Record<string, unknown>) =>
  post(t.app, cookie, '/api/v1/listing/check', body);

async function checked(cookie: string, body: Record<string, unknown>) {
  const res = await check(cookie, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ListingCheck>();
}

const byRule = (answer: ListingCheck) => new Map(answer.checks.map((c) => [c.rule, c]));

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-listing-check-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir, RATE_LIMIT_MULTIPLIER: '100' } });
  alice = await account();
  bob = await account();
  white = await uploadImage(
    t.app,
    alice.cookie,
    await listingPhoto({ width: 1200, height: 1600, backdrop: '#ffffff', fill: 0.9 }),
  );
  offWhite = await uploadImage(
    t.app,
    alice.cookie,
    await listingPhoto({ width: 480, height: 600, backdrop: '#f4f1ec', fill: 0.6 }),
  );
  whiteGeneration = await succeededGeneration(t.database.db, alice.id, [white]);
});
afterAll(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('POST /listing/check', () => {
  it("passes Amazon's main image on pure white at 90 %, every rule measured, the content rules named", async () => {
    const answer = await checked(alice.cookie, {
      imageUrl: white,
      marketplace: 'amazon',
      slot: 'main',
    });

    expect(answer).toMatchObject({ marketplace: 'amazon', slot: 'main', imageUrl: white });
    expect(answer.compliant).toBe(true);
    expect(answer.checks.map((c) => c.rule)).toEqual([
      'background',
      'fill',
      'aspect',
      'pixels',
      'format',
      'colour',
      'file-size',
    ]);
    expect(answer.checks.every((c) => c.passed)).toBe(true);
    const rules = byRule(answer);
    expect(rules.get('background')?.required).toContain('#FFFFFF');
    expect(rules.get('fill')?.required).toBe('≥ 85 %');
    expect(rules.get('pixels')?.actual).toBe('1,600 px long side');
    expect(answer.notChecked.map((c) => c.rule)).toEqual(['no-text', 'on-model', 'no-packaging']);
  });

  it('fails an off-white, small, low-fill photo on background, fill, aspect and size, each fixable', async () => {
    const answer = await checked(alice.cookie, {
      imageUrl: offWhite,
      marketplace: 'amazon',
      slot: 'main',
    });

    expect(answer.compliant).toBe(false);
    const rules = byRule(answer);
    for (const rule of ['background', 'fill', 'aspect', 'pixels']) {
      expect(rules.get(rule), rule).toMatchObject({ passed: false, fixable: true });
    }
    expect(rules.get('background')?.actual).toMatch(/^#F[0-9A-F]{5}/);
    expect(rules.get('fill')?.actual).toBe('60 %');
    expect(rules.get('format')?.passed).toBe(true);
  });

  it('measures a slot by its own rules: an additional image has no background or fill rule', async () => {
    const answer = await checked(alice.cookie, {
      imageUrl: offWhite,
      marketplace: 'amazon',
      slot: 'additional',
    });

    expect(answer.checks.map((c) => c.rule)).not.toContain('background');
    expect(answer.checks.map((c) => c.rule)).not.toContain('fill');
    expect(answer.notChecked).toEqual([]);
  });

  it("fails pure white for Myntra, which wants light grey, and names Myntra's content rules", async () => {
    const answer = await checked(alice.cookie, {
      imageUrl: white,
      marketplace: 'myntra',
      slot: 'main',
    });

    expect(answer.compliant).toBe(false);
    expect(byRule(answer).get('background')).toMatchObject({ passed: false, fixable: true });
    expect(answer.notChecked.length).toBeGreaterThan(0);
  });

  it("checks a generation's first image when a generation is named", async () => {
    const answer = await checked(alice.cookie, {
      generationId: whiteGeneration,
      marketplace: 'amazon',
    });

    expect(answer).toMatchObject({ imageUrl: white, slot: 'main', compliant: true });
  });

  it('keeps each verdict per image, marketplace, slot and rules version, and a new rules version measures again', async () => {
    const body = { imageUrl: white, marketplace: 'etsy', slot: 'main' };
    const first = await checked(alice.cookie, body);
    const key = and(
      eq(listingChecks.userId, alice.id),
      eq(listingChecks.imageUrl, white),
      eq(listingChecks.marketplace, 'etsy'),
    );
    const rows = await t.database.db.select().from(listingChecks).where(key);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.rulesVersion).toMatch(/^[A-Za-z0-9_-]{16}$/);

    // The kept verdict is what the next check answers (nothing is measured again)...
    await t.database.db.update(listingChecks).set({ compliant: !first.compliant }).where(key);
    expect((await checked(alice.cookie, body)).compliant).toBe(!first.compliant);

    // ...until the rules it was measured against are not the current ones.
    await t.database.db.update(listingChecks).set({ rulesVersion: 'an-older-version' }).where(key);
    expect((await checked(alice.cookie, body)).compliant).toBe(first.compliant);
  });

  it("answers 404 for another user's image or generation, as for one that does not exist", async () => {
    const theirs = await check(bob.cookie, { imageUrl: white, marketplace: 'amazon' });
    expect(theirs.statusCode).toBe(404);
    const theirGeneration = await check(bob.cookie, {
      generationId: whiteGeneration,
      marketplace: 'amazon',
    });
    expect(theirGeneration.statusCode).toBe(404);
    const unknown = await check(alice.cookie, {
      generationId: 'gen_unknown',
      marketplace: 'amazon',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('answers 409 for a generation without a finished image', async () => {
    const failed = await succeededGeneration(t.database.db, alice.id, [], { status: 'failed' });
    const res = await check(alice.cookie, { generationId: failed, marketplace: 'amazon' });
    expect(res.statusCode).toBe(409);
  });

  // Read when the tests are collected, before any upload: a well-formed media URL of nobody's.
  const someImage = '/api/v1/media/aaaaaaaaaaaaaaaaaaaaaa';
  it.each([
    ['both an image and a generation', { imageUrl: someImage, generationId: 'gen_x' }],
    ['neither an image nor a generation', {}],
    ['an unknown marketplace', { imageUrl: someImage, marketplace: 'ebay' }],
    ['an unknown slot', { imageUrl: someImage, slot: 'hero' }],
    [
      'a slot the marketplace does not have',
      { imageUrl: someImage, marketplace: 'myntra', slot: 'swatch' },
    ],
  ])('answers 400 for %s', async (_what, body) => {
    const res = await check(alice.cookie, { marketplace: 'amazon', ...body });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ error: { code: string } }>().error.code).toBe('validation_failed');
  });

  it('refuses an image that is not our stored media without fetching it', async () => {
    const res = await check(alice.cookie, {
      imageUrl: 'https://example.com/photo.jpg',
      marketplace: 'amazon',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { code: string } }>().error.code).toBe('input_not_allowed');
  });

  it('answers 401 without a session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/listing/check',
      headers: { origin: 'http://localhost:3000' },
      payload: { imageUrl: white, marketplace: 'amazon' },
    });
    expect(res.statusCode).toBe(401);
  });
});
