import { inArray, lt } from 'drizzle-orm';
import { falWebhookDeliveries } from '../../db/schema';
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
