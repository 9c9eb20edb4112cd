import { GENERATE_REQUESTS_PER_MINUTE } from '@studio/contract';
import type { FastifyInstance } from 'fastify';
import { byUserOrAddress } from '../rate-limits/rate-limit-keys';

/**
 * The one per-user budget of every call that queues generation work: each tool's generate route
 * and the free regeneration (ADR 037). One key, so they share one counter (ADR 038) rather than
 * each route granting GENERATE_REQUESTS_PER_MINUTE of its own.
 */
export function generateRateLimit(app: Pick<FastifyInstance, 'rateLimit'>, multiplier: number) {
  return app.rateLimit({
    max: Math.ceil(GENERATE_REQUESTS_PER_MINUTE * multiplier),
    timeWindow: '1 minute',
    keyGenerator: byUserOrAddress('generate'),
  });
}
