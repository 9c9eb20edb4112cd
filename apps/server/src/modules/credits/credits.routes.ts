import {
  creditHistoryQuerySchema,
  generationHistoryResponseSchema,
  orderHistoryResponseSchema,
  userIdSchema,
} from '@studio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { fastSerializer } from '../../http/fast-serializer';
import { requireUser } from '../auth/session-guard';
import * as history from './credit-history.service';

const tags = ['credits'];
// The guard refuses a userId other than the session's (403); the session decides whose history.
const params = z.object({ userId: userIdSchema });

export const creditRoutes =
  (deps: { db: Db }): FastifyPluginAsyncZod =>
  async (app) => {
    const usageTotals = history.cachedUsageTotals(deps.db);
    app.get(
      '/credit-transactions/order-history/:userId',
      {
        config: { apiKey: 'read' },
        schema: {
          tags,
          summary: 'Purchases, welcome credits and adjustments, a page at a time',
          params,
          querystring: creditHistoryQuerySchema,
          response: { 200: orderHistoryResponseSchema },
        },
        serializerCompiler: fastSerializer,
      },
      async (request) => ({
        success: true as const,
        ...(await history.orderHistory(deps.db, {
          userId: requireUser(request).id,
          query: request.query,
        })),
      }),
    );
    app.get(
      '/credit-transactions/generation-history/:userId',
      {
        config: { apiKey: 'read' },
        schema: {
          tags,
          summary:
            'Credits used per generation (failed ones refunded) and expired credits, a page at a time',
          params,
          querystring: creditHistoryQuerySchema,
          response: { 200: generationHistoryResponseSchema },
        },
        serializerCompiler: fastSerializer,
      },
      async (request) => ({
        success: true as const,
        ...(await history.generationHistory(deps.db, {
          userId: requireUser(request).id,
          query: request.query,
          usageTotals,
        })),
      }),
    );
  };
