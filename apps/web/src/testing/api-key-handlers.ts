import type { ApiKey, CreatedApiKey } from '@studio/contract/responses';
import { http, HttpResponse, type RequestHandler } from 'msw';
import { errorResponse } from './server';

const API_KEYS_URL = '/api/v1/api-keys';

/** A listed key as the server answers it (`GET /api-keys`). */
export function apiKey(fields: Partial<ApiKey> = {}): ApiKey {
  return {
    id: 'key_1',
    name: 'Shopify sync',
    prefix: 'sk_test_Ab12',
    scopes: ['generate', 'read'],
    createdAt: '2026-11-20T10:00:00.000Z',
    lastUsedAt: null,
    ...fields,
  };
}

interface CreateBody {
  name: string;
  scopes: ApiKey['scopes'];
}

/**
 * The key routes over an in-memory list (newest first, at most 10 as the server keeps): POST
 * answers the key once, GET lists prefixes, DELETE removes. `keys` is the test's own array.
 */
export function apiKeyHandlers(
  keys: ApiKey[],
  secret = 'sk_test_Ab12Cd34Ef56Gh78',
): RequestHandler[] {
  return [
    http.get(API_KEYS_URL, () => HttpResponse.json({ success: true, keys })),
    http.post(API_KEYS_URL, async ({ request }) => {
      const body = (await request.json()) as CreateBody;
      if (keys.length >= 10) {
        return errorResponse(
          409,
          'too_many_keys',
          'An account holds at most 10 API keys: revoke one first.',
        );
      }
      const id = `key_${String(keys.length + 1)}_${body.name}`;
      const prefix = secret.slice(0, 12);
      keys.unshift(
        apiKey({
          id,
          name: body.name,
          prefix,
          scopes: body.scopes,
          createdAt: new Date().toISOString(),
        }),
      );
      const created: CreatedApiKey = { success: true, id, key: secret, prefix };
      return HttpResponse.json(created, { status: 201 });
    }),
    http.delete(`${API_KEYS_URL}/:id`, ({ params }) => {
      const at = keys.findIndex((key) => key.id === params.id);
      if (at < 0) return errorResponse(404, 'not_found', 'No such key.');
      keys.splice(at, 1);
      return new HttpResponse(null, { status: 204 });
    }),
  ];
}
