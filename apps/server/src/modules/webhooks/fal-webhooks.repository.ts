import { eq, inArray, lt } from 'drizzle-orm';
import { falWebhookDeliveries, generations } from '../../db/schema';
import { decodeHandle, encodeHandle } from '../../platform/providers/fal/queue';
import type { RequestCost } from '../../platform/providers/fal/prices';
import type { WebhookTag } from '../../platform/providers/fal/webhook-tag';
import type { ProviderCostEntry } from '../provider-costs/provider-costs.service';
import type { DbOrTx } from '../../db/db-or-tx';

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
export type Recognition = 'known' | 'adopted' | 'late' | 'unclaimed';

/**
 * A delivery's request, seen from the generation its webhook URL names (issues 29, 31). Known: the
 * generation holds its id and is still to settle. Adopted: the generation is still waiting with the
 * "submitting" marker, having lost the id (its worker died after fal accepted the work), and the
 * request is the whole of its work, so it takes the id and the next attempt collects the result
 * instead of refunding. Late: the generation holds it but was already refunded (its deadline fell
 * and fal ran it anyway). Else unclaimed: fal ran it for work that was refunded or resubmitted.
 * Late and unclaimed work is recorded as our cost, charged to nobody. Under the generation's row
 * lock, so a storing worker and this agree.
 */
export async function recognizeRequest(
  db: DbOrTx,
  tag: WebhookTag,
  requestId: string,
  cost: RequestCost,
  /** The provider-costs module's writer, run in this transaction. */
  recordRequestCost: (tx: DbOrTx, entry: ProviderCostEntry) => Promise<void>,
): Promise<Recognition> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: generations.status, handle: generations.providerRequestId })
      .from(generations)
      .where(eq(generations.id, tag.generationId))
      .for('update');
    const open = row?.status === 'queued' || row?.status === 'running';
    const held = row?.handle
      ? decodeHandle(row.handle, null).requestIds.includes(requestId)
      : false;
    if (held && open) return 'known';
    if (row?.handle === '' && open && tag.requests === 1) {
      await tx
        .update(generations)
        .set({ providerRequestId: encodeHandle(tag.modelId, [requestId]) })
        .where(eq(generations.id, tag.generationId));
      return 'adopted';
    }
    const refunded = held && (row?.status === 'failed' || row?.status === 'canceled');
    // A succeeded generation's own request (a duplicate delivery) is already recorded as completed.
    if (held && !refunded) return 'known';
    const outcome = refunded ? 'late' : 'unclaimed';
    await recordRequestCost(tx, {
      requestId,
      generationId: row ? tag.generationId : null,
      provider: 'fal',
      modelId: tag.modelId,
      outcome,
      inferenceMs: null,
      ...cost,
    });
    return outcome;
  });
}
