import { generationAcceptedSchema } from '@studio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../auth/session-guard';
import { generateRateLimit } from '../generations/generate-limit';
import type { GenerationDeps } from '../generations/generations.service';
import { askFreeRegeneration } from './fidelity.service';

const idParams = z.object({ id: z.string().min(1).max(100) });

export const fidelityRoutes =
  (deps: GenerationDeps & { rateLimitMultiplier: number }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/generations/:id/free-regeneration',
      {
        // Counted with the generate calls, on their one counter: it queues work like one.
        onRequest: generateRateLimit(app, deps.rateLimitMultiplier),
        schema: {
          tags: ['generations'],
          summary:
            'Regenerate, once and free, a result that failed the garment-fidelity check (ADR 037)',
          params: idParams,
          response: { 202: generationAcceptedSchema },
        },
      },
      async (request, reply) => {
        const row = await askFreeRegeneration(deps, requireUser(request).id, request.params.id);
        return reply
          .code(202)
          .send({ success: true as const, generationId: row.id, status: 'queued' as const });
      },
    );
  };
