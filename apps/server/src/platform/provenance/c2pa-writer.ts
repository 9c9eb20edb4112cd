import 'reflect-metadata';
import { sign } from 'node:crypto';
import { type DigitalSourceType, digitalSourceTypeUri } from '@studio/contract';
import { type Asset, BMFF, JPEG, PNG } from '@trustnxt/c2pa-ts/asset';
import type { Signer } from '@trustnxt/c2pa-ts/cose';
import { SuperBox } from '@trustnxt/c2pa-ts/jumbf';
import {
  type Action,
  ActionAssertion,
  BMFFHashAssertion,
  DataHashAssertion,
  IngredientAssertion,
  ManifestStore,
  RelationshipType,
} from '@trustnxt/c2pa-ts/manifest';
import { shiftChunkOffsets } from './mp4-offsets';
import type { SigningMaterial } from './signing-material';
import { WebpAsset } from './webp-asset';
import type { MarkableType } from './xmp';

/** One file the output was made from: named and hashed in the manifest, never embedded. */
export interface IngredientInput {
  title: string;
  contentType: string;
  /** SHA-256 of the file as it was used, hex. */
  sha256: string;
  /** parentOf: the output is an edit of it; inputTo: the model took it as an input. */
  relationship: 'parentOf' | 'inputTo';
  /**
   * The file itself, when it may carry credentials of its own (an earlier output being edited):
   * its manifests are carried into the new store and the ingredient points at its active one.
   */
  bytes?: Buffer;
  /** How the reference reader judged the file's own manifest (the ingredient records it). */
  validation?: IngredientValidation;
}

/** Status codes of an ingredient's active manifest, as a reader reported them. */
export interface IngredientValidation {
  success: { code: string; url?: string }[];
  informational: { code: string; url?: string }[];
  failure: { code: string; url?: string }[];
}

/** What the manifest claims about an output (ADR 058). */
export interface ClaimInput {
  /** c2pa.created for work a model made from its inputs; c2pa.edited for an edit of one parent. */
  action: 'c2pa.created' | 'c2pa.edited';
  sourceType: DigitalSourceType;
  generator: { name: string; version: string };
  model: string | null;
  /** The studio's tool, as the manifest's action describes it. */
  tool: string;
  instanceId: string;
  ingredients: IngredientInput[];
}

/**
 * A signer for c2pa-ts over Node's own crypto. Not c2pa-ts's LocalSigner: its 0.9.4 returns an
 * ECDSA signature DER-encoded, while COSE (RFC 9053 §2.1) and the C2PA reference reader want
 * r‖s, and refused every signature it made ("EC signature should be in P1363 r|s format").
 */
/**
 * c2pa-ts types actions, source types and COSE algorithms as TypeScript enums of the very strings
 * and numbers the specifications define; its source-type enum lacks IPTC's 2024 'composite'. The
 * values are passed as the specifications spell them.
 */
const asEnum = <T>(value: T | string | number): T => value as T;

function signerOf(material: SigningMaterial): Signer {
  const [certificate, ...chainCertificates] = material.chain;
  if (!certificate) throw new Error('No signing certificate.');
  const hash = material.algorithm === -7 ? 'sha256' : 'sha384';
  return {
    certificate,
    chainCertificates,
    algorithm: asEnum<Signer['algorithm']>(material.algorithm),
    sign: (payload) =>
      Promise.resolve(
        new Uint8Array(sign(hash, payload, { key: material.key, dsaEncoding: 'ieee-p1363' })),
      ),
  };
}

// c2pa-ts reads ISO base media files but admits only HEIF's brands; an MP4 is the same box
// structure (its hashing is the BMFF hash either way), so its brands are admitted too.
const admitted = (BMFF as unknown as { canReadBrands: Set<string> }).canReadBrands;
for (const brand of ['isom', 'iso2', 'mp41', 'mp42', 'avc1']) admitted.add(brand);

function assetOf(file: Buffer, type: MarkableType): Asset {
  const bytes = new Uint8Array(file.buffer, file.byteOffset, file.length);
  switch (type) {
    case 'image/jpeg':
      return new JPEG(bytes);
    case 'image/png':
      return new PNG(bytes);
    case 'video/mp4':
      return new BMFF(bytes);
    case 'image/webp':
      return new WebpAsset(bytes);
  }
}

type StatusMaps = NonNullable<IngredientAssertion['validationResults']>['activeManifest'];

/** The manifest store a file carries, read with the writer's own parser; undefined when none. */
function storeOf(file: Buffer, type: string): ManifestStore | undefined {
  if (type !== 'image/jpeg' && type !== 'image/png' && type !== 'video/mp4') return undefined;
  try {
    const jumbf = assetOf(file, type).getManifestJUMBF();
    return jumbf ? ManifestStore.read(SuperBox.fromBuffer(new Uint8Array(jumbf))) : undefined;
  } catch {
    return undefined; // unreadable credentials are not carried; the ingredient is still named
  }
}

/**
 * Embeds a signed C2PA manifest: the actions (the first one carrying IPTC's digital source type
 * and the studio as its software agent), one ingredient per input file (title, type and hash,
 * no pixels), and the hard binding (a data hash over the file, a BMFF hash for MP4), signed with
 * the studio's certificate chain.
 */
