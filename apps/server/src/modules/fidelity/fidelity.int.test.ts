import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  giveCredits,
  givePlan,
  post,
  productPhoto,
  uploadImage,
  userIdOf,
  waitForGeneration,
} from '../../../test/generation-helpers';
import { createTestApp, signUp, type TestApp } from '../../../test/harness';
import { ProviderError, type GenerationProvider } from '../../platform/providers/types';
import { balanceOf } from '../credits/credits.service';

/*
 * The garment-fidelity check in a real generation job (ADR 037): a try-on provider that returns
 * the garment as sent, or with its colour turned, and the one free regeneration of a result that
 * fails. The segmenter is the harness's corners-colour keying; the model runs in the engine tier.
 */
let recolourNext = true;
/** The next run fails as a provider does (not transient, so no retry): a lost rerun. */
let failNext = false;
/** While set, runs wait for it: a rerun still going when the user cancels it. */
let hold: Promise<void> | null = null;
let previewNext = false;
const tryOnProvider: GenerationProvider = {
  name: 'test',
  capabilities: () => ['try-on'],
  async run(job) {
    if (job.type !== 'try-on') throw new Error(`unexpected ${job.type}`);
    if (hold) await hold;
    if (failNext) {
      failNext = false;
      throw new ProviderError('The provider could not make this image', false);
    }
    const garment = await job.garment.load();
    if (previewNext) {
      // A recoloured image that would fail the check, but labelled a preview: never scored.
      const data = await sharp(garment).modulate({ hue: 90 }).png().toBuffer();
      return {
        outputs: [{ kind: 'image', data, contentType: 'image/png' }],
        labelledPreview: true,
      };
    }
    const data = recolourNext
      ? await sharp(garment).modulate({ hue: 90 }).png().toBuffer()
      : await sharp(garment).png().toBuffer();
    return { outputs: [{ kind: 'image', data, contentType: 'image/png' }] };
  },
  prompt: () => Promise.resolve({ prompt: '', preview: true }),
};

let t: TestApp;
let cookie: string;
let userId: string;
let garmentUrl: string;

interface Fidelity {
  passed: boolean;
  colourDifference: number;
  patternSimilarity: number;
  freeRegenerationOffered: boolean;
  freeRegenerationId: string | null;
}

