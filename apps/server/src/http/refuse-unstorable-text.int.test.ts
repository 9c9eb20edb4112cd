import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  API_BASE,
  errorBodySchema,
  tryOnBatchRequestSchema,
  colourwaysRequestSchema,
  type GenerationType,
} from '@studio/contract';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  giveCredits,
  givePlan,
  post,
  productPhoto,
  succeededGeneration,
  uploadImage,
  userIdOf,
} from '../../test/generation-helpers';
import { createTestApp, signUp, TEST_ORIGIN, type TestApp } from '../../test/harness';
import { generations } from '../db/schema';
import { TOOLS, toolPath } from '../modules/generations/generation-tools';
import { findUnstorableText, LONE_SURROGATE_MESSAGE, NUL_MESSAGE } from './refuse-unstorable-text';

const NUL = '\u0000';

describe('a NUL character anywhere in a request', () => {
  it.each<[string, (userId: string) => InjectOptions, string]>([
    [
      'a profile name',
      (userId) => ({
        method: 'PUT',
        url: '/api/v1/user/profile',
        payload: { userId, name: `Asha${NUL}` },
      }),
      'name',
    ],
    [
      'a company name',
      (userId) => ({
        method: 'PUT',
        url: '/api/v1/user/profile',
        payload: { userId, companyName: `Rao${NUL}Textiles` },
      }),
      'companyName',
    ],
    [
      'the Settings name',
      () => ({ method: 'PUT', url: '/api/v1/user/name', payload: { name: NUL } }),
      'name',
    ],
    [
      'a gallery search',
      (userId) => ({
        method: 'POST',
        url: '/api/v1/gallery/past-generations',
        payload: { userId, search: `red${NUL}` },
      }),
      'search',
    ],
    [
      'a nested array item',
      () => ({
        method: 'POST',
        url: '/api/v1/credits/estimate',
        payload: { feature: 'upscaler', settings: { list: ['a', `b${NUL}`] } },
      }),
      'settings.list.1',
    ],
    [
      'an object key',
      () => ({
        method: 'POST',
        url: '/api/v1/credits/estimate',
        payload: { feature: 'upscaler', settings: { [`a${NUL}`]: 1 } },
      }),
      'settings.a\\u0000',
    ],
    [
      'a generation id in the path',
      () => ({ method: 'GET', url: '/api/v1/generations/abc%00def' }),
      'id',
    ],
    [
      'a query string',
      () => ({ method: 'GET', url: '/api/v1/media/abc?download=a%00b' }),
      'download',
    ],
    [
      "Better Auth's update-user",
      () => ({ method: 'POST', url: '/api/auth/update-user', payload: { name: `Asha${NUL}` } }),
      'name',
    ],
  ])('is refused with 400 in %s', async (_what, request, path) => {
    const { app } = await createTestApp();
    const { cookie } = await signUp(app);
    const session = await app.inject({
      method: 'GET',
      url: '/api/v1/session',
      headers: { cookie },
    });
    const userId = session.json<{ user: { id: string } }>().user.id;
    const options = request(userId);
    const res = await app.inject({
      ...options,
      headers: { cookie, origin: TEST_ORIGIN },
    });
    expect(res.statusCode).toBe(400);
    expect(errorBodySchema.parse(res.json())).toEqual({
      success: false,
      error: {
        code: 'validation_failed',
        message: NUL_MESSAGE,
        details: [{ path, message: 'must not contain the NUL character (\\u0000)' }],
      },
    });
  });

  it('is refused with 400 on sign-up, before an account is made', async () => {
    const { app } = await createTestApp();
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: TEST_ORIGIN },
      payload: { name: `Asha${NUL}`, email: 'nul@example.com', password: 'correct horse battery' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: { code: 'validation_failed', message: NUL_MESSAGE },
    });
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN },
      payload: { email: 'nul@example.com', password: 'correct horse battery' },
    });
    expect(signIn.statusCode).toBe(401);
  });
});

/*
 * Issue 29 (3): a lone UTF-16 surrogate reached a generation's `settings` (jsonb), which PostgreSQL
 * refused: a 500. The body is sent as JSON text holding the six ASCII characters `\ud800`: a
 * serializer that writes the string itself as UTF-8 would send U+FFFD instead, and test nothing.
 */

type Segment = string | number;
type Payload = Record<string, unknown>;

const LONE_SURROGATE_DETAIL =
  'must not contain a lone UTF-16 surrogate (\\ud800–\\udfff without its pair)';
