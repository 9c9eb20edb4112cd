import { z } from 'zod';
import { WEBHOOK_EVENTS } from './constants';

/*
 * Outbound webhooks (issue 35): endpoints a seller registers to be told when work finishes.
 * Server-side zod, like every request: the web imports only types.
 */

export const WEBHOOK_URL_MAX_LENGTH = 2048;

/** `POST /webhook-endpoints`: an https URL and at least one event. */
export const createWebhookEndpointRequestSchema = z.object({
  url: z
    .string()
    .trim()
    .min(1, 'Enter the URL to deliver to')
    .max(WEBHOOK_URL_MAX_LENGTH, `A URL is at most ${WEBHOOK_URL_MAX_LENGTH} characters`),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: `Events are ${WEBHOOK_EVENTS.join(', ')}` }))
    .min(1, 'Choose at least one event')
    .max(WEBHOOK_EVENTS.length)
    .refine((events) => new Set(events).size === events.length, 'An event is listed twice'),
  description: z.string().trim().max(100, 'A description is at most 100 characters').optional(),
});
export type CreateWebhookEndpointRequest = z.input<typeof createWebhookEndpointRequestSchema>;

/** `GET /webhook-endpoints/:id/deliveries`: newest first, a page at a time. */
export const webhookDeliveriesQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
