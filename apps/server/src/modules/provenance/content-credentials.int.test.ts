import { beforeAll, describe, expect, it } from 'vitest';
import { IPTC, download, make, marksOf, trustAnchorOf } from '../../../test/credentials-helpers';
import {
  createSeededApp,
  newUser,
  post,
  productPhoto,
  uploadImage,
} from '../../../test/generation-helpers';
import type { TestApp } from '../../../test/harness';
import { readZip } from '../../../test/read-zip';

/*
 * Content credentials end to end on the local engine (issue 34, ADR 058): outputs made through the
 * API carry IPTC's digital source type in XMP, read by ExifTool, and a C2PA manifest the reference
 * reader (c2pa-rs) validates against the studio's trust anchor, as downloaded and in the gallery zip.
 * The fal outputs: content-credentials-fal.int.test.ts; a marking failure: marking-failure.int.test.ts.
 */

let t: TestApp;
let anchor: string;
let user: { cookie: string; id: string };
let photo: string;

beforeAll(async () => {
  t = await createSeededApp('studio-credentials-');
  anchor = await trustAnchorOf(t);
  user = await newUser(t, { credits: 50, plan: 'pro_monthly' });
  photo = await uploadImage(t.app, user.cookie, await productPhoto(320, 400));
});

describe('outputs of the local engine', () => {
  it('marks an upscale as an algorithmic edit of its photo, in XMP and a valid signed manifest', async () => {
    const upscale = await make(t, user.cookie, '/api/v1/upscaler', {
      imageUrl: photo,
      upscaleFactor: '2x',
    });
    const marks = await marksOf(await download(t, upscale.imageUrls[0] ?? ''), anchor);

    expect(marks).toMatchObject({
      sourceType: `${IPTC}algorithmicallyEnhanced`,
      creatorTool: expect.stringMatching(/^AI Product Studio \d+\.\d+\.\d+$/) as unknown,
      state: 'Trusted',
      failures: [],
      actions: [
        ['c2pa.opened', undefined],
        ['c2pa.edited', `${IPTC}algorithmicallyEnhanced`],
      ],
      agents: ['AI Product Studio', 'AI Product Studio'],
    });
    expect(marks.model).toBeUndefined();
    // The photo is named and hashed, never embedded.
    expect(marks.ingredients).toEqual([
      expect.objectContaining({
        relationship: 'parentOf',
        title: 'input-1.jpg',
        instance_id: expect.stringMatching(/^sha256:[0-9a-f]{64}$/) as unknown,
      }),
    ]);
    expect(upscale.credentials).toMatchObject({
      sourceType: 'algorithmicallyEnhanced',
      model: null,
      verified: true,
      marked: 1,
      outputs: 1,
    });
  });

  it('marks every photoshoot scene and a video, and the gallery zip carries the same marks', async () => {
    const shoot = await make(t, user.cookie, '/api/v1/photoshoot/generate', {
      inputImageUrls: [photo],
      sceneStyle: 'luxury',
      numImages: 2,
    });
    const video = await make(t, user.cookie, '/api/v1/video/generate', {
      inputImageUrls: [photo],
      duration: 5,
      mode: 'performance',
    });
    expect(shoot.credentials).toMatchObject({ marked: 2, outputs: 2, verified: true });
    expect(await marksOf(await download(t, video.videoUrls[0] ?? ''), anchor)).toMatchObject({
      sourceType: `${IPTC}algorithmicallyEnhanced`,
      state: 'Trusted',
      failures: [],
    });

    const link = await post(t.app, user.cookie, '/api/v1/gallery/zip', {
      generationIds: [shoot.generationId, video.generationId],
    });
    expect(link.statusCode).toBe(201);
    const zip = await t.app.inject({
      method: 'GET',
      url: link.json<{ downloadUrl: string }>().downloadUrl,
      headers: { cookie: user.cookie },
    });
    expect(zip.statusCode).toBe(200);
    const entries = await readZip(zip.rawPayload);
    expect(entries).toHaveLength(3);
    for (const entry of entries) {
      const type = entry.name.endsWith('.mp4') ? 'video/mp4' : 'image/jpeg';
      expect(await marksOf({ bytes: entry.data, type }, anchor), entry.name).toMatchObject({
        sourceType: `${IPTC}algorithmicallyEnhanced`,
        state: 'Trusted',
        failures: [],
      });
    }
  });
});

describe('GET /provenance/trust-anchor', () => {
  it('answers the root certificate as PEM to anyone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/provenance/trust-anchor' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/x-pem-file/);
    expect(res.body).toMatch(
      /^-----BEGIN CERTIFICATE-----\r?\n[\s\S]+-----END CERTIFICATE-----\s*$/,
    );
  });
});
