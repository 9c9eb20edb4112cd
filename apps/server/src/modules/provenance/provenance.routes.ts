import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * `GET /provenance/trust-anchor`: the root certificate the studio's C2PA signatures chain to
 * (ADR 058), public PEM. The /verify page gives it to the reader so the studio's own files read
 * "Trusted" there; any C2PA tool can be given it the same way.
 */
export const provenanceRoutes =
  (deps: { trustAnchorPem: string }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/provenance/trust-anchor',
      {
        config: { public: true },
        schema: {
          tags: ['system'],
          summary: "The root certificate of the studio's content credentials (PEM)",
          produces: ['application/x-pem-file'],
          response: { 200: z.string() },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=3600');
        reply.type('application/x-pem-file');
        return deps.trustAnchorPem;
      },
    );
  };
