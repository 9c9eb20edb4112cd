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
} from '../../../test/generation-helpers';
import type { TestApp } from '../../../test/harness';

/*
 * Every tool with an aspect-ratio setting makes pictures of that shape (issue 30: the AI designer
 * was asked for 9:16 and answered a landscape). Real runs on the local engine, from a landscape
 * garment photo, so a result that kept its input's shape fails. The output's own pixels decide.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createSeededApp('studio-aspect-');
});

const RATIOS = { '9:16': 9 / 16, '16:9': 16 / 9, '1:1': 1 } as const;

describe('every tool honours its aspect ratio', () => {
  it.each([
    ['AI designer', '9:16', '/api/v1/ai-designer/generate'],
    ['AI designer', '1:1', '/api/v1/ai-designer/generate'],
    ['AI poses', '9:16', '/api/v1/ai-poses/generate'],
    ['AI poses', '16:9', '/api/v1/ai-poses/generate'],
    ['realistic try-on', '16:9', '/api/v1/realistic-tryon/generate'],
    ['realistic try-on', '1:1', '/api/v1/realistic-tryon/generate'],
  ] as const)(
    '%s asked for %s makes a picture of that shape',
    async (_name, ratio, url) => {
      const { cookie } = await newUser(t, { credits: 40 });
      // Landscape in: a result that kept the input's shape would be 3:2.
      const image = await uploadImage(t.app, cookie, await productPhoto(450, 300));
      const payload = toolPayloads(image, await firstTemplate(t.app, cookie))[url] as Record<
        string,
        unknown
      >;
      const res = await post(t.app, cookie, `${url}?wait=110`, {
        ...payload,
        numImages: 1,
        aspectRatio: ratio,
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<{ success: boolean; imageUrls: string[]; message: string }>();
      expect(body.success, body.message).toBe(true);
      expect(body.imageUrls.length).toBeGreaterThan(0);
      for (const output of body.imageUrls) {
        const media = await t.app.inject({ method: 'GET', url: output });
        expect(media.statusCode).toBe(200);
        const { width, height } = await sharp(media.rawPayload).metadata();
        expect(width / height).toBeCloseTo(RATIOS[ratio], 2);
      }
    },
    120_000,
  );
});
