import { colourwaySetSchema, colourwaysRequestSchema, MAX_WAIT_SECONDS } from '@studio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { perUserLimits, sendZip } from '../../http/zip-reply';
import { requireUser } from '../auth/session-guard';
import { generateRateLimit } from '../generations/generate-limit';
import type { GenerationDeps } from '../generations/generations.service';
import { idempotencyKeyHeader } from '../idempotency/idempotency-key';
import * as colourways from './colourways.service';

const tags = ['colourways'];
const setParams = z.object({ setId: z.string().min(1).max(100) });
const waitQuery = z.object({
  wait: z.coerce.number().int().min(0).max(MAX_WAIT_SECONDS).optional(),
});
const idempotencyHeaders = z.object(idempotencyKeyHeader);

/** Zip downloads per user per minute, as a catalogue's (ADR 017). */
const ZIP_REQUESTS_PER_MINUTE = 10;

export const colourwayRoutes =
  (
    deps: GenerationDeps & {
      rateLimitMultiplier: number;
      /** Aborted when the server shuts down: held responses answer at once. */
      closing: AbortSignal;
    },
  ): FastifyPluginAsyncZod =>
  async (app) => {
    const generateLimit = generateRateLimit(app, deps.rateLimitMultiplier);
    const zipLimit = perUserLimits(app, deps.rateLimitMultiplier)(
      'colourway-zips',
      ZIP_REQUESTS_PER_MINUTE,
      'Too many downloads. Please wait a minute and try again.',
    );

    app.post(
      '/colourways/generate',
      {
        config: { apiKey: 'generate' },
        onRequest: generateLimit,
        schema: {
          tags,
          summary:
            'Recolour a garment photo to each variant’s exact colour: one generation per variant, 1 credit each (202), or the set once all finished with ?wait=',
          body: colourwaysRequestSchema,
          querystring: waitQuery,
          headers: idempotencyHeaders,
          response: { 200: colourwaySetSchema, 202: colourwaySetSchema },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const set = await colourways.startColourways(
          deps,
          user.id,
          request.body,
          request.headers['idempotency-key'] ?? null,
        );
        const wait = request.query.wait ?? 0;
        // Stop holding the response when the client goes away; the work itself carries on.
        const gone = new AbortController();
        reply.raw.once('close', () => {
          gone.abort();
        });
        const answer =
          wait > 0
            ? await colourways.waitForSet(
                deps.db,
                user.id,
                set.id,
                wait,
                AbortSignal.any([gone.signal, deps.closing]),
              )
            : await colourways.getColourways(deps, user.id, set.id);
        return reply.code(wait > 0 && colourways.allFinished(answer) ? 200 : 202).send(answer);
      },
    );

    app.get(
      '/colourways/:setId',
      {
        config: { apiKey: 'read' },
        schema: {
          tags,
          summary: 'A colourway set: each variant’s generation, output and measured colour',
          params: setParams,
          response: { 200: colourwaySetSchema },
        },
      },
      async (request) =>
        colourways.getColourways(deps, requireUser(request).id, request.params.setId),
    );

    app.get(
      '/colourways/:setId/zip',
      {
        config: { apiKey: 'read' },
        preHandler: zipLimit,
        schema: {
          tags,
          summary: 'Every finished colourway of a set as one zip, each named by its variant',
          params: setParams,
          produces: ['application/zip'],
        },
      },
      async (request, reply) => {
        const zip = await colourways.colourwaysZip(
          deps,
          requireUser(request).id,
          request.params.setId,
        );
        return sendZip(reply, zip);
      },
    );
  };
