import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { Db } from '../src/db/client';
import { subscriptions } from '../src/db/schema';
import { seedCatalog } from '../src/modules/catalog/catalog.seed';
import { grant, listEntries } from '../src/modules/credits/credits.service';
import {
  createGeneration,
  type NewGeneration,
} from '../src/modules/generations/generations.service';
import { createLocalStorage } from '../src/platform/storage/local-storage';
import { createTestApp, signUp, tempDir, TEST_ORIGIN, type TestApp } from './harness';

/** A photo-like test image: a coloured garment shape on a plain backdrop. */
export function productPhoto(width = 400, height = 500, colour = '#d23c3c'): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${String(width)}" height="${String(height)}">
    <rect width="100%" height="100%" fill="#f2f2f2"/>
    <path d="M${String(width * 0.3)} ${String(height * 0.2)} L${String(width * 0.7)} ${String(height * 0.2)} L${String(width * 0.78)} ${String(height * 0.85)} L${String(width * 0.22)} ${String(height * 0.85)} Z" fill="${colour}"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

export async function userIdOf(app: FastifyInstance, cookie: string): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/api/v1/session', headers: { cookie } });
  return res.json<{ user: { id: string } }>().user.id;
}

/** `POST /uploads` of one image as a multipart form, with a session's or an API key's headers. */
export function postUpload(
  app: FastifyInstance,
  headers: Record<string, string>,
  body: Buffer,
  filename = 'photo.jpg',
) {
  const boundary = `----gen${randomBytes(6).toString('hex')}`;
  return app.inject({
    method: 'POST',
    url: '/api/v1/uploads',
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${filename}"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      body,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
}

/** Uploads one image through `POST /uploads` and returns its media URL. */
export async function uploadImage(app: FastifyInstance, cookie: string, body: Buffer) {
  const res = await postUpload(app, { cookie, origin: TEST_ORIGIN }, body);
  if (res.statusCode !== 200)
    throw new Error(`upload failed: ${String(res.statusCode)} ${res.body}`);
  return res.json<{ url: string }>().url;
}

/** Puts the user on a paid plan until next month (what a completed purchase leaves behind). */
export async function givePlan(db: Db, userId: string, type: 'plus_monthly' | 'pro_monthly') {
  const now = new Date();
  await db.insert(subscriptions).values({
    userId,
    type,
    code: type === 'pro_monthly' ? 401 : 301,
    status: 'active',
    startedAt: now,
    endsAt: new Date(now.getTime() + 30 * 86_400_000),
    monthlyCredits: 0,
    cyclesTotal: 0,
    transactionAt: now,
  });
}

/** A signed-up user, with credits and a plan when asked for. */
export async function newUser(
  t: TestApp,
  options: { credits?: number; plan?: 'plus_monthly' | 'pro_monthly' } = {},
): Promise<{ cookie: string; id: string }> {
  const { cookie } = await signUp(t.app);
  const id = await userIdOf(t.app, cookie);
  if (options.credits) await giveCredits(t.database.db, id, options.credits);
  if (options.plan) await givePlan(t.database.db, id, options.plan);
  return { cookie, id };
}

/**
 * `createTestApp` with its media under a temporary DATA_DIR (removed after the file) and the
 * model-template catalog seeded there: the setup of the tools' end-to-end files.
 */
export async function createSeededApp(
  prefix: string,
  options: { env?: Record<string, string>; worker?: boolean } = {},
): Promise<TestApp> {
  const dataDir = await tempDir(prefix);
  const t = await createTestApp({
    env: { DATA_DIR: dataDir, RATE_LIMIT_MULTIPLIER: '100', ...options.env },
    worker: options.worker ?? true,
  });
  await seedCatalog({
    db: t.database.db,
    storage: createLocalStorage(path.join(dataDir, 'media')),
  });
  return t;
}

/** The first live model template (the catalog must be seeded). */
export async function firstTemplate(app: FastifyInstance, cookie: string) {
  const res = await app.inject({ method: 'GET', url: '/api/v1/templates', headers: { cookie } });
  const [template] = res.json<{ templateId: string; templateUrl: string }[]>();
  if (!template) throw new Error('no templates seeded');
  return template;
}

/** Polls `check` every 50 ms until it holds (bounded). */
export async function waitUntil(
  what: string,
  check: () => boolean | Promise<boolean>,
  timeoutMs = 10_000,
) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Every queue job of the generation has ended (the runner is done with it). */
export async function jobsSettled(t: TestApp, generationId: string) {
  const { rows } = await t.database.pool.query<{ state: string }>(
    `select state from pgboss.job where name = 'generation' and data->>'generationId' = $1`,
    [generationId],
  );
  return (
    rows.length > 0 && rows.every((r) => ['completed', 'failed', 'cancelled'].includes(r.state))
  );
}

/** A succeeded generation of the user's with these images, recorded as is (no work runs). */
export async function succeededGeneration(
  db: Db,
  userId: string,
  imageUrls: string[],
  values: Partial<NewGeneration> = {},
): Promise<string> {
  const id = values.id ?? `gen_${randomBytes(8).toString('hex')}`;
  await createGeneration(db, {
    id,
    userId,
    type: 'photoshoot',
    status: 'succeeded',
    credits: 1,
    imageUrls,
    finishedAt: new Date(),
    ...values,
  });
  return id;
}

export async function giveCredits(db: Db, userId: string, amount: number) {
  await grant(db, {
    userId,
    amount,
    key: `test-grant:${randomBytes(8).toString('hex')}`,
    kind: 'adjust',
    source: 'adjust',
    expiresAt: null,
    reason: 'test',
  });
}

export function post(
  app: FastifyInstance,
  cookie: string,
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url,
    headers: { cookie, origin: TEST_ORIGIN, ...headers },
    payload: payload as Record<string, unknown>,
  });
}

