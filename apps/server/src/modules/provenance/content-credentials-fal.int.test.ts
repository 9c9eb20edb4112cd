import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IPTC, download, make, marksOf, trustAnchorOf } from '../../../test/credentials-helpers';
import { startFakeFal, type FakeFal } from '../../../test/fake-fal-server';
import {
  createSeededApp,
  firstTemplate,
  newUser,
  productPhoto,
  uploadImage,
} from '../../../test/generation-helpers';
import type { TestApp } from '../../../test/harness';

/*
 * Content credentials of a generative model's outputs (issue 34, ADR 058), on the fal provider
 * against the local fake of fal's queue: "Created using Generative AI", the model named, the
 * inputs as ingredients, and an edit of such a result carrying its credentials forward.
 */

const API_KEY = 'credentials-key';
let fake: FakeFal;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakeFal({ apiKey: API_KEY });
  fake.setDefaultScript({ queueSteps: 1, progressSteps: 1, outcome: 'ok' });
  t = await createSeededApp('studio-credentials-fal-', {
    env: {
      GENERATION_PROVIDER: 'fal',
      FAL_KEY: API_KEY,
      FAL_BASE_URL: fake.url,
      FAL_POLL_INTERVAL_MS: '50',
    },
  });
});

afterAll(async () => {
  await fake.close();
});

describe('outputs of a generative model (fal)', () => {
  it('marks a try-on as created with generative AI, naming the model, and an upscale of it carries those credentials forward', async () => {
    const anchor = await trustAnchorOf(t);
    const user = await newUser(t, { credits: 50, plan: 'pro_monthly' });
    const garment = await uploadImage(t.app, user.cookie, await productPhoto());
    const template = await firstTemplate(t.app, user.cookie);
    const tryOn = await make(t, user.cookie, '/api/v1/try-on/generate', {
      garment: { imageUrl: garment },
      model: { kind: 'template', ...template },
    });
    const marks = await marksOf(await download(t, tryOn.imageUrls[0] ?? ''), anchor);

    expect(tryOn.credentials).toMatchObject({
      sourceType: 'trainedAlgorithmicMedia',
      model: expect.stringMatching(/^fal-ai\//) as unknown,
      verified: true,
    });
    expect(marks).toMatchObject({
      sourceType: `${IPTC}trainedAlgorithmicMedia`,
      model: tryOn.credentials?.model,
      state: 'Trusted',
      failures: [],
      actions: [['c2pa.created', `${IPTC}trainedAlgorithmicMedia`]],
      agents: [tryOn.credentials?.model],
    });
    // The garment and the model photo, as the model's inputs: named and hashed, no pixels.
    expect(marks.ingredients).toEqual([
      expect.objectContaining({ relationship: 'inputTo', title: 'input-1.jpg' }),
      expect.objectContaining({ relationship: 'inputTo' }),
    ]);

    const upscale = await make(t, user.cookie, '/api/v1/upscaler', {
      imageUrl: tryOn.imageUrls[0],
      upscaleFactor: '2x',
    });
    const chain = await marksOf(await download(t, upscale.imageUrls[0] ?? ''), anchor);
    expect(chain).toMatchObject({ state: 'Trusted', failures: [], manifests: 2 });
    expect(chain.ingredients).toEqual([
      expect.objectContaining({ relationship: 'parentOf', active_manifest: marks.activeLabel }),
    ]);
  });
});