export async function embedC2pa(
  file: Buffer,
  type: MarkableType,
  claim: ClaimInput,
  material: SigningMaterial,
): Promise<Buffer> {
  const signer = signerOf(material);
  let asset = assetOf(file, type);
  // An edit of a file that has credentials carries them (C2PA 2.2, ingredients): its manifests
  // stay in the store, byte for byte, and ours is added after them as the active one.
  const parentInput = claim.ingredients.find(
    (input) => input.relationship === 'parentOf' && input.bytes && input.validation,
  );
  const parentStore = parentInput?.bytes && storeOf(parentInput.bytes, parentInput.contentType);
  const parentActive = parentStore?.getActiveManifest();
  const store = parentActive && parentStore ? parentStore : new ManifestStore();
  const manifest = store.createManifest({
    assetFormat: type,
    instanceID: claim.instanceId,
    defaultHashAlgorithm: 'SHA-256',
    signer,
  });
  // c2pa-ts reserves 25 KB in the signature box for an RFC 3161 time stamp; none is asked for
  // (ADR 058), so a small pad keeps every file ~24 KB lighter.
  // The certificates join the box when it is signed, so their size is reserved with the pad.
  const certificates = material.chain.reduce((total, cert) => total + cert.rawData.byteLength, 0);
  if (manifest.signature) manifest.signature.signatureData.paddingLength = 1024 + certificates;
  const claimBox = manifest.claim;
  if (!claimBox) throw new Error('The manifest has no claim.');
  claimBox.claimGeneratorName = claim.generator.name;
  claimBox.claimGeneratorVersion = claim.generator.version;

  const ingredients = claim.ingredients.map((input) => {
    const ingredient = IngredientAssertion.createV3(
      input.relationship === 'parentOf' ? RelationshipType.ParentOf : RelationshipType.InputTo,
    );
    ingredient.title = input.title;
    ingredient.format = input.contentType;
    ingredient.instanceID = `sha256:${input.sha256}`;
    // A second ingredient is c2pa.ingredient.v3__1, and so on: one label per assertion (C2PA 2.2).
    ingredient.labelSuffix = claim.ingredients.indexOf(input) || undefined;
    if (input === parentInput && parentActive?.label && input.validation) {
      // Before the assertion joins the claim: the claim hashes the ingredient with these in it.
      ingredient.activeManifest = manifest.createHashedReference(`/c2pa/${parentActive.label}`);
      ingredient.claimSignature = manifest.createHashedReference(
        `/c2pa/${parentActive.label}/c2pa.signature`,
      );
      ingredient.validationResults = {
        // The reader's status codes are the specification's; c2pa-ts types them as its enum.
        activeManifest: input.validation as unknown as StatusMaps,
      };
    }
    manifest.addAssertion(ingredient);
    return ingredient;
  });

  const actions = new ActionAssertion();
  // Who did the work: the provider's model where one made it (as C2PA's generative-AI guidance
  // names the model there), else the studio; the studio is the claim generator either way.
  const studio = { name: claim.generator.name, version: claim.generator.version };
  const softwareAgent = claim.model === null ? studio : { name: claim.model };
  const parent = claim.ingredients.findIndex((input) => input.relationship === 'parentOf');
  const parentIngredient = parent >= 0 ? ingredients[parent] : undefined;
  const digitalSourceType = asEnum<Action['digitalSourceType']>(
    digitalSourceTypeUri(claim.sourceType),
  );
  const act = (name: 'c2pa.created' | 'c2pa.opened' | 'c2pa.edited') =>
    asEnum<Action['action']>(name);
  const describe = claim.model === null ? claim.tool : `${claim.tool} (${claim.model})`;
  const list: Action[] =
    claim.action === 'c2pa.created' || !parentIngredient
      ? [
          {
            action: act('c2pa.created'),
            digitalSourceType,
            softwareAgent,
            parameters: {
              // c2pa-ts 0.9.4 writes an action's parameters but not its top-level description.
              description: describe,
              ingredients: ingredients.map((ingredient) =>
                manifest.createAssertionReference(ingredient),
              ),
            },
          },
        ]
      : [
          {
            action: act('c2pa.opened'),
            softwareAgent: studio,
            parameters: { ingredients: [manifest.createAssertionReference(parentIngredient)] },
          },
          {
            action: act('c2pa.edited'),
            digitalSourceType,
            softwareAgent,
            parameters: { description: describe },
          },
        ];
  actions.actions = list;
  manifest.addAssertion(actions);

  const binding =
    type === 'video/mp4'
      ? BMFFHashAssertion.createV3('jumbf manifest', 'SHA-256')
      : DataHashAssertion.create('SHA-256');
  manifest.addAssertion(binding);
  const size = store.measureSize();
  if (type === 'video/mp4') {
    // Where the manifest box will push the media data: measured on a copy, then the sample
    // offsets moved by as much before the real insertion (see mp4-offsets.ts).
    const probe = new BMFF(new Uint8Array(file));
    await probe.ensureManifestSpace(size);
    const moved = Buffer.from(file);
    shiftChunkOffsets(moved, (await probe.getDataRange()).length - file.length);
    asset = new BMFF(new Uint8Array(moved.buffer, moved.byteOffset, moved.length));
  }
  await asset.ensureManifestSpace(size);
  await binding.updateWithAsset(asset);
  await manifest.sign(signer);
  await asset.writeManifestJUMBF(store.getBytes());
  const out = await asset.getDataRange();
  return Buffer.from(out.buffer, out.byteOffset, out.length);
}