/** Polls `GET /generations/:id` until it is finished (bounded). */
export async function waitForGeneration(
  app: FastifyInstance,
  cookie: string,
  id: string,
  timeoutMs = 60_000,
) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1/generations/${id}`,
      headers: { cookie },
    });
    const body = res.json<{
      generation: {
        status: string;
        imageUrls: string[];
        videoUrls: string[];
        error: string | null;
        previewNote: string | null;
        progress: number;
      };
    }>();
    if (['succeeded', 'failed', 'canceled'].includes(body.generation.status))
      return body.generation;
    if (Date.now() > until) throw new Error(`generation ${id} still ${body.generation.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** One payload per generate path (document 2 §7 shapes), for end-to-end runs of every tool. */
export function toolPayloads(
  image: string,
  template: { templateId: string; templateUrl: string },
): Record<string, unknown> {
  const chosen = [{ templateId: template.templateId, templateUrl: template.templateUrl }];
  return {
    '/api/v1/try-on/generate': {
      garment: { imageUrl: image },
      model: { kind: 'template', ...template },
    },
    '/api/v1/realistic-tryon/generate': {
      template: chosen,
      clothing: { imageUrl: [image] },
      ethnicity: 'indian',
    },
    '/api/v1/ai-designer/generate': { clothImage: image, colorPalette: 'pastel', numImages: 2 },
    '/api/v1/ai-poses/generate': { inputImageUrls: [image], viewType: 'full body view' },
    '/api/v1/photoshoot/generate': { inputImageUrls: [image], sceneStyle: 'luxury', numImages: 2 },
    '/api/v1/fashion-extractor/generate': { inputImageUrls: [image] },
    '/api/v1/video/generate': { inputImageUrls: [image], duration: 5, mode: 'performance' },
    '/api/v1/background-removal': { imageUrl: image },
  };
}

/** The credit entries one generation wrote: one reserve, then exactly one capture or release. */
export async function settlementsOf(db: Db, userId: string, generationId: string) {
  const entries = await listEntries(db, userId);
  const of = (kind: string) =>
    entries.filter((e) => e.kind === kind && e.referenceId === generationId).length;
  return { captures: of('capture'), releases: of('release') };
}
