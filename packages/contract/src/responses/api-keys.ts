import { z } from 'zod/mini';
import { API_KEY_SCOPES } from '../constants';
import { success, textOrNull } from './read';

/** `POST /api-keys`: the key itself, shown this once; afterwards only its prefix. */
export const createdApiKeySchema = z.object({
  success,
  id: z.string(),
  key: z.string(),
  prefix: z.string(),
});
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  createdAt: z.string(),
  /** Coarse: updated at most every few minutes. */
  lastUsedAt: textOrNull,
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** `GET /api-keys`: the user's live keys, newest first. */
export const apiKeyListSchema = z.object({ success, keys: z.array(apiKeySchema) });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;
