import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { header, keepJsonBodiesRaw, rawJsonBody } from '../../http/raw-body';
import type { FalWebhookHeaders } from '../../platform/providers/fal/webhook-signature';
import { webhookTagQuerySchema } from '../../platform/providers/fal/webhook-tag';
import { receiveFalWebhook, type FalWebhookDeps } from './fal-webhooks.service';

/**
 * A result's webhook body is its JSON output: file URLs and a few fields, far below this. The
 * bound keeps an unauthenticated caller from making us hash and hold large bodies.
 */
const MAX_BODY_BYTES = 256 * 1024;

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
    keepJsonBodiesRaw(app, MAX_BODY_BYTES);
    app.post(
      '/webhooks/fal',
      {
        config: { public: true },
        bodyLimit: MAX_BODY_BYTES,
        schema: {
          tags: ['webhooks'],
          querystring: webhookTagQuerySchema,
          response: { 200: z.object({ received: z.literal(true) }) },
        },
      },
      async (request) => {
        await receiveFalWebhook(deps, webhookHeaders(request), rawJsonBody(request), request.query);
        return { received: true as const };
      },
    );
  };
