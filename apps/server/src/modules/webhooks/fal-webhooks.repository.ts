import { eq, lt } from 'drizzle-orm';
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

export async function findDelivery(db: DbOrTx, requestId: string) {
  const [row] = await db
    .select({ ok: falWebhookDeliveries.ok, payload: falWebhookDeliveries.payload })
    .from(falWebhookDeliveries)
    .where(eq(falWebhookDeliveries.requestId, requestId));
  return row;
}

export async function pruneDeliveries(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(falWebhookDeliveries).where(lt(falWebhookDeliveries.receivedAt, before));
}
