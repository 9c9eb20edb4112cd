import { healthResponseSchema } from '@studio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { databaseVersion } from './health.service';

export const healthRoutes =
  (deps: { db: Db }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/health',
      {
        config: { public: true },
        schema: {
          tags: ['system'],
          summary: 'Liveness and database reachability',
          response: { 200: healthResponseSchema, 503: healthResponseSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const uptime = Math.round(process.uptime() * 1000) / 1000;
        try {
          return { ok: true, database: { version: await databaseVersion(deps) }, uptime };
        } catch (err) {
          request.log.error({ err }, 'health check: database unreachable');
          return reply
            .status(503)
            .send({ ok: false, database: { version: 'unavailable' }, uptime });
        }
      },
    );
  };
