import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, productPhoto, uploadImage } from '../../../test/generation-helpers';
import { createTestApp, signUp, type TestApp } from '../../../test/harness';
import { createLocalStorage } from '../../platform/storage/local-storage';
import { seedCatalog } from './catalog.seed';

let dataDir: string;
let t: TestApp;
let cookie: string;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-catalog-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir, RATE_LIMIT_MULTIPLIER: '100' } });
  const storage = createLocalStorage(path.join(dataDir, 'media'));
  await seedCatalog({ db: t.database.db, storage });
  await seedCatalog({ db: t.database.db, storage }); // seeding again changes nothing
  ({ cookie } = await signUp(t.app));
});
afterAll(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

describe('the catalog', () => {
  it('lists model templates with the spec’s fields and images we serve', async () => {
    const res = await get('/api/v1/templates');
    const templates = res.json<{ templateId: string; templateUrl: string; category: string }[]>();
    expect(templates.map((x) => x.templateId)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
    const image = await get(templates[0]?.templateUrl ?? '');
    expect(image.headers['content-type']).toBe('image/png');
  });

  it('lists live pose presets of both genders and the three types', async () => {
    const { poses } = (await get('/api/v1/poses')).json<{
      poses: { type: string; gender: string; liveStatus: boolean }[];
    }>();
    expect(new Set(poses.map((p) => p.type))).toEqual(new Set(['standing', 'sitting', 'leaning']));
    expect(new Set(poses.map((p) => p.gender))).toEqual(new Set(['female', 'male']));
    expect(poses.every((p) => p.liveStatus)).toBe(true);
  });

  it('serves the video templates in id order as playable MP4s', async () => {
    const res = await post(t.app, cookie, '/api/v1/video/templates', { type: 'tryon' });
    const { videoTemplates } = res.json<{
      videoTemplates: { videoId: string; videoUrl: string; duration: number }[];
    }>();
    expect(videoTemplates.map((v) => [v.videoId, v.duration])).toEqual([
      ['1', 5],
      ['2', 5],
      ['3', 10],
      ['4', 10],
    ]);
    const video = await get(videoTemplates[0]?.videoUrl ?? '');
    expect(video.headers['content-type']).toBe('video/mp4');
    expect(video.rawPayload.subarray(4, 8).toString()).toBe('ftyp');
  });

  it('lets a user generate from a catalog template image, which is everyone’s', async () => {
    const templates = (await get('/api/v1/templates')).json<{ templateUrl: string }[]>();
    const res = await post(t.app, cookie, '/api/v1/upscaler', {
      imageUrl: templates[1]?.templateUrl,
    });
    expect(res.statusCode).toBe(202);
  });

  it('writes a video prompt for an upload, saying the built-in writer made it', async () => {
    const image = await uploadImage(t.app, cookie, await productPhoto());
    const res = await post(t.app, cookie, '/api/v1/video/prompt', { imageUrl: image, model: 'x' });
    expect(res.json()).toMatchObject({ success: true, preview: true });
    expect(res.json<{ prompt: string }>().prompt).toContain('outfit');
  });
});
