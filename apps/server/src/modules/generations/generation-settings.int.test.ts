import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  giveCredits,
  givePlan,
  post,
  productPhoto,
  uploadImage,
  userIdOf,
} from '../../../test/generation-helpers';
import { createTestApp, signUp, type TestApp } from '../../../test/harness';
import { generations } from '../../db/schema';
import { createGeneration } from './generations.service';

/*
 * Reuse settings (ADR 030): `GET /generations/:id/settings` hands back the settings a generation was made
 * with, as its tool's request schema reads them, without what the server added, and only to its
 * owner.
 */

let dataDir: string;
let t: TestApp;
let owner: { cookie: string; id: string };
let intruder: { cookie: string; id: string };
let image: string;

async function account() {
  const { cookie } = await signUp(t.app);
  return { cookie, id: await userIdOf(t.app, cookie) };
}

function read(cookie: string, id: string) {
  return t.app.inject({
    method: 'GET',
    url: `/api/v1/generations/${id}/settings`,
    headers: { cookie },
  });
}

interface Detail {
  generation: { id: string; type: string; settings: Record<string, unknown> };
}

/** Starts a generation of the owner's, made from `madeFrom`, and answers its id. */
async function start(url: string, payload: Record<string, unknown>, madeFrom?: string) {
  const res = await post(
    t.app,
    owner.cookie,
    url,
    { ...payload, userId: owner.id },
    madeFrom ? { 'x-made-from': madeFrom } : {},
  );
  expect(res.statusCode).toBe(202);
  return res.json<{ generationId: string }>().generationId;
}

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-settings-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir, RATE_LIMIT_MULTIPLIER: '100' } });
  owner = await account();
  intruder = await account();
  // Video generation and the quality mode need the Pro plan.
  await givePlan(t.database.db, owner.id, 'pro_monthly');
  await giveCredits(t.database.db, owner.id, 200);
  image = await uploadImage(t.app, owner.cookie, await productPhoto());
});
afterAll(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('GET /generations/:id/settings', () => {
  it("answers a video's own settings, not the server's source link nor the account", async () => {
    const source = await start('/api/v1/background-removal', { imageUrl: image });
    const id = await start(
      '/api/v1/video/generate',
      { inputImageUrls: [image], duration: 10, mode: 'quality', prompt: 'A slow turn' },
      source,
    );

    const [stored] = await t.database.db
      .select({ settings: generations.settings })
      .from(generations)
      .where(eq(generations.id, id));

    const res = await read(owner.cookie, id);

    expect(stored?.settings).toMatchObject({ madeFrom: source, userId: owner.id });
    expect(res.statusCode).toBe(200);
    const { settings } = res.json<Detail>().generation;
    expect(settings).toMatchObject({
      inputImageUrls: [image],
      duration: 10,
      mode: 'quality',
      prompt: 'A slow turn',
    });
    expect(settings).not.toHaveProperty('madeFrom');
    expect(settings).not.toHaveProperty('userId');
  });

  it("answers a pose change's view, background and expression", async () => {
    const id = await start('/api/v1/ai-poses/generate', {
      inputImageUrls: [image],
      viewType: 'back view',
      background: 'outdoor',
      expression: 'smiling',
      mode: 'balanced',
    });

    const { settings } = (await read(owner.cookie, id)).json<Detail>().generation;

    expect(settings).toMatchObject({
      viewType: 'back view',
      background: 'outdoor',
      expression: 'smiling',
      mode: 'balanced',
    });
  });

  it('leaves out keys that are not part of the tool, and reads unreadable settings as none', async () => {
    const made = `gen_${randomBytes(8).toString('hex')}`;
    const broken = `gen_${randomBytes(8).toString('hex')}`;
    await createGeneration(t.database.db, {
      id: made,
      userId: owner.id,
      type: 'upscaler',
      status: 'succeeded',
      credits: 1,
      settings: { imageUrl: image, upscaleFactor: '4x', madeFrom: 'gen_x', internal: true },
      finishedAt: new Date(),
    });
    await createGeneration(t.database.db, {
      id: broken,
      userId: owner.id,
      type: 'upscaler',
      status: 'succeeded',
      credits: 1,
      settings: { upscaleFactor: 'a lot' },
      finishedAt: new Date(),
    });

    const kept = (await read(owner.cookie, made)).json<Detail>().generation.settings;
    const unreadable = await read(owner.cookie, broken);

    expect(kept).toEqual({ imageUrl: image, upscaleFactor: '4x', method: 'High Fidelity V2' });
    expect(unreadable.statusCode).toBe(200);
    expect(unreadable.json<Detail>().generation.settings).toEqual({});
  });

  it("is a 404 for another user's generation, saying nothing of its settings", async () => {
    const id = await start('/api/v1/photoshoot/generate', {
      inputImageUrls: [image],
      sceneStyle: 'luxury',
    });

    const res = await read(intruder.cookie, id);

    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('luxury');
  });
});