async function fidelityOf(id: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/generations/${id}`,
    headers: { cookie },
  });
  return res.json<{ generation: { fidelity: Fidelity | null; creditCost: number } }>().generation;
}

async function tryOn(recoloured: boolean) {
  recolourNext = recoloured;
  const res = await post(t.app, cookie, '/api/v1/try-on/generate', {
    garment: { imageUrl: garmentUrl },
    model: { kind: 'photo', imageUrl: garmentUrl },
  });
  expect(res.statusCode).toBe(202);
  const id = res.json<{ generationId: string }>().generationId;
  expect((await waitForGeneration(t.app, cookie, id)).status).toBe('succeeded');
  return id;
}

const askFree = (id: string) =>
  post(t.app, cookie, `/api/v1/generations/${id}/free-regeneration`, {});

beforeAll(async () => {
  t = await createTestApp({
    worker: true,
    provider: tryOnProvider,
    env: { RATE_LIMIT_MULTIPLIER: '100' },
  });
  ({ cookie } = await signUp(t.app));
  userId = await userIdOf(t.app, cookie);
  await givePlan(t.database.db, userId, 'pro_monthly');
  await giveCredits(t.database.db, userId, 20);
  garmentUrl = await uploadImage(t.app, cookie, await productPhoto(400, 500, '#d23c3c'));
});

describe('garment-fidelity check on a finished try-on', () => {
  it('stores a passing score with a result that kept the garment, and offers nothing free', async () => {
    const id = await tryOn(false);
    const { fidelity } = await fidelityOf(id);
    expect(fidelity).toMatchObject({ passed: true, freeRegenerationOffered: false });
    expect(fidelity?.colourDifference).toBeLessThan(2);
    expect(fidelity?.patternSimilarity).toBeGreaterThan(0.9);
    const refused = await askFree(id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ error: { code: string } }>().error.code).toBe(
      'free_regeneration_not_offered',
    );
  });

  it('fails a recoloured result, and regenerates it once for free', async () => {
    const id = await tryOn(true);
    const failed = await fidelityOf(id);
    expect(failed.fidelity).toMatchObject({
      passed: false,
      freeRegenerationOffered: true,
      freeRegenerationId: null,
    });
    expect(failed.fidelity?.colourDifference).toBeGreaterThan(5);
    expect(failed.creditCost).toBeGreaterThan(0);

    const balance = await balanceOf(t.database.db, userId);
    const asked = await askFree(id);
    expect(asked.statusCode).toBe(202);
    const rerunId = asked.json<{ generationId: string }>().generationId;
    recolourNext = false;
    expect((await waitForGeneration(t.app, cookie, rerunId)).status).toBe('succeeded');
    const rerun = await fidelityOf(rerunId);
    expect(rerun.creditCost).toBe(0);
    expect(rerun.fidelity).toMatchObject({ passed: true, freeRegenerationOffered: false });
    expect(await balanceOf(t.database.db, userId)).toBe(balance);

    // Recorded on the result: a second ask is refused and queues nothing.
    expect((await fidelityOf(id)).fidelity).toMatchObject({
      freeRegenerationOffered: false,
      freeRegenerationId: rerunId,
    });
    const again = await askFree(id);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ error: { code: string; message: string } }>().error).toEqual({
      code: 'free_regeneration_used',
      message:
        'The free regeneration of this result was already used. You can still generate it again with credits.',
    });
  });

  it('offers the free regeneration again, once, when the rerun fails; never charged', async () => {
    const id = await tryOn(true);
    const balance = await balanceOf(t.database.db, userId);
    failNext = true;
    const asked = await askFree(id);
    expect(asked.statusCode).toBe(202);
    const failedRerun = asked.json<{ generationId: string }>().generationId;
    expect((await waitForGeneration(t.app, cookie, failedRerun)).status).toBe('failed');
    // The failed rerun did not use the offer up.
    expect((await fidelityOf(id)).fidelity).toMatchObject({
      freeRegenerationOffered: true,
      freeRegenerationId: null,
    });

    recolourNext = false;
    const again = await askFree(id);
    expect(again.statusCode).toBe(202);
    const rerunId = again.json<{ generationId: string }>().generationId;
    expect((await waitForGeneration(t.app, cookie, rerunId)).status).toBe('succeeded');
    expect((await fidelityOf(rerunId)).creditCost).toBe(0);
    expect(await balanceOf(t.database.db, userId)).toBe(balance);
    // A rerun that succeeded uses it for good.
    expect((await fidelityOf(id)).fidelity).toMatchObject({
      freeRegenerationOffered: false,
      freeRegenerationId: rerunId,
    });
    expect((await askFree(id)).statusCode).toBe(409);
  });

  it('keeps the free regeneration used when the user cancels the rerun', async () => {
    const id = await tryOn(true);
    let release: () => void = () => undefined;
    hold = new Promise((resolve) => {
      release = resolve;
    });
    const asked = await askFree(id);
    expect(asked.statusCode).toBe(202);
    const rerunId = asked.json<{ generationId: string }>().generationId;
    const canceled = await post(t.app, cookie, `/api/v1/generations/${rerunId}/cancel`, {});
    expect(canceled.statusCode).toBe(200);
    hold = null;
    release();
    expect((await waitForGeneration(t.app, cookie, rerunId)).status).toBe('canceled');
    expect((await fidelityOf(id)).fidelity).toMatchObject({
      freeRegenerationOffered: false,
      freeRegenerationId: rerunId,
    });
    expect((await askFree(id)).statusCode).toBe(409);
  });

  it('accepts exactly one of two asks made at once', async () => {
    const id = await tryOn(true);
    recolourNext = true;
    const answers = await Promise.all([askFree(id), askFree(id)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([202, 409]);
    const rerunId = answers
      .find((a) => a.statusCode === 202)
      ?.json<{ generationId: string }>().generationId;
    expect(rerunId).toBeDefined();
    if (!rerunId) return;
    await waitForGeneration(t.app, cookie, rerunId);
    // A free regeneration that fails again gets no free regeneration of its own.
    const rerun = await fidelityOf(rerunId);
    expect(rerun.fidelity).toMatchObject({ passed: false, freeRegenerationOffered: false });
    expect((await askFree(rerunId)).statusCode).toBe(409);
  });

  it('scores no labelled preview: no score, no badge, no free regeneration (issue 31)', async () => {
    previewNext = true;
    const id = await tryOn(false).finally(() => {
      previewNext = false;
    });

    expect((await fidelityOf(id)).fidelity).toBeNull();
    const res = await askFree(id);
    expect(res.statusCode).toBe(409);
    expect(res.json<{ error: { code: string } }>().error.code).toBe(
      'free_regeneration_not_offered',
    );
  });

  it('shows the score on the gallery card', async () => {
    const res = await post(t.app, cookie, '/api/v1/gallery/past-generations', {
      page: 1,
      limit: 20,
    });
    const items = res.json<{ data: { fidelity: Fidelity | null }[] }>().data;
    expect(items.some((item) => item.fidelity?.passed === false)).toBe(true);
    expect(items.some((item) => item.fidelity?.passed === true)).toBe(true);
  });
});
