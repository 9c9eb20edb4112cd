import { z } from 'zod/mini';
import { DIGITAL_SOURCE_TYPE_CODES } from '../provenance';
import { textOrNull } from './read';

/**
 * The content credentials written into a generation's outputs (ADR 058): how it was made (IPTC's
 * digital source type), by what (the studio and, where one ran, the provider's model), when, who
 * signed the C2PA manifest, and whether every output's manifest validated (signature and hard
 * binding, read back by the C2PA reference reader) when it was stored. Null for results from
 * before marking, for unfinished work, and for outputs that could not be marked; anything
 * unreadable reads as null.
 */
export const contentCredentialsSchema = z.catch(
  z.nullable(
    z.object({
      sourceType: z.enum(DIGITAL_SOURCE_TYPE_CODES),
      /** The studio and its version, as the manifest's claim generator names it. */
      generator: z.string(),
      /** The provider's model id, or null when the studio's own engine made it. */
      model: textOrNull,
      /** The signing certificate's subject (organisation, else common name). */
      signedBy: z.string(),
      signedAt: z.string(),
      /** Outputs that carry credentials, of all the generation's outputs. */
      marked: z.number(),
      outputs: z.number(),
      verified: z.boolean(),
    }),
  ),
  null,
);
export type ContentCredentials = z.infer<typeof contentCredentialsSchema>;
