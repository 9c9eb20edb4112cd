import { z } from 'zod/mini';
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_ENDPOINT_STATUSES, WEBHOOK_EVENTS } from '../constants';
import { int, success, textOrNull } from './read';

/** `POST /webhook-endpoints` and `POST /webhook-endpoints/:id/rotate-secret`: the signing secret, shown this once. */
export const webhookSecretSchema = z.object({
  success,
  id: z.string(),
  /** `whsec_` and base64 (Standard Webhooks). */
  secret: z.string(),
});
export type WebhookSecret = z.infer<typeof webhookSecretSchema>;

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: textOrNull,
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  status: z.enum(WEBHOOK_ENDPOINT_STATUSES),
  /** Why it was disabled (a day of failed deliveries), else null. */
  disabledReason: textOrNull,
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** `GET /webhook-endpoints`: the user's endpoints, newest first. */
export const webhookEndpointListSchema = z.object({
  success,
  endpoints: z.array(webhookEndpointSchema),
});
export type WebhookEndpointList = z.infer<typeof webhookEndpointListSchema>;

export const webhookDeliverySchema = z.object({
  /** The Standard Webhooks `webhook-id` (msg_…), the same on every attempt. */
  id: z.string(),
  eventType: z.enum(WEBHOOK_EVENTS),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: int,
  /** The receiver's last HTTP status, or null when it never answered. */
  lastStatusCode: z.nullable(int),
  /** Why the last attempt failed (timeout, refused, a status), else null. */
  lastError: textOrNull,
  createdAt: z.string(),
  lastAttemptAt: textOrNull,
  nextAttemptAt: textOrNull,
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** `GET /webhook-endpoints/:id/deliveries`. */
export const webhookDeliveryListSchema = z.object({
  success,
  deliveries: z.array(webhookDeliverySchema),
  nextCursor: textOrNull,
});
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>;
