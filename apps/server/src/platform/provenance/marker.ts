import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import type { GenerationType } from '@studio/contract';
import { readC2pa } from './c2pa-reader';
import { embedC2pa, type IngredientInput } from './c2pa-writer';
import type { SigningMaterial } from './signing-material';
import { type MadeBy, provenanceOf } from './source-types';
import { type MarkableType, withXmp, xmpPacket } from './xmp';

const serverPackage = JSON.parse(
  fs.readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'),
) as { version: string };
/** The claim generator and XMP creator tool: the studio and the server's version. */
export const GENERATOR = { name: 'AI Product Studio', version: serverPackage.version };

/** One file an output was made from. */
export interface MarkInput {
  bytes: Buffer;
  contentType: string;
  title: string;
}

export interface MarkRequest {
  type: GenerationType;
  madeBy: MadeBy;
  /** The provider's model id, when one made it. */
  model: string | null;
  inputs: MarkInput[];
}

/** What the generation keeps about its outputs' credentials (the API's `credentials`). */
export interface StoredCredentials {
  sourceType: ReturnType<typeof provenanceOf>['sourceType'];
  generator: string;
  model: string | null;
  signedBy: string;
  signedAt: string;
  verified: boolean;
}

export interface Marked {
  bytes: Buffer;
  /** Null when the file could not be marked: it is stored as it came, and counted. */
  credentials: StoredCredentials | null;
}

export interface Marker {
  mark(file: Buffer, contentType: string, request: MarkRequest): Promise<Marked>;
  /** The root a verifier must trust to read the studio's own files as "Trusted" (public). */
  trustAnchorPem: string;
  /** Files left unmarked since this process started (also logged one by one). */
  unmarkedCount(): number;
}

const MARKABLE = new Set<string>(['image/jpeg', 'image/png', 'image/webp', 'video/mp4']);
const isMarkable = (type: string): type is MarkableType => MARKABLE.has(type);

/**
 * The one marking step every output passes before it is stored (ARCHITECTURE §6b, ADR 058): IPTC's
 * digital source type in XMP, then a C2PA manifest signed by the studio over the file with the
 * XMP in it, then the file read back by the C2PA reference reader. A marking error never fails
 * the paid work: it is logged and tried once more, and only then is the output stored unmarked.
 */
export function createMarker(material: SigningMaterial, log: FastifyBaseLogger): Marker {
  let unmarked = 0;

  /**
   * A generation's inputs as ingredients, hashed (and an edited parent read) once per request:
   * every output of the generation names the same ones.
   */
  const ingredientsByRequest = new WeakMap<MarkRequest, Promise<IngredientInput[]>>();
  function ingredientsOf(request: MarkRequest): Promise<IngredientInput[]> {
    const provenance = provenanceOf(request.type, request.madeBy);
    let made = ingredientsByRequest.get(request);
    if (!made) {
      made = Promise.all(
        request.inputs.map(async (input, index) => {
          const ingredient: IngredientInput = {
            title: input.title,
            contentType: input.contentType,
            sha256: createHash('sha256').update(input.bytes).digest('hex'),
            relationship:
              provenance.action === 'c2pa.edited' && index === 0 ? 'parentOf' : 'inputTo',
          };
          if (ingredient.relationship !== 'parentOf') return ingredient;
          // An edit of an earlier output carries that output's credentials forward (ADR 058).
          const own = await readC2pa(input.bytes, input.contentType, material.trustAnchorPem).catch(
            () => null,
          );
          return own ? { ...ingredient, bytes: input.bytes, validation: own.results } : ingredient;
        }),
      );
      ingredientsByRequest.set(request, made);
    }
    return made;
  }

  async function markOnce(file: Buffer, type: MarkableType, request: MarkRequest) {
    const provenance = provenanceOf(request.type, request.madeBy);
    const instanceId = `xmp:iid:${randomUUID()}`;
    const createdAt = new Date();
    const withPacket = withXmp(
      file,
      type,
      xmpPacket({
        sourceType: provenance.sourceType,
        generator: `${GENERATOR.name} ${GENERATOR.version}`,
        model: request.model,
        createdAt,
        instanceId,
      }),
    );
    const ingredients = await ingredientsOf(request);
    const signed = await embedC2pa(
      withPacket,
      type,
      {
        action: provenance.action,
        sourceType: provenance.sourceType,
        generator: GENERATOR,
        model: request.model,
        tool: provenance.description,
        instanceId,
        ingredients,
      },
      material,
    );
    const read = await readC2pa(signed, type, material.trustAnchorPem);
    const verified = read !== null && read.state === 'Trusted';
    if (!verified) {
      throw new Error(
        `the marked file did not validate (${read?.state ?? 'no manifest'}: ${read?.failures.join(', ') ?? ''})`,
      );
    }
    const credentials: StoredCredentials = {
      sourceType: provenance.sourceType,
      generator: `${GENERATOR.name} ${GENERATOR.version}`,
      model: request.model,
      signedBy: material.signedBy,
      signedAt: createdAt.toISOString(),
      verified,
    };
    return { bytes: signed, credentials };
  }

  return {
    trustAnchorPem: material.trustAnchorPem,
    unmarkedCount: () => unmarked,
    async mark(file, contentType, request) {
      if (!isMarkable(contentType)) {
        unmarked++;
        log.error({ contentType }, 'an output of this type cannot be marked; stored unmarked');
        return { bytes: file, credentials: null };
      }
      for (let attempt = 1; ; attempt++) {
        try {
          return await markOnce(file, contentType, request);
        } catch (error) {
          if (attempt < 2) {
            log.warn({ err: error, contentType }, 'marking an output failed; trying again');
            continue;
          }
          unmarked++;
          log.error({ err: error, contentType }, 'an output could not be marked; stored unmarked');
          return { bytes: file, credentials: null };
        }
      }
    },
  };
}
