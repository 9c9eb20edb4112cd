import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from './errors';
import { streamZip, type ZipSource } from '../platform/zip';
import { byUserOrAddress } from '../modules/rate-limits/rate-limit-keys';

/*
 * What the routes that hand out zips share (the catalogue's, ADR 017, and the gallery's, ADR 030):
 * a per-user rate limit and the streamed zip reply, kept in one place so the two downloads
 * cannot drift apart in their headers or in how they stop when the browser goes away.
 */

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * A maker of per-user limits for one plugin: `perMinute` requests per signed-in user (per IP
 * before the session is known), scaled by the configured multiplier, refused as a 429 AppError
 * with `message` so the client shows our words, not the plugin's.
 */
export function perUserLimits(app: ZodApp, rateLimitMultiplier: number) {
  return (name: string, perMinute: number, message: string) =>
    app.rateLimit({
      max: Math.ceil(perMinute * rateLimitMultiplier),
      timeWindow: '1 minute',
      keyGenerator: byUserOrAddress(name),
      errorResponseBuilder: () => new AppError(429, 'rate_limited', message),
    });
}

/**
 * Streams `sources` as the response: an attachment named by `disposition`, never cached or
 * sniffed. The client going away ends the zip at once: no more reads from storage for nobody.
 */
export function sendZip(
  reply: FastifyReply,
  zip: { disposition: string; sources: readonly ZipSource[] },
): FastifyReply {
  const gone = new AbortController();
  reply.raw.once('close', () => {
    gone.abort();
  });
  reply
    .header('content-type', 'application/zip')
    .header('content-disposition', zip.disposition)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff');
  return reply.send(streamZip(zip.sources, gone.signal));
}
