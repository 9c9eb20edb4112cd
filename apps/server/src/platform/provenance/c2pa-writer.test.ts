import { createHash } from 'node:crypto';
import { digitalSourceTypeUri } from '@studio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readC2pa } from './c2pa-reader';
import { type ClaimInput, type IngredientInput, embedC2pa } from './c2pa-writer';
import {
  actionsOf,
  chunkHeads,
  ingredientsOf,
  readFixture,
  sceneAs,
  removeTempDirs,
  tempDir,
  withMoovLast,
} from './fixtures/test-kit';
import { type SigningMaterial, developmentSigningMaterial } from './signing-material';
import type { MarkableType } from './xmp';

/*
 * What c2pa-ts writes, as the C2PA reference implementation (c2pa-rs as WebAssembly) reads it:
 * the validation state with and without the studio's root, the claim generator, the actions with
 * IPTC's digital source type, and the ingredients.
 */

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const GENERATOR = { name: 'AI Product Studio', version: '1.0.0' };
const garment = Buffer.from('garment photo bytes');
const person = Buffer.from('model photo bytes');
const INPUTS: IngredientInput[] = [
  {
    title: 'garment.jpg',
    contentType: 'image/jpeg',
    sha256: sha256(garment),
    relationship: 'inputTo',
  },
  { title: 'model.png', contentType: 'image/png', sha256: sha256(person), relationship: 'inputTo' },
];
const tryOn = (instanceId = 'xmp:iid:try-on'): ClaimInput => ({
  action: 'c2pa.created',
  sourceType: 'trainedAlgorithmicMedia',
  generator: GENERATOR,
  model: 'fal-ai/fashn/tryon/v1.6',
  tool: 'a model wearing the garment',
  instanceId,
  ingredients: INPUTS,
});
const upscale: ClaimInput = {
  action: 'c2pa.edited',
  sourceType: 'algorithmicallyEnhanced',
  generator: GENERATOR,
  model: null,
  tool: 'upscaled by resampling and sharpening',
  instanceId: 'xmp:iid:upscale',
  ingredients: [
    {
      title: 'photo.jpg',
      contentType: 'image/jpeg',
      sha256: sha256(garment),
      relationship: 'parentOf',
    },
  ],
};

const ALL_TYPES: MarkableType[] = ['image/jpeg', 'image/png', 'image/webp', 'video/mp4'];
let material: SigningMaterial;
let sources: Record<MarkableType, Buffer>;

beforeAll(async () => {
  material = await developmentSigningMaterial(await tempDir('c2pa-writer-test'));
  sources = {
    'image/jpeg': await sceneAs('image/jpeg'),
    'image/png': await sceneAs('image/png'),
    'image/webp': await sceneAs('image/webp'),
    'video/mp4': await readFixture('source.mp4'),
  };
});
afterAll(removeTempDirs);

const signedRead = async (type: MarkableType, claim = tryOn(), anchor = true) => {
  const signed = await embedC2pa(sources[type], type, claim, material);
  const read = await readC2pa(signed, type, anchor ? material.trustAnchorPem : undefined);
  if (!read) throw new Error('the reader found no manifest');
  return read;
};

