// The real C2PA reader (the WASM build the verifier ships) on real files, under Node: the
// reader's module is given its bytes from disk, and files are opened with `fromBytes` (the
// browser's worker uses `fromBlob`, which needs FileReaderSync, a worker-only API).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import init, { WasmReader } from '@contentauth/c2pa-wasm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CredentialsReadError,
  readCredentials,
  readerContext,
  summarise,
  type OpenManifestStore,
} from './read-credentials';

const webRoot = path.resolve(import.meta.dirname, '../../../..');
const wasmPath = createRequire(import.meta.url).resolve(
  '@contentauth/c2pa-wasm/assets/c2pa_bg.wasm',
);

/** Opens the reader on the file's bytes, as the worker does on the Blob. */
const openBytes: OpenManifestStore = async (file, format, context) => {
  const reader = await WasmReader.fromBytes(
    format,
    new Uint8Array(await file.arrayBuffer()),
    context,
  );
  try {
    return reader.json();
  } finally {
    reader.free();
  }
};

/**
 * The server's signed test files (apps/server/src/platform/provenance/fixtures, made by the real
 * marker with a committed development root): read from disk, never imported.
 */
const fixtures = path.resolve(webRoot, '../server/src/platform/provenance/fixtures');
const studioFile = (name: string) => new Blob([readFileSync(path.join(fixtures, name))]);
const trustAnchor = () => readFileSync(path.join(fixtures, 'trust-anchor.pem'), 'utf8');

beforeAll(async () => {
  await init({ module_or_path: readFileSync(wasmPath) });
});

describe('readCredentials on real files', () => {
  it('finds no credentials in a photo that carries none', async () => {
    const photo = studioFile('unsigned.jpg');
    await expect(
      readCredentials(photo, 'image/jpeg', { trustAnchor: null, open: openBytes }),
    ).resolves.toEqual({ found: false });
  });

  it('says a file that is not what its format claims could not be read', async () => {
    const text = new Blob(['not a picture at all']);
    const reading = readCredentials(text, 'image/png', { trustAnchor: null, open: openBytes });
    await expect(reading).rejects.toBeInstanceOf(CredentialsReadError);
    await expect(reading).rejects.toMatchObject({ kind: 'unreadable' });
  });

  const TRY_ON = 'http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia';
  const UPSCALE = 'http://cv.iptc.org/newscodes/digitalsourcetype/algorithmicallyEnhanced';

  it.each([
    ['signed.jpg', 'image/jpeg'],
    ['signed.png', 'image/png'],
    ['signed.webp', 'image/webp'],
    ['signed.mp4', 'video/mp4'],
  ])(
    "reads the studio's %s as trusted with its trust anchor: a try-on made with AI from the garment photo",
    async (name, format) => {
      const reading = await readCredentials(studioFile(name), format, {
        trustAnchor: trustAnchor(),
        open: openBytes,
      });
      expect(reading).toMatchObject({
        found: true,
        summary: {
          state: 'trusted',
          failures: [],
          untrusted: false,
          generator: expect.stringMatching(/^AI Product Studio /) as unknown,
          sourceType: TRY_ON,
          actions: [{ action: 'c2pa.created', sourceType: TRY_ON }],
          issuer: expect.stringMatching(/^AI Product Studio/) as unknown,
          ingredients: ['garment.jpg'],
        },
      });
    },
  );

  it("reads the studio's files as valid but signed by an unknown certificate without its trust anchor", async () => {
    for (const [name, format] of [
      ['signed.jpg', 'image/jpeg'],
      ['signed.mp4', 'video/mp4'],
    ] as const) {
      const reading = await readCredentials(studioFile(name), format, {
        trustAnchor: null,
        open: openBytes,
      });
      expect(reading).toMatchObject({
        found: true,
        summary: { state: 'valid', failures: [], untrusted: true },
      });
    }
  });

  it('reads a signed JPEG with one changed byte of its pixels as invalid: its hash no longer matches', async () => {
    const reading = await readCredentials(studioFile('tampered.jpg'), 'image/jpeg', {
      trustAnchor: trustAnchor(),
      open: openBytes,
    });
    expect(reading).toMatchObject({
      found: true,
      summary: { state: 'invalid', failures: ['assertion.dataHash.mismatch'] },
    });
  });

  it('reads an upscale of a signed file as an edit of that file, not made with generative AI', async () => {
    const reading = await readCredentials(studioFile('edited.jpg'), 'image/jpeg', {
      trustAnchor: trustAnchor(),
      open: openBytes,
    });
    expect(reading).toMatchObject({
      found: true,
      summary: {
        state: 'trusted',
        sourceType: UPSCALE,
        actions: [{ action: 'c2pa.opened' }, { action: 'c2pa.edited', sourceType: UPSCALE }],
        ingredients: ['signed.jpg'],
      },
    });
  });
});

