import {
  createWebhookEndpointRequestSchema,
  webhookDeliveriesQuerySchema,
  webhookDeliveryListSchema,
  webhookEndpointListSchema,
  webhookSecretSchema,
} from '@studio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { perUserLimits } from '../../http/zip-reply';
import { requireUser } from '../auth/session-guard';
import {
  createEndpoint,
  deleteEndpoint,
  enableEndpoint,
  type EndpointDeps,
  listDeliveries,
  listEndpoints,
  resendDelivery,
  rotateSecret,
} from './outbound-webhooks.service';

const tags = ['webhooks'];
/** A session, or an API key with the `webhooks` scope (ADR 059). */
const config = { apiKey: 'webhooks' as const };
const id = z.string().min(1).max(100);
/** Endpoints made per user per minute: at most ten exist, so a burst is a script gone wrong. */
const CREATES_PER_MINUTE = 10;
/** Resends per user per minute: each one is a request we make to the seller's server. */
const RESENDS_PER_MINUTE = 60;

/**
 * Outbound webhooks (issue 35 item 4, ADR 060): the endpoints a seller registers, their secrets
 * and delivery logs. Another user's endpoint or delivery is a 404, as everywhere.
 */
export const outboundWebhookRoutes =
  (deps: EndpointDeps & { rateLimitMultiplier: number }): FastifyPluginAsyncZod =>
  async (app) => {
    const limit = perUserLimits(app, deps.rateLimitMultiplier);
    app.post(
      '/webhook-endpoints',
      {
        config,
        preHandler: limit(
          'webhook-endpoint-creates',
          CREATES_PER_MINUTE,
          'Too many webhook endpoints made. Please wait a minute and try again.',
        ),
        schema: {
          tags,
          summary:
            'Register an https endpoint for events; its whsec_ signing secret is answered this once',
          body: createWebhookEndpointRequestSchema,
          response: { 201: webhookSecretSchema },
        },
      },
      async (request, reply) => {
        const made = await createEndpoint(deps, requireUser(request).id, request.body);
        return reply.code(201).send({ success: true as const, ...made });
      },
    );

    app.get(
      '/webhook-endpoints',
      {
        config,
        schema: {
          tags,
          summary: "The user's webhook endpoints, newest first (never their secrets)",
          response: { 200: webhookEndpointListSchema },
        },
      },
      async (request) => ({
        success: true as const,
        endpoints: await listEndpoints(deps.db, requireUser(request).id),
      }),
    );

    app.delete(
      '/webhook-endpoints/:id',
      {
        config,
        schema: {
          tags,
          summary: 'Delete a webhook endpoint and its delivery log',
          params: z.object({ id }),
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await deleteEndpoint(deps.db, requireUser(request).id, request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/webhook-endpoints/:id/rotate-secret',
      {
        config,
        schema: {
          tags,
          summary:
            'A new signing secret, answered this once; the old one keeps signing beside it for 24 hours',
          params: z.object({ id }),
          response: { 200: webhookSecretSchema },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await rotateSecret(deps, requireUser(request).id, request.params.id)),
      }),
    );

    app.post(
      '/webhook-endpoints/:id/enable',
      {
        config,
        schema: {
          tags,
          summary: 'Turn a disabled webhook endpoint back on',
          params: z.object({ id }),
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await enableEndpoint(deps.db, requireUser(request).id, request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/webhook-endpoints/:id/deliveries',
      {
        config,
        schema: {
          tags,
          summary: "An endpoint's deliveries, newest first, with each one's last status code",
          params: z.object({ id }),
          querystring: webhookDeliveriesQuerySchema,
          response: { 200: webhookDeliveryListSchema },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await listDeliveries(
          deps.db,
          requireUser(request).id,
          request.params.id,
          request.query,
        )),
      }),
    );

    app.post(
      '/webhook-endpoints/:id/deliveries/:deliveryId/resend',
      {
        config,
        preHandler: limit(
          'webhook-resends',
          RESENDS_PER_MINUTE,
          'Too many resends. Please wait a minute and try again.',
        ),
        schema: {
          tags,
          summary: 'Send a delivery again now (one attempt, signed anew)',
          params: z.object({ id, deliveryId: id }),
          response: { 202: z.object({ success: z.literal(true) }) },
        },
      },
      async (request, reply) => {
        const { id: endpointId, deliveryId } = request.params;
        await resendDelivery(deps.db, requireUser(request).id, endpointId, deliveryId);
        return reply.code(202).send({ success: true as const });
      },
    );
  };
