import { eq, inArray, lt } from 'drizzle-orm';
import { falWebhookDeliveries, generations, providerCosts } from '../../db/schema';
import { decodeHandle, encodeHandle } from '../../platform/providers/fal/queue';
import type { WebhookTag } from '../../platform/providers/fal/webhook-tag';
import type { DbOrTx } from '../credits/credits.service';

export interface Delivery {
  requestId: string;
  ok: boolean;
  payload: unknown;
}

/** Stores a delivery; false when one for this request id was already stored (a replay). */
export async function recordDelivery(db: DbOrTx, delivery: Delivery): Promise<boolean> {
  const inserted = await db
    .insert(falWebhookDeliveries)
    .values({ requestId: delivery.requestId, ok: delivery.ok, payload: delivery.payload ?? null })
    .onConflictDoNothing()
    .returning({ requestId: falWebhookDeliveries.requestId });
  return inserted.length > 0;
}

/** The stored deliveries of these requests (one query, however many a job waits on). */
export function findDeliveries(db: DbOrTx, requestIds: readonly string[]) {
  return db
    .select({
      requestId: falWebhookDeliveries.requestId,
      ok: falWebhookDeliveries.ok,
      payload: falWebhookDeliveries.payload,
    })
    .from(falWebhookDeliveries)
    .where(inArray(falWebhookDeliveries.requestId, [...requestIds]));
}

/** Deliveries are kept two days: a replay older than that fails the signature's timestamp anyway. */
const KEEP_DELIVERIES_MS = 2 * 24 * 60 * 60_000;

/** Run by the generation sweeper, off the webhook's request path. */
export async function pruneOldDeliveries(db: DbOrTx, now = Date.now()): Promise<number> {
  const removed = await db
    .delete(falWebhookDeliveries)
    .where(lt(falWebhookDeliveries.receivedAt, new Date(now - KEEP_DELIVERIES_MS)))
    .returning({ requestId: falWebhookDeliveries.requestId });
  return removed.length;
}

/** What a tagged delivery's request is to the generation its URL names. */
export type Recognition = 'known' | 'adopted' | 'unclaimed';

/**
 * A delivery's request, seen from the generation its webhook URL names (issue 29). Known: the
 * generation holds its id. Adopted: the generation is still waiting with the "submitting" marker,
 * having lost the id (its worker died after fal accepted the work), and the request is the whole of
 * its work, so it takes the id and the next attempt collects the result instead of refunding. Else
 * unclaimed: fal ran it for work that was refunded (or resubmitted); its cost is recorded for us,
 * charged to nobody. Under the generation's row lock, so a storing worker and this agree.
 */
export async function recognizeRequest(
  db: DbOrTx,
  tag: WebhookTag,
  requestId: string,
): Promise<Recognition> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: generations.status, handle: generations.providerRequestId })
      .from(generations)
      .where(eq(generations.id, tag.generationId))
      .for('update');
    if (row?.handle && decodeHandle(row.handle, null).requestIds.includes(requestId)) {
      return 'known';
    }
    const waiting = row?.handle === '' && (row.status === 'queued' || row.status === 'running');
    if (waiting && tag.requests === 1) {
      await tx
        .update(generations)
        .set({ providerRequestId: encodeHandle(tag.modelId, [requestId]) })
        .where(eq(generations.id, tag.generationId));
      return 'adopted';
    }
    await tx
      .insert(providerCosts)
      .values({
        requestId,
        generationId: row ? tag.generationId : null,
        provider: 'fal',
        modelId: tag.modelId,
        outcome: 'unclaimed',
      })
      .onConflictDoNothing();
    return 'unclaimed';
  });
}
