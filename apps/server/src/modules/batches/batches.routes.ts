import {
  batchAcceptedSchema,
  latestBatchResponseSchema,
  tryOnBatchRequestSchema,
  tryOnBatchResponseSchema,
} from '@studio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../auth/session-guard';
import { idempotencyKeyHeader } from '../idempotency/idempotency-key';
import * as batches from './batches.service';
import { perUserLimits, sendZip } from '../../http/zip-reply';

const tags = ['try-on catalogues'];
const idParams = z.object({ id: z.string().min(1).max(100) });
const idempotencyHeaders = z.object(idempotencyKeyHeader);

/** Catalogues a user may start per minute (each up to 80 generations; replays count too). */
const BATCH_REQUESTS_PER_MINUTE = 10;
/** Zip downloads per user per minute: each reads every photo of a catalogue from storage. */
const ZIP_REQUESTS_PER_MINUTE = 10;

export const batchRoutes =
  (deps: batches.BatchDeps & { rateLimitMultiplier: number }): FastifyPluginAsyncZod =>
  async (app) => {
    const limit = perUserLimits(app, deps.rateLimitMultiplier);
    const startLimit = limit(
      'batches',
      BATCH_REQUESTS_PER_MINUTE,
      'Too many catalogues started. Please wait a minute and try again.',
    );
    const zipLimit = limit(
      'batch-zips',
      ZIP_REQUESTS_PER_MINUTE,
      'Too many downloads. Please wait a minute and try again.',
    );

    app.post(
      '/try-on/batches',
      {
        config: { apiKey: 'generate' },
        preHandler: startLimit,
        schema: {
          tags,
          summary:
            'Start a try-on catalogue: every garment on every model, one generation per pair, charged up front (202)',
          body: tryOnBatchRequestSchema,
          headers: idempotencyHeaders,
          response: { 202: batchAcceptedSchema },
        },
      },
      async (request, reply) => {
        const accepted = await batches.startBatch(
          deps,
          requireUser(request).id,
          request.body,
          request.headers['idempotency-key'] ?? null,
        );
        return reply.code(202).send(accepted);
      },
    );

    // Registered before `/:id`; the router prefers the static segment either way.
    app.get(
      '/try-on/batches/latest',
      {
        config: { apiKey: 'read' },
        schema: {
          tags,
          summary:
            'The most recent catalogue of the user (running or finished), or null: /try-on shows it again after a reload',
          response: { 200: latestBatchResponseSchema },
        },
      },
      async (request) => ({
        success: true as const,
        batch: await batches.getLatestBatch(deps, requireUser(request).id),
      }),
    );

    app.get(
      '/try-on/batches/:id',
      {
        config: { apiKey: 'read' },
        schema: {
          tags,
          summary: 'A catalogue: its garments, models, progress, every pair and its zip',
          params: idParams,
          response: { 200: tryOnBatchResponseSchema },
        },
      },
      async (request) => ({
        success: true as const,
        batch: await batches.getBatch(deps, requireUser(request).id, request.params.id),
      }),
    );

    app.post(
      '/try-on/batches/:id/cancel',
      {
        config: { apiKey: 'generate' },
        schema: {
          tags,
          summary: 'Cancel every unfinished pair of a catalogue; their credits are released',
          params: idParams,
          response: { 200: tryOnBatchResponseSchema },
        },
      },
      async (request) => ({
        success: true as const,
        batch: await batches.cancelBatch(deps, requireUser(request).id, request.params.id),
      }),
    );

    app.get(
      '/try-on/batches/:id/zip',
      {
        config: { apiKey: 'read' },
        preHandler: zipLimit,
        schema: {
          tags,
          summary: 'Every finished photo of a catalogue as one zip, named by garment and model',
          params: idParams,
          produces: ['application/zip'],
        },
      },
      async (request, reply) => {
        const zip = await batches.batchZip(deps, requireUser(request).id, request.params.id);
        return sendZip(reply, zip);
      },
    );
  };
