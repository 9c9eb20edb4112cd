import { healthResponseSchema } from '@studio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { databaseVersion, showsDetails } from './health.service';

export const healthRoutes =
  (deps: {
    db: Db;
    isProduction: boolean;
    operatorToken: string | undefined;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/health',
      {
        config: { public: true },
        schema: {
          tags: ['system'],
          summary:
            'Liveness and database reachability; the database version and uptime for operators (Authorization: Bearer OPERATOR_TOKEN)',
          response: { 200: healthResponseSchema, 503: healthResponseSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const details = showsDetails(deps, request.headers.authorization);
        const uptime = Math.round(process.uptime() * 1000) / 1000;
        let version: string;
        try {
          version = await databaseVersion(deps);
        } catch (err) {
          request.log.error({ err }, 'health check: database unreachable');
          return reply
            .status(503)
            .send(
              details ? { ok: false, database: { version: 'unavailable' }, uptime } : { ok: false },
            );
        }
        return details ? { ok: true, database: { version }, uptime } : { ok: true };
      },
    );
  };