const MARK = 'lone-surrogate-goes-here';
/** `x`, a high surrogate without its low half, `y`: as JSON text, all ASCII. */
const LONE_SURROGATE_JSON = '"x\\ud800y"';

/** The JSON text of `payload` with the string at `at` replaced by one holding a lone surrogate. */
function withLoneSurrogate(payload: Payload, at: Segment[]): string {
  const copy = structuredClone(payload);
  let parent: unknown = copy;
  for (const segment of at.slice(0, -1)) parent = (parent as Record<Segment, unknown>)[segment];
  (parent as Record<Segment, unknown>)[at.at(-1) ?? ''] = MARK;
  return JSON.stringify(copy).replace(JSON.stringify(MARK), LONE_SURROGATE_JSON);
}

/** Every string in a payload, by its path (array items by index). */
function stringsOf(value: unknown, at: Segment[] = []): Segment[][] {
  if (typeof value === 'string') return [at];
  if (Array.isArray(value)) return value.flatMap((item, i) => stringsOf(item, [...at, i]));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, item]) => stringsOf(item, [...at, key]));
  }
  return [];
}

/** A path as a schema names it: array items are `*`. */
const shape = (at: Segment[]) => at.map((s) => (typeof s === 'number' ? '*' : s)).join('.');

/** Every string a schema takes as input (free text, enum, literal), by path, arrays as `*`. */
function schemaStrings(node: unknown, at: string, found: Set<string>): Set<string> {
  if (Array.isArray(node)) {
    for (const child of node) schemaStrings(child, at, found);
    return found;
  }
  if (typeof node !== 'object' || node === null) return found;
  const schema = node as Record<string, unknown>;
  if ([schema.type].flat().includes('string')) found.add(at);
  const child = (segment: string) => (at === '' ? segment : `${at}.${segment}`);
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties' && typeof value === 'object' && value !== null) {
      for (const [name, property] of Object.entries(value)) {
        schemaStrings(property, child(name), found);
      }
    } else if (key === 'items' || key === 'prefixItems') {
      schemaStrings(value, child('*'), found);
    } else if (['anyOf', 'oneOf', 'allOf'].includes(key)) {
      schemaStrings(value, at, found);
    }
  }
  return found;
}

interface Inputs {
  userId: string;
  image: string;
  /** Another photo: a catalogue refuses the same image as two models. */
  photo: string;
  /** A succeeded generation of the user's, its first image `image` (listing prepare takes it). */
  generation: string;
}

/**
 * Every generate endpoint, with payloads a user could really send that together set every string
 * the schema takes (a union's every branch): the coverage test below fails when a schema gains a
 * string these do not set, and the record type when a tool is added without payloads.
 */
