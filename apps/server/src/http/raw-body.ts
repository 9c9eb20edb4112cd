import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors';

/*
 * Signed webhooks (payments, fal) are verified on the exact bytes received: their route scopes
 * keep JSON bodies raw instead of parsing them.
 */

/** In this scope, JSON bodies stay the bytes received (up to `bodyLimit`, Fastify's default otherwise). */
export function keepJsonBodiesRaw(app: FastifyInstance, bodyLimit?: number): void {
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', ...(bodyLimit === undefined ? {} : { bodyLimit }) },
    (_request, body, done) => {
      done(null, body);
    },
  );
}

/** The raw body of a request in such a scope; 400 when it was not JSON. */
export function rawJsonBody(request: FastifyRequest): Buffer {
  if (!Buffer.isBuffer(request.body)) throw new AppError(400, 'bad_request', 'Expected JSON');
  return request.body;
}

/** A request header's first value. */
export function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
