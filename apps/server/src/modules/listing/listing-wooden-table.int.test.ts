import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ListingCheck } from '@studio/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { giveCredits, post, uploadImage, userIdOf } from '../../../test/generation-helpers';
import { createTestApp, signUp, type TestApp } from '../../../test/harness';
import { woodenTablePhoto } from '../../../test/listing-photos';
import { segmentForeground } from '../../platform/engine/background-removal';

/*
 * Issue 33's acceptance on the real segmentation model (two runs: the check of the photo, and the
 * fix; the fixed image's white backdrop is keyed by colour): a product photo on a wooden table
 * fails Amazon's main image on background and fill, prepare makes one that passes Amazon's check,
 * and a pixel check of the test's own (sharp only) agrees with it.
 */

let dataDir: string;
let t: TestApp;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-listing-wood-'));
  t = await createTestApp({
    env: { DATA_DIR: dataDir, RATE_LIMIT_MULTIPLIER: '100' },
    worker: true,
    garmentSegmenter: segmentForeground,
  });
});
afterAll(async () => {
  await t.app.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

/**
 * The independent check: every border pixel within 255 ± 2 on every channel; the product (a pixel
 * darker than 240 on any channel) spanning at least 85 % of the frame's width or height; a long
 * side of at least 1,600 px.
 */
async function pixelCheck(image: Buffer) {
  const { data, info } = await sharp(image)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const at = (x: number, y: number, c: number) => data[(y * width + x) * 3 + c] ?? 0;
  let borderOff = 0;
  let top = height;
  let bottom = -1;
  let left = width;
  let right = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const channels = [at(x, y, 0), at(x, y, 1), at(x, y, 2)];
      const border = x === 0 || y === 0 || x === width - 1 || y === height - 1;
      if (border && channels.some((v) => v < 253)) borderOff += 1;
      if (channels.some((v) => v < 240)) {
        top = Math.min(top, y);
        bottom = Math.max(bottom, y);
        left = Math.min(left, x);
        right = Math.max(right, x);
      }
    }
  }
  const fill = Math.max((right - left + 1) / width, (bottom - top + 1) / height);
  return { borderOff, fill, longSide: Math.max(width, height) };
}

it("fails a photo on a wooden table on Amazon's background and fill; prepare's image passes, and the pixels agree", async () => {
  const { cookie } = await signUp(t.app);
  await giveCredits(t.database.db, await userIdOf(t.app, cookie), 5);
  const photo = await uploadImage(t.app, cookie, await woodenTablePhoto());

  const checked = await post(t.app, cookie, '/api/v1/listing/check', {
    imageUrl: photo,
    marketplace: 'amazon',
    slot: 'main',
  });
  expect(checked.statusCode, checked.body).toBe(200);
  const before = new Map(checked.json<ListingCheck>().checks.map((c) => [c.rule, c]));
  expect(before.get('background')).toMatchObject({ passed: false, fixable: true });
  expect(before.get('fill')).toMatchObject({ passed: false, fixable: true });

  const prepared = await post(t.app, cookie, '/api/v1/listing/prepare?wait=120', {
    imageUrl: photo,
    marketplace: 'amazon',
    slot: 'main',
  });
  expect(prepared.statusCode, prepared.body).toBe(200);
  const [output = ''] = prepared.json<{ imageUrls: string[] }>().imageUrls;

  const after = await post(t.app, cookie, '/api/v1/listing/check', {
    imageUrl: output,
    marketplace: 'amazon',
    slot: 'main',
  });
  expect(after.statusCode, after.body).toBe(200);
  const answer = after.json<ListingCheck>();
  expect(answer.compliant).toBe(true);
  expect(answer.checks.filter((c) => !c.passed)).toEqual([]);

  const bytes = (await t.app.inject({ method: 'GET', url: output, headers: { cookie } }))
    .rawPayload;
  const pixels = await pixelCheck(bytes);
  expect(pixels.borderOff).toBe(0);
  expect(pixels.fill).toBeGreaterThanOrEqual(0.85);
  expect(pixels.longSide).toBeGreaterThanOrEqual(1600);
}, 240_000);
