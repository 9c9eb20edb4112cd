import {
  accessResponseSchema,
  estimateRequestSchema,
  estimateResponseSchema,
  toolLabel,
  toolOfFeature,
  GENERATION_TYPES,
  generationAcceptedSchema,
  generationSettingsAnswerSchema,
  generationResponseSchema,
  generationResultSchema,
  MAX_WAIT_SECONDS,
  videoPromptRequestSchema,
  videoPromptResponseSchema,
} from '@studio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ProviderError, type GenerationProvider } from '../../platform/providers/types';
import { AppError } from '../../http/errors';
import { requireUser } from '../auth/session-guard';
import { idempotencyKeyHeader } from '../idempotency/idempotency-key';
import { balanceOf } from '../credits/credits.service';
import { mediaUrls, readOriginal } from '../media/media.service';
import { resolveInputUrl } from './generation-inputs';
import { TOOLS, toolPath } from './generation-tools';
import * as generations from './generations.service';
import { fastSerializer } from '../../http/fast-serializer';
import { generateRateLimit } from './generate-limit';

const tags = ['generations'];
const idParams = z.object({ id: z.string().min(1).max(100) });
const waitQuery = z.object({
  wait: z.coerce.number().int().min(0).max(MAX_WAIT_SECONDS).optional(),
});
const idempotencyHeaders = z.object({
  ...idempotencyKeyHeader,
  /** The generation this one was made from (the gallery's View or Reuse settings, ADR 030). */
  'x-made-from': z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,100}$/)
    .optional(),
});

export const generationRoutes =
  (
    deps: generations.GenerationDeps & {
      provider: GenerationProvider;
      rateLimitMultiplier: number;
      /** Aborted when the server shuts down: held responses answer 202 at once. */
      closing: AbortSignal;
    },
  ): FastifyPluginAsyncZod =>
  async (app) => {
    const generateLimit = generateRateLimit(app, deps.rateLimitMultiplier);

    for (const type of GENERATION_TYPES) {
      const def = TOOLS[type];
      if (def.ownRoute) continue;
      app.post(
        toolPath(type),
        {
          config: { apiKey: 'generate' },
          onRequest: generateLimit,
          schema: {
            tags,
            summary: `Start a ${toolLabel(type)} generation (202), or wait for its result with ?wait=`,
            body: def.request?.schema ?? def.schema,
            querystring: waitQuery,
            headers: idempotencyHeaders,
            response: { 200: generationResultSchema, 202: generationAcceptedSchema },
          },
        },
        async (request, reply) => {
          const user = requireUser(request);
          const row = await generations.startGeneration(
            deps,
            user.id,
            type,
            request.body,
            request.headers['idempotency-key'] ?? null,
            request.headers['x-made-from'] ?? null,
          );
          const wait = request.query.wait ?? 0;
          // Stop holding the response when the client goes away; the work itself carries on.
          const gone = new AbortController();
          reply.raw.once('close', () => {
            gone.abort();
          });
          const latest =
            wait > 0
              ? await generations.waitForFinish(
                  deps.db,
                  row.id,
                  wait,
                  AbortSignal.any([gone.signal, deps.closing]),
                )
              : row;
          if (latest && generations.isFinished(latest)) {
            return reply.code(200).send(generations.toResult(latest));
          }
          return reply.code(202).send({
            success: true as const,
            generationId: row.id,
            status: latest?.status === 'running' ? ('running' as const) : ('queued' as const),
          });
        },
      );
    }

    app.get(
      '/generations/:id',
      {
        config: { apiKey: 'read' },
        schema: {
          tags,
          summary: 'One generation: status, queue position, progress, outputs, error',
          params: idParams,
          response: { 200: generationResponseSchema },
        },
        serializerCompiler: fastSerializer,
      },
      async (request) => {
        const row = await generations.findOwnGeneration(
          deps.db,
          requireUser(request).id,
          request.params.id,
        );
        return { success: true as const, generation: await generations.toDto(deps.db, row) };
      },
    );

    app.get(
      '/generations/:id/settings',
      {
        config: { apiKey: 'read' },
        schema: {
          tags,
          summary: 'The settings a generation was made with, to run it again (Reuse settings)',
          params: idParams,
          response: { 200: generationSettingsAnswerSchema },
        },
      },
      async (request) => {
        const row = await generations.findOwnGeneration(
          deps.db,
          requireUser(request).id,
          request.params.id,
        );
        return {
          success: true as const,
          generation: { id: row.id, type: row.type, settings: generations.reusableSettings(row) },
        };
      },
    );

    app.post(
      '/generations/:id/cancel',
      {
        config: { apiKey: 'generate' },
        schema: {
          tags,
          summary:
            'Cancel queued or running work: refunded at once, or, for work a provider already has, as the provider then reports',
          params: idParams,
          response: { 200: generationResponseSchema },
        },
      },
      async (request) => {
        const row = await generations.cancelGeneration(
          deps,
          requireUser(request).id,
          request.params.id,
        );
        return { success: true as const, generation: await generations.toDto(deps.db, row) };
      },
    );

    app.post(
      '/credits/estimate',
      {
        config: { apiKey: 'read' },
        schema: {
          tags,
          summary: 'Credits a generate payload would cost, and whether the user can afford it',
          body: estimateRequestSchema,
          response: { 200: estimateResponseSchema },
        },
      },
      async (request) => {
        const user = requireUser(request);
        const type = toolOfFeature(request.body.feature);
        const creditCost = generations.estimate(type, request.body, deps.capabilities);
        const available = await balanceOf(deps.db, user.id);
        return {
          success: true as const,
          creditCost,
          available,
          canAfford: available >= creditCost,
          message:
            creditCost === 0
              ? 'Free: this studio shows a labelled preview for this tool.'
              : `This costs ${String(creditCost)} credit${creditCost === 1 ? '' : 's'}.`,
        };
      },
    );

    app.get(
      '/modes',
      {
        config: { apiKey: 'read' },
        schema: {
          tags,
          summary: 'Modes and tools the user’s plan allows, with the plan each one needs',
          response: { 200: accessResponseSchema },
        },
      },
      async (request) => ({
        success: true as const,
        ...generations.accessFor(await generations.planOf(deps.db, requireUser(request).id)),
      }),
    );

    app.post(
      '/video/prompt',
      {
        config: { apiKey: 'generate' },
        onRequest: generateLimit,
        schema: {
          tags,
          summary: 'Write a video prompt for an uploaded image (Auto-generate)',
          body: videoPromptRequestSchema,
          response: { 200: videoPromptResponseSchema },
        },
      },
      async (request) => {
        const user = requireUser(request);
        const media = await resolveInputUrl(deps, user.id, request.body.imageUrl);
        const { url } = mediaUrls(media.id);
        try {
          const written = await deps.provider.prompt(
            {
              url,
              publicUrl: new URL(url, deps.publicUrl).href,
              load: () => readOriginal(deps, media),
            },
            AbortSignal.timeout(60_000),
          );
          return {
            success: true as const,
            prompt: written.prompt,
            preview: written.preview,
            message: written.preview
              ? 'Prompt written by the built-in writer (no vision model configured).'
              : 'Prompt generated',
          };
        } catch (error) {
          const reason = error instanceof ProviderError ? error.message : 'the writer failed';
          throw new AppError(502, 'generation_failed', `Failed to generate prompt: ${reason}`);
        }
      },
    );
  };
