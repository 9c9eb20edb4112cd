import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createSeededApp,
  firstTemplate,
  newUser,
  post,
  productPhoto,
  toolPayloads,
  uploadImage,
  waitForGeneration,
} from '../../../test/generation-helpers';
import type { TestApp } from '../../../test/harness';
import { balanceOf, findBalanceMismatches } from '../credits/credits.service';
import { findGeneration } from './generations.repository';

let t: TestApp;

beforeAll(async () => {
  // Its DATA_DIR goes after the app (and its worker: a canceled render may still be writing).
  t = await createSeededApp('studio-gen-');
});

async function fetchMedia(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return { type: res.headers['content-type'], body: res.rawPayload };
}

describe('a generation on the local engine', () => {
  it('upscales 2x with ?wait=, charging the price once and keeping the result in our storage', async () => {
    const user = await newUser(t);
    const imageUrl = await uploadImage(t.app, user.cookie, await productPhoto(300, 200));
    const before = await balanceOf(t.database.db, user.id);
    const res = await post(t.app, user.cookie, '/api/v1/upscaler?wait=60', {
      imageUrl,
      userId: user.id,
      upscaleFactor: '2x',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ success: boolean; imageUrls: string[]; generationId: string }>();
    expect(body.success).toBe(true);
    expect(body.imageUrls).toHaveLength(1);
    const [url] = body.imageUrls;
    expect(url).toMatch(/^\/api\/v1\/media\/[A-Za-z0-9_-]{22}$/);
    const media = await fetchMedia(url ?? '');
    const meta = await sharp(media.body).metadata();
    expect([meta.width, meta.height]).toEqual([600, 400]);
    expect(await balanceOf(t.database.db, user.id)).toBe(before - 1);

    const state = await t.app.inject({
      method: 'GET',
      url: `/api/v1/generations/${body.generationId}`,
      headers: { cookie: user.cookie },
    });
    expect(state.json()).toMatchObject({
      generation: { status: 'succeeded', progress: 100, queuePosition: null, creditCost: 1 },
    });
  });

  it('answers 202 with the generation id at once and finishes in the background', async () => {
    const user = await newUser(t, { credits: 10 });
    const imageUrl = await uploadImage(t.app, user.cookie, await productPhoto());
    const res = await post(t.app, user.cookie, '/api/v1/upscaler', {
      imageUrl,
      upscaleFactor: '4k',
    });
    expect(res.statusCode).toBe(202);
    const { generationId, status } = res.json<{ generationId: string; status: string }>();
    expect(['queued', 'running']).toContain(status);
    const done = await waitForGeneration(t.app, user.cookie, generationId);
    expect(done.status).toBe('succeeded');
    const meta = await sharp((await fetchMedia(done.imageUrls[0] ?? '')).body).metadata();
    expect(Math.max(meta.width, meta.height)).toBe(3840);
  });

  it.each([
    ['try-on', '/api/v1/try-on/generate', undefined],
    ['realistic try-on', '/api/v1/realistic-tryon/generate', undefined],
    ['AI designer', '/api/v1/ai-designer/generate', undefined],
    ['AI poses', '/api/v1/ai-poses/generate', undefined],
    ['product photoshoot', '/api/v1/photoshoot/generate', undefined],
    ['fashion extractor', '/api/v1/fashion-extractor/generate', 'plus_monthly' as const],
    ['video', '/api/v1/video/generate', 'pro_monthly' as const],
    ['background removal', '/api/v1/background-removal', undefined],
  ])(
    'runs %s end to end',
    async (_name, url, plan) => {
      const user = await newUser(t, { credits: 40, ...(plan ? { plan } : {}) });
      const image = await uploadImage(t.app, user.cookie, await productPhoto());
      const payloads = toolPayloads(image, await firstTemplate(t.app, user.cookie));
      const res = await post(t.app, user.cookie, `${url}?wait=110`, payloads[url]);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<{
        success: boolean;
        imageUrls: string[];
        videoUrlList: string[];
        message: string;
      }>();
      expect(body.success, body.message).toBe(true);
      const outputs = url.includes('video') ? body.videoUrlList : body.imageUrls;
      expect(outputs.length).toBeGreaterThan(0);
      const first = await fetchMedia(outputs[0] ?? '');
      if (url.includes('video')) {
        expect(first.type).toBe('video/mp4');
        expect(first.body.subarray(4, 8).toString()).toBe('ftyp');
      } else if (url.includes('background')) {
        const meta = await sharp(first.body).metadata();
        expect(meta.hasAlpha).toBe(true);
      } else {
        expect(first.type).toMatch(/^image\//);
      }
    },
    120_000,
  );
});

describe('model templates in a try-on', () => {
  it('turns the random entry into a live template other than the ones chosen with it', async () => {
    const user = await newUser(t, { credits: 40 });
    const image = await uploadImage(t.app, user.cookie, await productPhoto());
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/v1/templates',
      headers: { cookie: user.cookie },
    });
    const live = listed.json<{ templateId: string; templateUrl: string }[]>();
    const [chosen] = live;
    expect(chosen).toBeDefined();
    const res = await post(t.app, user.cookie, '/api/v1/realistic-tryon/generate?wait=60', {
      template: [
        { templateId: chosen?.templateId, templateUrl: chosen?.templateUrl },
        { templateId: 'random' },
      ],
      clothing: { imageUrl: [image] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { generationId, imageUrls } = res.json<{ generationId: string; imageUrls: string[] }>();
    expect(imageUrls).toHaveLength(2);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/v1/generations/${generationId}`,
      headers: { cookie: user.cookie },
    });
    // The inputs are the garment and two different templates, both from the live catalog.
    const inputs = detail.json<{ generation: { inputImageUrls: string[] } }>().generation
      .inputImageUrls;
    expect(inputs).toHaveLength(3);
    // The garment comes first: the gallery's View hands it back as the cloth image.
    expect(inputs[0]).toBe(image);
    const templateUrls = inputs.filter((url) => url !== image);
    expect(new Set(templateUrls).size).toBe(2);
    for (const url of templateUrls) {
      expect(live.map((tpl) => tpl.templateUrl)).toContain(url);
    }
  });

  it('dresses a random template or the user’s own photo in a single try-on, garment recorded first', async () => {
    const user = await newUser(t, { credits: 40 });
    const garment = await uploadImage(t.app, user.cookie, await productPhoto());
    const me = await uploadImage(t.app, user.cookie, await productPhoto(200, 300, '#333333'));
    const live = (
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/templates',
        headers: { cookie: user.cookie },
      })
    ).json<{ templateId: string; templateName: string; templateUrl: string }[]>();

    const random = await post(t.app, user.cookie, '/api/v1/try-on/generate?wait=60', {
      garment: { imageUrl: garment, name: 'Red dress' },
      model: { kind: 'template', templateId: 'random' },
      numImages: 2,
    });
    expect(random.statusCode, random.body).toBe(200);
    const randomId = random.json<{ generationId: string }>().generationId;
    const own = await post(t.app, user.cookie, '/api/v1/try-on/generate?wait=60', {
      garment: { imageUrl: garment },
      model: { kind: 'photo', imageUrl: me },
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json<{ imageUrls: string[] }>().imageUrls).toHaveLength(1);

    const detail = (id: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/generations/${id}`,
        headers: { cookie: user.cookie },
      });
    const picked = (await detail(randomId)).json<{
      generation: { inputImageUrls: string[]; imageUrls: string[]; prompt: string };
    }>().generation;
    expect(picked.imageUrls).toHaveLength(2);
    // The garment first (the gallery's View hands it back), then the live template it picked.
    expect(picked.inputImageUrls[0]).toBe(garment);
    const template = live.find((tpl) => tpl.templateUrl === picked.inputImageUrls[1]);
    expect(template).toBeDefined();
    expect(picked.prompt).toBe(`Red dress on ${template?.templateName ?? ''}`);
    const ownGeneration = (await detail(own.json<{ generationId: string }>().generationId)).json<{
      generation: { inputImageUrls: string[] };
    }>().generation;
    expect(ownGeneration.inputImageUrls).toEqual([garment, me]);
  });

  it('refuses a chosen template without its image, and more templates than one run takes', async () => {
    const user = await newUser(t, { credits: 40 });
    const image = await uploadImage(t.app, user.cookie, await productPhoto());
    const noUrl = await post(t.app, user.cookie, '/api/v1/realistic-tryon/generate', {
      template: [{ templateId: '3' }],
      clothing: { imageUrl: [image] },
    });
    expect(noUrl.statusCode).toBe(400);
    const tooMany = await post(t.app, user.cookie, '/api/v1/realistic-tryon/generate', {
      template: Array.from({ length: 5 }, () => ({ templateId: 'random' })),
      clothing: { imageUrl: [image] },
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.body).toContain('Choose at most 4 templates');
  });
});

describe('credits and limits', () => {
  it('refuses a generation the user cannot afford with 402 and creates nothing', async () => {
    const user = await newUser(t);
    const image = await uploadImage(t.app, user.cookie, await productPhoto());
    const res = await post(t.app, user.cookie, '/api/v1/photoshoot/generate', {
      inputImageUrls: [image],
      numImages: 5,
      mode: 'performance',
    }); // 5 credits: exactly the welcome credits, so ask for more
    expect(res.statusCode).toBe(202);
    const again = await post(t.app, user.cookie, '/api/v1/photoshoot/generate', {
      inputImageUrls: [image],
      numImages: 1,
    });
    expect(again.statusCode).toBe(402);
    expect(again.json()).toMatchObject({
      error: { code: 'insufficient_credits', details: { required: 1, available: 0 } },
    });
  });

  it('turns 10 concurrent requests with one Idempotency-Key into one generation and one charge', async () => {
    const user = await newUser(t, { credits: 20 });
    const image = await uploadImage(t.app, user.cookie, await productPhoto());
    const before = await balanceOf(t.database.db, user.id);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        post(
          t.app,
          user.cookie,
          '/api/v1/upscaler',
          { imageUrl: image },
          { 'idempotency-key': 'same-key-123' },
        ),
      ),
    );
    const ids = new Set(responses.map((r) => r.json<{ generationId: string }>().generationId));
    expect(responses.map((r) => r.statusCode).every((s) => s === 202 || s === 200)).toBe(true);
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    await waitForGeneration(t.app, user.cookie, id ?? '');
    expect(await balanceOf(t.database.db, user.id)).toBe(before - 1);
    const reused = await post(
      t.app,
      user.cookie,
      '/api/v1/upscaler',
      { imageUrl: image, upscaleFactor: '4x' },
      { 'idempotency-key': 'same-key-123' },
    );
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({ error: { code: 'idempotency_key_reused' } });
    expect(await findBalanceMismatches(t.database.db)).toEqual([]);
  });

  it('frees an Idempotency-Key after 24 hours: the same key then starts new work', async () => {
    const user = await newUser(t, { credits: 10 });
    const image = await uploadImage(t.app, user.cookie, await productPhoto(200, 200));
    const body = { imageUrl: image, upscaleFactor: '2x' };
    const key = { 'idempotency-key': 'day-old-key-1' };
    const first = await post(t.app, user.cookie, '/api/v1/upscaler', body, key);
    const firstId = first.json<{ generationId: string }>().generationId;
    await waitForGeneration(t.app, user.cookie, firstId);
    // A day and a minute later, as far as the key is concerned.
    await t.database.pool.query(
      `update generations set created_at = now() - interval '24 hours 1 minute' where id = $1`,
      [firstId],
    );

    const again = await post(t.app, user.cookie, '/api/v1/upscaler', body, key);

    expect(again.statusCode).toBe(202);
    const againId = again.json<{ generationId: string }>().generationId;
    expect(againId).not.toBe(firstId);
    await waitForGeneration(t.app, user.cookie, againId);
    expect(await findBalanceMismatches(t.database.db)).toEqual([]);
  });

  it('gates video to Pro and the quality mode to Pro, naming the plans needed', async () => {
    const user = await newUser(t, { credits: 40, plan: 'plus_monthly' });
    const image = await uploadImage(t.app, user.cookie, await productPhoto());
    const video = await post(t.app, user.cookie, '/api/v1/video/generate', {
      inputImageUrls: [image],
    });
    expect(video.statusCode).toBe(403);
    expect(video.json()).toMatchObject({
      error: { code: 'plan_required', details: { requiresPlan: ['pro', 'enterprise'] } },
    });
    const quality = await post(t.app, user.cookie, '/api/v1/photoshoot/generate', {
      inputImageUrls: [image],
      mode: 'quality',
    });
    expect(quality.statusCode).toBe(403);
    const modes = await t.app.inject({
      method: 'GET',
      url: '/api/v1/modes',
      headers: { cookie: user.cookie },
    });
    expect(modes.json()).toMatchObject({
      plan: 'plus',
      modes: [
        { value: 'performance', disabled: false, requiresPlan: [] },
        { value: 'balanced', disabled: false, requiresPlan: ['plus', 'pro', 'enterprise'] },
        { value: 'quality', disabled: true, requiresPlan: ['pro', 'enterprise'] },
      ],
    });
  });

  it('estimates every feature name at the price it will charge, previews free', async () => {
    const user = await newUser(t);
    // The local engine really does these; try-on, poses and extraction are labelled previews.
    const cases: [Record<string, unknown>, number][] = [
      [{ feature: 'realistic-tryon', mode: 'balanced', template: [{}, {}] }, 0],
      [{ feature: 'ai-designer', numImages: 2 }, 4],
      [{ feature: 'ai-poses' }, 0],
      [{ feature: 'photoshoot', numImages: 5, mode: 'quality' }, 10],
      [{ feature: 'fashion-extractor' }, 0],
      [{ feature: 'video', duration: 10, mode: 'quality' }, 16],
      [{ feature: 'upscaler', upscaleFactor: '4k' }, 2],
      [{ feature: 'background-removal' }, 1],
      [{ feature: 'try-on' }, 0],
    ];
    for (const [payload, cost] of cases) {
      const res = await post(t.app, user.cookie, '/api/v1/credits/estimate', payload);
      expect(res.json(), JSON.stringify(payload)).toMatchObject({
        success: true,
        creditCost: cost,
        canAfford: cost <= 5,
        available: 5,
      });
    }
  });

  it("takes a template's video as inputVideoUrl and records the style the gallery's View reads back", async () => {
    const user = await newUser(t, { credits: 20, plan: 'pro_monthly' });
    const image = await uploadImage(t.app, user.cookie, await productPhoto());
    const listed = await post(t.app, user.cookie, '/api/v1/video/templates', { type: 'tryon' });
    const template = listed
      .json<{ videoTemplates: { videoId: string; videoUrl: string; duration: number }[] }>()
      .videoTemplates.find((v) => v.videoId === '4');
    const res = await post(t.app, user.cookie, '/api/v1/video/generate', {
      inputImageUrls: [image],
      templateId: template?.videoId,
      inputVideoUrl: template?.videoUrl,
      duration: template?.duration,
      mode: 'quality',
    });
    expect(res.statusCode).toBe(202);
    const { generationId } = res.json<{ generationId: string }>();
    await post(t.app, user.cookie, `/api/v1/generations/${generationId}/cancel`, {});
    const row = await findGeneration(t.database.db, generationId);
    expect(row?.styleName).toBe('template 4 · 10 sec · quality');
    expect(row?.settings).toMatchObject({ templateId: '4', inputVideoUrl: template?.videoUrl });
    expect(row?.inputImageUrls).toEqual([image]);
  });

  it('cancels queued work and gives its credits back once', async () => {
    const user = await newUser(t, { credits: 20, plan: 'pro_monthly' });
    const image = await uploadImage(t.app, user.cookie, await productPhoto());
    const before = await balanceOf(t.database.db, user.id);
    const res = await post(t.app, user.cookie, '/api/v1/video/generate', {
      inputImageUrls: [image],
      duration: 10,
      mode: 'quality',
    });
    const { generationId } = res.json<{ generationId: string }>();
    expect(await balanceOf(t.database.db, user.id)).toBe(before - 16);
    const cancels = await Promise.all(
      [1, 2, 3].map(() =>
        post(t.app, user.cookie, `/api/v1/generations/${generationId}/cancel`, {}),
      ),
    );
    expect(
      cancels.map((c) => c.json<{ generation: { status: string } }>().generation.status),
    ).toEqual(['canceled', 'canceled', 'canceled']);
    expect(await balanceOf(t.database.db, user.id)).toBe(before);
    expect(await findBalanceMismatches(t.database.db)).toEqual([]);
  });
});
