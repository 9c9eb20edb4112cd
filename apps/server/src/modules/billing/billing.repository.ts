import { and, desc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import { orders, paymentEvents, subscriptions } from '../../db/schema';
import type { DbOrTx, Tx } from '../../db/db-or-tx';

export type OrderRow = typeof orders.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** Serialises billing changes for one user (two orders completing at once, admin actions). */
export async function lockUserBilling(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`billing:${userId}`}, 0))`);
}

export async function insertOrder(
  db: DbOrTx,
  values: typeof orders.$inferInsert,
): Promise<OrderRow> {
  const [row] = await db.insert(orders).values(values).returning();
  if (!row) throw new Error('order not inserted');
  return row;
}

export async function updateOrder(
  db: DbOrTx,
  id: string,
  patch: Partial<Omit<OrderRow, 'id' | 'userId'>>,
): Promise<void> {
  await db.update(orders).set(patch).where(eq(orders.id, id));
}

export async function findOrder(db: DbOrTx, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row;
}

export async function lockOrder(tx: Tx, id: string): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  return row;
}

export async function listOrders(db: DbOrTx, userId: string): Promise<OrderRow[]> {
  return db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt));
}

/** Records an event; false when it was already recorded (a replay). */
export async function recordEvent(
  tx: Tx,
  values: typeof paymentEvents.$inferInsert,
): Promise<boolean> {
  const inserted = await tx
    .insert(paymentEvents)
    .values(values)
    .onConflictDoNothing()
    .returning({ eventId: paymentEvents.eventId });
  return inserted.length > 0;
}

export async function countEvents(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(paymentEvents);
  return row?.n ?? 0;
}

/** All of a user's plans, newest first (a handful per user). */
export async function listSubscriptions(db: DbOrTx, userId: string): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.createdAt));
}

/** The plan an order bought or extended last. */
export async function findSubscriptionByOrder(
  db: DbOrTx,
  orderId: string,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.lastOrderId, orderId));
  return row;
}

/** Cycles of a plan already taken off the price of upgrade checkouts that are still open. */
export async function cyclesCreditedByOpenOrders(
  db: DbOrTx,
  subscriptionId: string,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${orders.creditedCycles}), 0)::int` })
    .from(orders)
    .where(
      and(
        eq(orders.replacesSubscriptionId, subscriptionId),
        inArray(orders.status, ['pending', 'processing']),
      ),
    );
  return row?.n ?? 0;
}

/** A late attempt for a closed order; undefined when one was already recorded. */
export async function insertAttempt(
  tx: Tx,
  values: typeof orders.$inferInsert,
): Promise<OrderRow | undefined> {
  const [row] = await tx.insert(orders).values(values).onConflictDoNothing().returning();
  return row;
}

/** Unpaid checkouts started before `before`, oldest first (the sweeper's candidates). */
export async function listPendingOrdersBefore(
  db: DbOrTx,
  before: Date,
  limit: number,
): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.status, 'pending'), lt(orders.createdAt, before)))
    .orderBy(orders.createdAt)
    .limit(limit);
}

export async function findSubscription(
  db: DbOrTx,
  id: string,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row;
}

export async function insertSubscription(
  tx: Tx,
  values: typeof subscriptions.$inferInsert,
): Promise<SubscriptionRow> {
  const [row] = await tx.insert(subscriptions).values(values).returning();
  if (!row) throw new Error('subscription not inserted');
  return row;
}

export async function updateSubscription(
  db: DbOrTx,
  id: string,
  patch: Partial<Omit<SubscriptionRow, 'id' | 'userId'>>,
): Promise<SubscriptionRow> {
  const [row] = await db
    .update(subscriptions)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(subscriptions.id, id))
    .returning();
  if (!row) throw new Error('subscription vanished');
  return row;
}

/** Current, replaced or scheduled plans with a cycle whose start has come: `started + 30 d × granted <= now`. */
export async function subscriptionsWithDueCycles(
  db: DbOrTx,
  now: Date,
  cycleDays: number,
): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(
      and(
        inArray(subscriptions.status, ['active', 'replaced', 'scheduled']),
        sql`${subscriptions.cyclesGranted} < ${subscriptions.cyclesTotal}`,
        lte(
          sql`${subscriptions.startedAt} + make_interval(days => ${subscriptions.cyclesGranted} * ${cycleDays})`,
          now,
        ),
      ),
    );
}
