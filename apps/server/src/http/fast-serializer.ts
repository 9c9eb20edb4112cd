import fastJson from 'fast-json-stringify';
import { z } from 'zod';

/**
 * A route's answer serialized by fast-json-stringify from its zod response schema turned into JSON
 * Schema (ADR 040), for the hot read routes. The app's default serializer (fastify-type-provider-
 * zod) parses every answer through zod before JSON.stringify: for a gallery page that was a
 * lenient codec per card, the largest serialization cost measured. The handler's return type is
 * still checked against the same zod schema at compile time; at run time only the schema's shape
 * is kept (properties outside it are dropped, as zod's parse dropped them).
 */
export function fastSerializer({ schema }: { schema: unknown }): (data: unknown) => string {
  if (!(schema instanceof z.core.$ZodType))
    throw new Error('fastSerializer needs a zod response schema');
  return fastJson(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as object);
}
