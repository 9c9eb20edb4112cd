import { z } from 'zod';
import { derivedKey, sign, signedBy } from '../../hmac';

/*
 * A submission's webhook URL names the work it belongs to (issue 29): a worker that dies between
 * fal accepting a request and our storing its id loses the id, but fal still calls back, and the
 * URL it calls says which generation the request was for. Signed, so a delivery (fal-signed, but
 * for a request of its own choosing) cannot be pointed at another generation.
 */

export interface WebhookTag {
  generationId: string;
  modelId: string;
  /** How many fal requests the job submits: one id is the whole handle only when it is 1. */
  requests: number;
}

/** The query parameters fal echoes back; bounded, as any caller may send them. */
export const webhookTagQuerySchema = z.object({
  generation: z.string().max(64).optional(),
  model: z.string().max(200).optional(),
  requests: z
    .string()
    .regex(/^\d{1,3}$/)
    .optional(),
  sig: z.string().max(64).optional(),
});
export type WebhookTagQuery = z.infer<typeof webhookTagQuerySchema>;

export interface WebhookTagger {
  /** The webhook URL for one submission of this work. */
  urlFor(base: string, tag: WebhookTag): string;
  /** The tag a delivery's URL carries, when it is ours and intact; undefined otherwise. */
  read(query: WebhookTagQuery): WebhookTag | undefined;
}

const signed = (tag: WebhookTag) => `${tag.generationId}\n${tag.modelId}\n${String(tag.requests)}`;

export function createWebhookTagger(authSecret: string): WebhookTagger {
  const key = derivedKey(authSecret, 'fal-webhook-tag');
  return {
    urlFor(base, tag) {
      const url = new URL(base);
      url.searchParams.set('generation', tag.generationId);
      url.searchParams.set('model', tag.modelId);
      url.searchParams.set('requests', String(tag.requests));
      url.searchParams.set('sig', sign(key, signed(tag)));
      return url.href;
    },
    read(query) {
      const { generation, model, requests, sig } = query;
      if (!generation || !model || !requests || !sig) return undefined;
      const tag = { generationId: generation, modelId: model, requests: Number(requests) };
      return signedBy(key, signed(tag), sig) ? tag : undefined;
    },
  };
}
