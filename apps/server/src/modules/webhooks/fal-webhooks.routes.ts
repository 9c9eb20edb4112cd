import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/errors';
import type { FalWebhookHeaders } from '../../platform/providers/fal/webhook-signature';
import { receiveFalWebhook, type FalWebhookDeps } from './fal-webhooks.service';

/**
 * A result's webhook body is its JSON output: file URLs and a few fields, far below this. The
 * bound keeps an unauthenticated caller from making us hash and hold large bodies.
 */
const MAX_BODY_BYTES = 256 * 1024;

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

function webhookHeaders(request: FastifyRequest): Partial<FalWebhookHeaders> {
  return {
    requestId: header(request, 'x-fal-webhook-request-id'),
    userId: header(request, 'x-fal-webhook-user-id'),
    timestamp: header(request, 'x-fal-webhook-timestamp'),
    signature: header(request, 'x-fal-webhook-signature'),
  };
}

/**
 * fal's webhook: public (the signature is the authentication), verified on the exact bytes
 * received, so this scope keeps JSON bodies raw.
 */
export const falWebhookRoutes =
  (deps: FalWebhookDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: MAX_BODY_BYTES },
      (_request, body, done) => {
        done(null, body);
      },
    );
    app.post(
      '/webhooks/fal',
      {
        config: { public: true },
        bodyLimit: MAX_BODY_BYTES,
        schema: {
          tags: ['webhooks'],
          response: { 200: z.object({ received: z.literal(true) }) },
        },
      },
      async (request) => {
        if (!Buffer.isBuffer(request.body)) throw new AppError(400, 'bad_request', 'Expected JSON');
        await receiveFalWebhook(deps, webhookHeaders(request), request.body);
        return { received: true as const };
      },
    );
  };
