import { apiKeyListSchema, createApiKeyRequestSchema, createdApiKeySchema } from '@studio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { perUserLimits } from '../../http/zip-reply';
import { requireUser } from '../auth/session-guard';
import { type ApiKeyResolver, createKey, listKeys } from './api-keys.service';

const tags = ['api-keys'];
/** Keys made per user per minute: a key is made by hand, a burst is a script gone wrong. */
const CREATES_PER_MINUTE = 10;

/**
 * Managing personal API keys (issue 35): a signed-in session only. A key can never make, list or
 * revoke keys, since these routes name no `apiKey` scope (session-guard.ts).
 */
export const apiKeyRoutes =
  (deps: {
    db: Db;
    resolver: ApiKeyResolver;
    isProduction: boolean;
    rateLimitMultiplier: number;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const limit = perUserLimits(app, deps.rateLimitMultiplier);
    app.post(
      '/api-keys',
      {
        preHandler: limit(
          'api-key-creates',
          CREATES_PER_MINUTE,
          'Too many keys made. Please wait a minute and try again.',
        ),
        schema: {
          tags,
          summary: 'Make a personal API key; the key is answered this once, then only its prefix',
          body: createApiKeyRequestSchema,
          response: { 201: createdApiKeySchema },
        },
      },
      async (request, reply) => {
        const made = await createKey(
          deps.db,
          requireUser(request).id,
          request.body,
          deps.isProduction,
        );
        return reply.code(201).send({ success: true as const, ...made });
      },
    );

    app.get(
      '/api-keys',
      {
        schema: {
          tags,
          summary: "The user's live API keys (name, prefix, scopes, when made and last used)",
          response: { 200: apiKeyListSchema },
        },
      },
      async (request) => ({
        success: true as const,
        keys: await listKeys(deps.db, requireUser(request).id),
      }),
    );

    app.delete(
      '/api-keys/:id',
      {
        schema: {
          tags,
          summary: "Revoke one of the user's API keys (404 for another user's or an unknown id)",
          params: z.object({ id: z.string().min(1).max(100) }),
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await deps.resolver.revoke(requireUser(request).id, request.params.id);
        return reply.code(204).send(null);
      },
    );
  };