describe('a C2PA manifest, read by the reference reader', () => {
  it.each(ALL_TYPES)(
    'reads as Trusted, with no failure, under the studio root: %s',
    async (type) => {
      const read = await signedRead(type);
      expect(read.state).toBe('Trusted');
      expect(read.failures).toEqual([]);
      expect(Object.keys(read.manifests)).toEqual([read.activeLabel]);
    },
  );

  it.each(ALL_TYPES)(
    'reads as Valid with signingCredential.untrusted for a reader without the root: %s',
    async (type) => {
      const read = await signedRead(type, tryOn(), false);
      expect(read.state).toBe('Valid');
      expect(read.failures).toEqual(['signingCredential.untrusted']);
    },
  );

  it('names the studio as claim generator, the output’s instance id and the ES256 signer', async () => {
    const { manifest } = await signedRead('image/jpeg', tryOn('xmp:iid:the-output'));
    expect(manifest.claim_generator_info).toEqual([GENERATOR]);
    expect(manifest.instance_id).toBe('xmp:iid:the-output');
    expect(manifest.format).toBe('image/jpeg');
    expect(manifest.signature_info).toMatchObject({
      alg: 'Es256',
      common_name: 'AI Product Studio development signer',
      issuer: 'AI Product Studio (development)',
    });
  });

  it('says a generated output was c2pa.created with IPTC’s source type URI from every inputTo ingredient', async () => {
    const { manifest } = await signedRead('image/png');
    const ingredients = ingredientsOf(manifest);
    expect(
      ingredients.map(({ title, format, relationship, instance_id }) => ({
        title,
        format,
        relationship,
        instance_id,
      })),
    ).toEqual([
      {
        title: 'garment.jpg',
        format: 'image/jpeg',
        relationship: 'inputTo',
        instance_id: `sha256:${sha256(garment)}`,
      },
      {
        title: 'model.png',
        format: 'image/png',
        relationship: 'inputTo',
        instance_id: `sha256:${sha256(person)}`,
      },
    ]);
    const [created, ...others] = actionsOf(manifest);
    expect(others).toEqual([]);
    expect(created).toMatchObject({
      action: 'c2pa.created',
      digitalSourceType: 'http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia',
      // The model did the work; the studio is the claim generator.
      softwareAgent: { name: 'fal-ai/fashn/tryon/v1.6' },
    });
    expect(created?.parameters?.ingredients?.map((ref) => ref.url)).toEqual(
      ingredients.map((ingredient) => `self#jumbf=c2pa.assertions/${ingredient.label}`),
    );
  });

  it('says an edit was c2pa.opened from its parentOf ingredient, then c2pa.edited with the source type', async () => {
    const { manifest, state } = await signedRead('image/jpeg', upscale);
    expect(state).toBe('Trusted');
    const [parent] = ingredientsOf(manifest);
    expect(parent).toMatchObject({
      title: 'photo.jpg',
      format: 'image/jpeg',
      relationship: 'parentOf',
    });
    const [opened, edited, ...others] = actionsOf(manifest);
    expect(others).toEqual([]);
    expect(opened?.action).toBe('c2pa.opened');
    expect(opened?.parameters?.ingredients?.map((ref) => ref.url)).toEqual([
      `self#jumbf=c2pa.assertions/${parent?.label ?? ''}`,
    ]);
    expect(edited).toMatchObject({
      action: 'c2pa.edited',
      digitalSourceType: digitalSourceTypeUri('algorithmicallyEnhanced'),
      softwareAgent: GENERATOR,
    });
  });

  it('validates a WebP whether its manifest chunk has an odd or an even size', async () => {
    const c2paChunkSize = (file: Buffer) => {
      for (let at = 12; at + 8 <= file.length;) {
        const size = file.readUInt32LE(at + 4);
        if (file.toString('latin1', at, at + 4) === 'C2PA') return size;
        at += 8 + size + (size % 2);
      }
      throw new Error('no C2PA chunk');
    };
    const parities = new Set<number>();
    // Titles one character apart: the manifest's size steps by one byte.
    for (const title of ['a.jpg', 'ab.jpg']) {
      const claim: ClaimInput = {
        ...tryOn(),
        ingredients: [{ ...INPUTS[0], title } as IngredientInput],
      };
      const signed = await embedC2pa(sources['image/webp'], 'image/webp', claim, material);
      parities.add(c2paChunkSize(signed) % 2);
      const read = await readC2pa(signed, 'image/webp', material.trustAnchorPem);
      expect(read?.failures).toEqual([]);
      expect(read?.state).toBe('Trusted');
    }
    expect([...parities].sort()).toEqual([0, 1]);
  });

  it('embeds no ingredient’s pixels: a manifest adds a few KB whatever the inputs weigh', async () => {
    const signed = await embedC2pa(sources['image/jpeg'], 'image/jpeg', tryOn(), material);
    expect(signed.length - sources['image/jpeg'].length).toBeLessThan(8 * 1024);
  });

  it('keeps a faststart video’s samples where its chunk offsets point', async () => {
    const source = sources['video/mp4'];
    const signed = await embedC2pa(source, 'video/mp4', tryOn(), material);
    expect(chunkHeads(signed)).toEqual(chunkHeads(source));
  });

  it('signs a video whose moov follows the media data, its samples left in place', async () => {
    const source = withMoovLast(sources['video/mp4']);
    const signed = await embedC2pa(source, 'video/mp4', tryOn(), material);
    expect(chunkHeads(signed)).toEqual(chunkHeads(source));
    expect((await readC2pa(signed, 'video/mp4', material.trustAnchorPem))?.state).toBe('Trusted');
  });

  it('finds no manifest in a file that was never signed', async () => {
    expect(await readC2pa(sources['image/jpeg'], 'image/jpeg')).toBeNull();
    expect(await readC2pa(sources['video/mp4'], 'video/mp4')).toBeNull();
  });
});