const GENERATE: Record<GenerationType | 'try-on-batch', (v: Inputs) => Payload[]> = {
  photoshoot: ({ userId, image }) => [
    {
      userId,
      sceneStyle: 'studio',
      colorTheme: 'white',
      inputImageUrls: [image],
      prompt: 'on a beach',
      numImages: 1,
      mode: 'performance',
    },
  ],
  'try-on': ({ userId, image, photo }) => {
    const settings = {
      category: 'auto',
      garmentPhotoType: 'auto',
      numImages: 1,
      mode: 'performance',
    };
    const garment = { imageUrl: image, name: 'Linen shirt' };
    return [
      {
        userId,
        garment,
        model: { kind: 'template', templateId: 't1', templateUrl: image, name: 'Asha' },
        ...settings,
      },
      { userId, garment, model: { kind: 'photo', imageUrl: photo, name: 'Me' }, ...settings },
    ];
  },
  'realistic-try-on': ({ userId, image }) => [
    {
      userId,
      clothing: { id: 'c1', imageUrl: [image] },
      template: [{ templateId: 't1', templateUrl: image, prompt: 'in a studio' }],
      clothType: 'shirt',
      prompt: 'soft light',
      numImages: 1,
      ethnicity: 'auto',
      gender: 'female',
      mode: 'performance',
      aspectRatio: '9:16',
    },
  ],
  'ai-designer': ({ userId, image }) => [
    {
      userId,
      clothImage: image,
      clothType: 'dress',
      designTheme: 'automatic',
      colorPalette: 'pastel',
      style: 'modern',
      aspectRatio: '9:16',
      prompt: 'a summer dress',
      numImages: 1,
      mode: 'performance',
    },
  ],
  'ai-poses': ({ userId, image }) =>
    [image, [image]].map((poseImage) => ({
      userId,
      background: 'no-change',
      colorTheme: 'white',
      expression: 'no-change',
      inputImageUrls: [image],
      pose: {
        poseId: 'p1',
        imageUrl: poseImage,
        prompt: 'arms crossed',
        type: 'standing',
        gender: 'female',
      },
      method: 'preselected',
      aspectRatio: '9:16',
      viewType: 'random',
      prompt: 'standing tall',
      numImages: 1,
      mode: 'performance',
    })),
  'fashion-extractor': ({ userId, image }) => [
    {
      userId,
      extractionType: 'full-outfit',
      inputImageUrls: [image],
      prompt: 'the jacket',
      numImages: 1,
      mode: 'performance',
    },
  ],
  'video-generation': ({ userId, image }) => [
    {
      userId,
      inputImageUrls: [image],
      inputVideoUrl: image,
      prompt: 'a slow turn',
      duration: 5,
      resolution: '720p',
      templateId: 'v1',
      mode: 'performance',
    },
  ],
  upscaler: ({ userId, image }) => [
    { userId, imageUrl: image, upscaleFactor: '2x', method: 'High Fidelity V2' },
  ],
  'background-removal': ({ userId, image }) => [{ userId, imageUrl: image }],
  'listing-prepare': ({ userId, image, generation }) => [
    { userId, imageUrl: image, marketplace: 'amazon', slot: 'main' },
    { userId, generationId: generation, marketplace: 'myntra', slot: 'additional' },
  ],
  'angle-set': ({ userId, image, photo }) => [
    {
      userId,
      imageUrl: image,
      garmentImageUrl: photo,
      category: 'tops',
      views: ['front', 'back'],
      marketplace: 'amazon',
      mode: 'performance',
    },
  ],
  colourways: ({ userId, image }) => [
    {
      userId,
      imageUrl: image,
      category: 'tops',
      name: 'Summer tees',
      variants: [{ name: 'TEE-RED', colour: '#C0392B' }],
    },
  ],
  'try-on-batch': ({ userId, image, photo }) => [
    {
      userId,
      name: 'Summer',
      garments: [{ imageUrl: image, name: 'Linen shirt' }],
      models: [
        { kind: 'template', templateId: 't1', templateUrl: image, name: 'Asha' },
        { kind: 'photo', imageUrl: photo, name: 'Me' },
      ],
      category: 'auto',
      garmentPhotoType: 'auto',
      numImages: 1,
      mode: 'performance',
    },
  ],
};

const endpoint = (name: keyof typeof GENERATE) =>
  name === 'try-on-batch'
    ? { url: `${API_BASE}/try-on/batches`, schema: tryOnBatchRequestSchema }
    : name === 'colourways'
      ? { url: `${API_BASE}/colourways/generate`, schema: colourwaysRequestSchema }
      : {
          url: `${API_BASE}${toolPath(name)}`,
          schema: TOOLS[name].request?.schema ?? TOOLS[name].schema,
        };

const NAMES = Object.keys(GENERATE) as (keyof typeof GENERATE)[];
/** Paths only: the values do not change which strings there are. */
const SHAPE_OF: Inputs = { userId: 'u', image: 'i', photo: 'p', generation: 'g' };
const CASES = NAMES.flatMap((name) =>
  GENERATE[name](SHAPE_OF).flatMap((payload, variant) =>
    stringsOf(payload).map((at) => [name, at.join('.'), variant, at] as const),
  ),
);