describe('readerContext', () => {
  it('asks the reader to check trust against the studio certificate when there is one', () => {
    expect(readerContext(null)).toBeNull();
    expect(JSON.parse(readerContext('PEM') ?? '')).toEqual({
      trust: { user_anchors: 'PEM' },
      verify: { verify_trust: true },
    });
  });
});

describe('summarise', () => {
  const store = (overrides: Record<string, unknown> = {}) => ({
    active_manifest: 'urn:c2pa:1',
    manifests: {
      'urn:c2pa:1': {
        title: 'try-on.jpg',
        claim_generator_info: [{ name: 'AI Product Studio', version: '1.4.0' }],
        signature_info: { issuer: 'AI Product Studio', time: '2026-11-29T03:00:00+00:00' },
        assertions: [
          {
            label: 'c2pa.actions.v2',
            data: {
              actions: [
                {
                  action: 'c2pa.created',
                  digitalSourceType:
                    'http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia',
                  softwareAgent: { name: 'AI Product Studio', version: '1.4.0' },
                  description: 'Clothes AI Photoshoot (fal-ai/fashn/tryon/v1.6)',
                  parameters: { seed: 42, ingredients: [{ url: 'self#jumbf=x' }] },
                },
              ],
            },
          },
        ],
        ingredients: [{ title: 'garment.jpg' }, { title: 'model.jpg' }],
      },
    },
    validation_state: 'Trusted',
    ...overrides,
  });

  it('reads the active manifest into a plain summary', () => {
    expect(summarise(store())).toEqual({
      state: 'trusted',
      failures: [],
      untrusted: false,
      title: 'try-on.jpg',
      generator: 'AI Product Studio 1.4.0',
      sourceType: 'http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia',
      actions: [
        {
          action: 'c2pa.created',
          sourceType: 'http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia',
          softwareAgent: 'AI Product Studio 1.4.0',
          description: 'Clothes AI Photoshoot (fal-ai/fashn/tryon/v1.6)',
          parameters: [{ name: 'seed', value: '42' }],
        },
      ],
      issuer: 'AI Product Studio',
      signedAt: '2026-11-29T03:00:00+00:00',
      ingredients: ['garment.jpg', 'model.jpg'],
    });
  });

  it('keeps the failure codes apart from the unknown-signer note', () => {
    const summary = summarise(
      store({
        validation_state: 'Invalid',
        validation_results: {
          activeManifest: {
            failure: [
              { code: 'signingCredential.untrusted' },
              { code: 'assertion.dataHash.mismatch' },
            ],
          },
        },
      }),
    );
    expect(summary).toMatchObject({
      state: 'invalid',
      failures: ['assertion.dataHash.mismatch'],
      untrusted: true,
    });
  });

  it('has nothing to say about a store without an active manifest', () => {
    expect(summarise({ manifests: {} })).toBeNull();
    expect(summarise('nonsense')).toBeNull();
  });
});
