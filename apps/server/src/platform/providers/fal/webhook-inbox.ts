import { z } from 'zod';
import type { WebhookTagger } from './webhook-tag';

/*
 * What fal's webhooks hand the queue client (ADR 035): the verified deliveries, by request id. The
 * webhook route records them; a job waiting on its requests looks here first and polls fal only
 * as the fallback, so a delivery finishes the job at once, in whichever process runs it.
 */

/**
 * fal's webhook body (docs "Webhooks"): `status` OK or ERROR, the result as `payload`, or null with
 * `payload_error` when the result could not be serialised; `error` says what failed.
 */
export const falWebhookBodySchema = z.object({
  request_id: z.string().min(1),
  status: z.string(),
  payload: z.unknown().optional(),
  error: z.string().nullish(),
  payload_error: z.string().nullish(),
});

export interface FalWebhookDelivery {
  /** fal said OK. */
  ok: boolean;
  /** The result as fal delivered it; null when it sent none (an error, or a payload_error). */
  payload: unknown;
}

export interface FalWebhookInbox {
  /** The deliveries that arrived for these requests, by request id. */
  find(requestIds: readonly string[]): Promise<ReadonlyMap<string, FalWebhookDelivery>>;
  /** Resolves when a delivery for one of these requests may have arrived, after `ms`, or on abort. */
  wait(requestIds: readonly string[], ms: number, signal: AbortSignal): Promise<void>;
}

export interface FalWebhookOptions {
  /** Where fal posts (our public webhook route), sent as `fal_webhook` with each submission. */
  url: string;
  inbox: FalWebhookInbox;
  /** Names the generation in each submission's URL (see webhook-tag.ts); without it, `url` alone. */
  tagger?: WebhookTagger;
}