describe('a lone UTF-16 surrogate in a generate payload', () => {
  let dataDir: string;
  let t: TestApp;
  let cookie: string;
  let inputs: Inputs;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-surrogate-'));
    t = await createTestApp({ env: { DATA_DIR: dataDir, RATE_LIMIT_MULTIPLIER: '100' } });
    ({ cookie } = await signUp(t.app));
    const userId = await userIdOf(t.app, cookie);
    // Video generation needs the Pro plan, the extractor Plus or more.
    await givePlan(t.database.db, userId, 'pro_monthly');
    await giveCredits(t.database.db, userId, 1000);
    const image = await uploadImage(t.app, cookie, await productPhoto());
    inputs = {
      userId,
      image,
      photo: await uploadImage(t.app, cookie, await productPhoto(400, 500, '#3c6ed2')),
      generation: await succeededGeneration(t.database.db, userId, [image]),
    };
  });
  afterAll(async () => {
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  const storedCount = async () =>
    (
      await t.database.db
        .select({ id: generations.id })
        .from(generations)
        .where(eq(generations.userId, inputs.userId))
    ).length;

  /** Cancels what an answer started: the worker is off, and a user may have only so much queued. */
  async function cancelStarted(res: { statusCode: number; json: () => unknown }) {
    if (res.statusCode !== 202) return;
    const started = res.json() as {
      generationId?: string;
      batchId?: string;
      generations?: { generationId: string }[];
    };
    for (const variant of started.generations ?? []) {
      const cancel = await post(
        t.app,
        cookie,
        `${API_BASE}/generations/${variant.generationId}/cancel`,
        {},
      );
      expect(cancel.statusCode, cancel.body).toBe(200);
    }
    if (started.generations) return;
    const url = started.batchId
      ? `${API_BASE}/try-on/batches/${started.batchId}/cancel`
      : `${API_BASE}/generations/${String(started.generationId)}/cancel`;
    const cancel = await post(t.app, cookie, url, {});
    expect(cancel.statusCode, cancel.body).toBe(200);
  }

  it.each(NAMES)('%s: the payloads set every string its schema takes', (name) => {
    const json = z.toJSONSchema(endpoint(name).schema, { io: 'input', unrepresentable: 'any' });
    const set = new Set(GENERATE[name](SHAPE_OF).flatMap((p) => stringsOf(p).map(shape)));
    expect([...schemaStrings(json, '', new Set())].filter((at) => !set.has(at))).toEqual([]);
  });

  it.each(NAMES)('%s: the payloads are accepted as they are', async (name) => {
    for (const payload of GENERATE[name](inputs)) {
      const res = await post(t.app, cookie, endpoint(name).url, payload);
      expect(res.statusCode, res.body).toBe(202);
      await cancelStarted(res);
    }
  });

  it.each(CASES)('%s: refuses %s (payload %i) with 400', async (name, dotted, variant, at) => {
    const payload = GENERATE[name](inputs)[variant];
    if (!payload) throw new Error(`no payload ${String(variant)} for ${name}`);
    const raw = withLoneSurrogate(payload, at);
    // What the server parses really holds the lone surrogate, not U+FFFD.
    expect(raw).toMatch(/^[\x20-\x7e]*$/);
    expect(findUnstorableText(JSON.parse(raw))).toEqual({
      path: dotted,
      problem: 'lone-surrogate',
    });
    const before = await storedCount();

    const res = await t.app.inject({
      method: 'POST',
      url: endpoint(name).url,
      headers: { cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: raw,
    });
    await cancelStarted(res);

    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      error: {
        code: 'validation_failed',
        message: LONE_SURROGATE_MESSAGE,
        details: [{ path: dotted, message: LONE_SURROGATE_DETAIL }],
      },
    });
    expect(await storedCount()).toBe(before);
  });
});

describe('a lone UTF-16 surrogate elsewhere in a request', () => {
  it.each<[string, (userId: string) => InjectOptions, string]>([
    [
      'a profile name (a low surrogate alone)',
      (userId) => ({
        method: 'PUT',
        url: '/api/v1/user/profile',
        payload: `{"userId":${JSON.stringify(userId)},"name":"Asha\\udc00"}`,
      }),
      'name',
    ],
    [
      'an object key',
      () => ({
        method: 'POST',
        url: '/api/v1/credits/estimate',
        payload: '{"feature":"upscaler","settings":{"a\\ud800":1}}',
      }),
      'settings.a\\ud800',
    ],
    [
      "Better Auth's update-user",
      () => ({
        method: 'POST',
        url: '/api/auth/update-user',
        payload: '{"name":"Asha\\ud83d"}',
      }),
      'name',
    ],
  ])('is refused with 400 in %s', async (_what, request, path) => {
    const { app } = await createTestApp();
    const { cookie } = await signUp(app);
    const res = await app.inject({
      ...request(await userIdOf(app, cookie)),
      headers: { cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(errorBodySchema.parse(res.json())).toEqual({
      success: false,
      error: {
        code: 'validation_failed',
        message: LONE_SURROGATE_MESSAGE,
        details: [{ path, message: LONE_SURROGATE_DETAIL }],
      },
    });
  });

  it('takes text with whole surrogate pairs: an emoji in the Settings name', async () => {
    const { app } = await createTestApp();
    const { cookie } = await signUp(app);
    const res = await app.inject({
      method: 'PUT',
      url: '/api/v1/user/name',
      headers: { cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: '{"name":"Asha \\ud83d\\ude00"}',
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});
