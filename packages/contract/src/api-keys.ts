import { z } from 'zod';
import { API_KEY_SCOPES } from './constants';

/*
 * Personal API keys (issue 35): what a seller's own systems call the work surface with, as
 * `Authorization: Bearer <key>`. Server-side zod, like every request: the web imports only types.
 */

/** `POST /api-keys`: a name the seller recognises and at least one scope. */
export const createApiKeyRequestSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Give the key a name')
    .max(60, 'A key name is at most 60 characters'),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: `Scopes are ${API_KEY_SCOPES.join(', ')}` }))
    .min(1, 'Choose at least one scope')
    .max(API_KEY_SCOPES.length)
    .refine((scopes) => new Set(scopes).size === scopes.length, 'A scope is listed twice'),
});
export type CreateApiKeyRequest = z.input<typeof createApiKeyRequestSchema>;
