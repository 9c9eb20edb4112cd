import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors';
import { answering } from '../../http/openapi';

/*
 * The one 429 of the auth and password limits (per address, per account, the spacing of password
 * attempts): the same status, code, words and Retry-After wherever the refusal comes from, and no
 * X-RateLimit-* headers telling a guesser how much of a budget is left.
 */

/** A 429 with Retry-After and our words. */
export function tooManyAttempts(reply: FastifyReply, seconds: number): AppError {
  const wait = Math.max(1, Math.ceil(seconds));
  reply.header('retry-after', String(wait));
  const words = wait >= 90 ? `${Math.ceil(wait / 60)} minutes` : `${wait} seconds`;
  return new AppError(429, 'rate_limited', `Too many attempts. Please try again in ${words}.`);
}

/** `max` requests per `window` (`'15 minutes'`). */
export interface WindowRule {
  max: number;
  window: string;
}

/**
 * A maker of limits for one plugin, each a hook that throws tooManyAttempts once `key` has used
 * `rule.max` (scaled by RATE_LIMIT_MULTIPLIER) in the window. A manual check, not the plugin's
 * route option: several limits may guard one route, and the plugin's hook runs once per request.
 */
export function attemptLimits(app: FastifyInstance, rateLimitMultiplier: number) {
  return (
    name: string,
    rule: WindowRule,
    key: (request: FastifyRequest) => string,
  ): ((request: FastifyRequest, reply: FastifyReply) => Promise<void>) => {
    const check = app.createRateLimit({
      max: Math.ceil(rule.max * rateLimitMultiplier),
      timeWindow: rule.window,
      keyGenerator: (request) => `${name}:${key(request)}`,
    });
    return answering(async (request: FastifyRequest, reply: FastifyReply) => {
      const result = await check(request);
      if (result.isAllowed || !result.isExceeded) return;
      throw tooManyAttempts(reply, result.ttlInSeconds);
    }, 'rate_limited');
  };
}
