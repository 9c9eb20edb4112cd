import { sessionResponseSchema } from '@studio/contract';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import type { Auth } from './auth';
import { findProviderIds } from './auth.repository';

/** Better Auth's own endpoints, bridged from Fastify to its fetch-style handler. */
export const authHandlerRoutes =
  (auth: Auth): FastifyPluginAsyncZod =>
  async (app) => {
    app.route({
      method: ['GET', 'POST'],
      url: '/api/auth/*',
      schema: { hide: true },
      async handler(request, reply) {
        const url = new URL(request.url, auth.options.baseURL);
        const response = await auth.handler(
          new Request(url, {
            method: request.method,
            headers: fromNodeHeaders(request.headers),
            ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
          }),
        );
        reply.status(response.status);
        response.headers.forEach((value, key) => {
          if (key !== 'set-cookie') reply.header(key, value);
        });
        // Several cookies must stay several headers; Headers.forEach would join them with commas.
        const cookies = response.headers.getSetCookie();
        if (cookies.length) reply.header('set-cookie', cookies);
        return reply.send(response.body ? await response.text() : null);
      },
    });
  };

/** `GET /api/v1/session`: the client's single source of "who am I". */
export const sessionRoutes =
  (deps: { auth: Auth; db: Db }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/session',
      {
        schema: {
          tags: ['auth'],
          summary: 'The signed-in user, or null',
          response: { 200: sessionResponseSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const session = await deps.auth.api.getSession({
          headers: fromNodeHeaders(request.headers),
        });
        if (!session) return { user: null };
        const { user } = session;
        return {
          user: {
            id: user.id,
            email: user.email,
            name: user.name,
            image: user.image ?? null,
            providers: await findProviderIds(deps.db, user.id),
          },
        };
      },
    );
  };
