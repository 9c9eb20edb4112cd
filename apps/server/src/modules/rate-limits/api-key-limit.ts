import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/errors';
import '../auth/session-guard';
import { notePolicy, writeRateLimitFields } from './ratelimit-fields';

/** Requests one API key may make per minute, over every call (times RATE_LIMIT_MULTIPLIER). */
export const API_KEY_REQUESTS_PER_MINUTE = 600;
const WINDOW_SECONDS = 60;

/**
 * The per-key limit of Bearer calls (issue 35, ADR 059), in the shared store (ADR 038) so every
 * API process counts one budget: API_KEY_REQUESTS_PER_MINUTE per key, over every call the key
 * makes. The per-user limits (generate calls, uploads…) still count per user on top, so one
 * user's several keys share the user's generate budget. Then the RateLimit fields on every answer
 * of the scope that counted against a limit. Registered in the /api/v1 scope after the session
 * guard, which tells the key; a manual check, as the plugin's own hook runs once per request and
 * the route's limit must run too.
 */
export function registerApiKeyLimit(app: FastifyInstance, rateLimitMultiplier: number): void {
  const max = Math.ceil(API_KEY_REQUESTS_PER_MINUTE * rateLimitMultiplier);
  const check = app.createRateLimit({
    max,
    timeWindow: WINDOW_SECONDS * 1000,
    keyGenerator: (request) => `api-key:key:${request.apiKey?.id ?? 'none'}`,
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!request.apiKey) return;
    const result = await check(request);
    if (result.isAllowed) return;
    notePolicy(request, {
      name: 'api-key',
      quota: result.max,
      windowSeconds: WINDOW_SECONDS,
      remaining: result.remaining,
      resetSeconds: result.ttlInSeconds,
    });
    if (!result.isExceeded) return;
    reply.header('retry-after', String(Math.max(1, result.ttlInSeconds)));
    throw new AppError(
      429,
      'rate_limited',
      `This API key made more than ${String(max)} requests this minute. Wait for the time Retry-After gives, then try again.`,
    );
  });
  app.addHook('onSend', writeRateLimitFields);
}
