import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { WebhookEvent } from '@studio/contract';
import type { DbOrTx, Tx } from '../../db/db-or-tx';
import { media, users, webhookDeliveries, webhookEndpoints } from '../../db/schema';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** Serialises one user's endpoint changes (the count-then-insert of the endpoint limit). */
export async function lockUserEndpoints(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`webhook-endpoints:${userId}`}))`);
}

export async function countEndpoints(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, userId));
  return row?.count ?? 0;
}

export async function insertEndpoint(
  db: DbOrTx,
  row: typeof webhookEndpoints.$inferInsert,
): Promise<EndpointRow> {
  const [inserted] = await db.insert(webhookEndpoints).values(row).returning();
  if (!inserted) throw new Error('the endpoint was not stored');
  return inserted;
}

export function listEndpoints(db: DbOrTx, userId: string): Promise<EndpointRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, userId))
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
}

export async function findOwnEndpoint(
  db: DbOrTx,
  userId: string,
  id: string,
): Promise<EndpointRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)));
  return row;
}

/** Deletes the user's endpoint and its deliveries; false when it is not theirs or unknown. */
export async function deleteEndpoint(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/** A new secret, the current one kept signing until `previousExpiresAt`. */
export async function rotateSecret(
  db: DbOrTx,
  userId: string,
  id: string,
  sealedSecret: string,
  previousExpiresAt: Date,
): Promise<boolean> {
  const rows = await db
    .update(webhookEndpoints)
    .set({
      previousSecret: sql`${webhookEndpoints.secret}`,
      previousSecretExpiresAt: previousExpiresAt,
      secret: sealedSecret,
    })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

export async function enableEndpoint(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(webhookEndpoints)
    .set({ status: 'enabled', disabledReason: null, disabledAt: null })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/**
 * The user's enabled endpoints and what each is subscribed to: one indexed query
 * (webhook_endpoints_user_idx) that every emitter runs first, so a user without endpoints costs
 * nothing more.
 */
export function subscriptions(
  db: DbOrTx,
  userId: string,
): Promise<{ id: string; events: WebhookEvent[] }[]> {
  return db
    .select({ id: webhookEndpoints.id, events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.userId, userId), eq(webhookEndpoints.status, 'enabled')));
}

/** Adds deliveries, due at once (on the database's clock, as every later attempt). */
export async function insertDeliveries(
  tx: Tx,
  rows: Omit<typeof webhookDeliveries.$inferInsert, 'nextAttemptAt'>[],
): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .insert(webhookDeliveries)
    .values(rows.map((row) => ({ ...row, nextAttemptAt: sql`now()` })));
}

/** One endpoint's deliveries, newest first, after the cursor's `seq`. */
export function listDeliveries(
  db: DbOrTx,
  endpointId: string,
  beforeSeq: number | null,
  limit: number,
): Promise<DeliveryRow[]> {
  return db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.endpointId, endpointId),
        beforeSeq === null ? undefined : lt(webhookDeliveries.seq, beforeSeq),
      ),
    )
    .orderBy(desc(webhookDeliveries.seq))
    .limit(limit);
}

/**
 * Queues a fresh attempt now. A finished delivery gets one attempt without retries (a person
 * asked for it and sees its outcome); a pending one is only brought forward.
 */
export async function resendDelivery(db: DbOrTx, endpointId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(webhookDeliveries)
    .set({
      autoRetry: sql`${webhookDeliveries.status} = 'pending' and ${webhookDeliveries.autoRetry}`,
      status: 'pending',
      nextAttemptAt: sql`now()`,
    })
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.endpointId, endpointId)))
    .returning({ id: webhookDeliveries.id });
  return rows.length > 0;
}

/** A delivery taken for an attempt, with what is needed to send it. */
export interface ClaimedDelivery {
  id: string;
  endpointId: string;
  /** The exact JSON text stored: every attempt sends the same bytes. */
  body: string;
  attempts: number;
  autoRetry: boolean;
  createdAt: Date;
  url: string;
  endpointEnabled: boolean;
  secret: string;
  /** The previous secret while it still signs (a rotation's overlap), else null. */
  previousSecret: string | null;
}

/**
 * Takes up to `limit` due deliveries for this dispatcher until `leaseMs` from now: SKIP LOCKED,
 * so dispatchers in several processes never take the same one; a dispatcher that dies leaves a
 * lease that lapses, and the delivery is taken again.
 */
export async function claimDue(
  db: DbOrTx,
  token: string,
  limit: number,
  leaseMs: number,
): Promise<ClaimedDelivery[]> {
  const result = await db.execute<{
    id: string;
    endpoint_id: string;
    body: string;
    attempts: number;
    auto_retry: boolean;
    created_at: string;
    url: string;
    endpoint_status: string;
    secret: string;
    previous_secret: string | null;
  }>(sql`
    with due as (
      select id from webhook_deliveries
      where status = 'pending' and next_attempt_at <= now()
        and (lease_until is null or lease_until < now())
      order by next_attempt_at
      limit ${limit}
      for update skip locked
    )
    update webhook_deliveries d
    set lease_token = ${token}, lease_until = now() + ${leaseMs} * interval '1 millisecond'
    from due, webhook_endpoints e
    where d.id = due.id and e.id = d.endpoint_id
    returning d.id, d.endpoint_id, d.payload::text as body, d.attempts, d.auto_retry,
      d.created_at, e.url, e.status as endpoint_status, e.secret,
      case when e.previous_secret_expires_at > now() then e.previous_secret end as previous_secret`);
  return result.rows.map((row) => ({
    id: row.id,
    endpointId: row.endpoint_id,
    body: row.body,
    attempts: row.attempts,
    autoRetry: row.auto_retry,
    createdAt: new Date(row.created_at),
    url: row.url,
    endpointEnabled: row.endpoint_status === 'enabled',
    secret: row.secret,
    previousSecret: row.previous_secret,
  }));
}

/**
 * Milliseconds until the soonest pending delivery not held by a live lease is due (0 when one is),
 * null when none waits. The partial index answers it in index order, however many wait: a held
 * delivery is its holder's, and one whose holder died is found by the next idle look.
 */
export async function msUntilNextDue(db: DbOrTx): Promise<number | null> {
  const result = await db.execute<{ ms: number }>(sql`
    select greatest(0, extract(epoch from (next_attempt_at - now())) * 1000)::float8 as ms
    from webhook_deliveries
    where status = 'pending' and (lease_until is null or lease_until < now())
    order by next_attempt_at
    limit 1`);
  return result.rows[0]?.ms ?? null;
}

/** A 2xx: the delivery is done and the endpoint has been heard from. */
export async function recordSuccess(
  tx: Tx,
  claimed: Pick<ClaimedDelivery, 'id' | 'endpointId'>,
  token: string,
  statusCode: number,
): Promise<void> {
  const rows = await tx
    .update(webhookDeliveries)
    .set({
      status: 'succeeded',
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      lastStatusCode: statusCode,
      lastError: null,
      lastAttemptAt: sql`now()`,
      nextAttemptAt: null,
      leaseToken: null,
      leaseUntil: null,
    })
    .where(and(eq(webhookDeliveries.id, claimed.id), eq(webhookDeliveries.leaseToken, token)))
    .returning({ id: webhookDeliveries.id });
  if (rows.length > 0) {
    await tx
      .update(webhookEndpoints)
      .set({ lastSuccessAt: sql`now()` })
      .where(eq(webhookEndpoints.id, claimed.endpointId));
  }
}

/**
 * A failed attempt: retried after `retryInMs`, or failed for good when that is null. Undefined
 * when this dispatcher's lease had lapsed (another took the delivery; its record stands).
 */
export async function recordFailure(
  tx: Tx,
  id: string,
  token: string,
  outcome: { statusCode: number | null; error: string; retryInMs: number | null },
): Promise<{ status: string } | undefined> {
  const retry = outcome.retryInMs;
  const [row] = await tx
    .update(webhookDeliveries)
    .set({
      status: retry === null ? 'failed' : 'pending',
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      lastStatusCode: outcome.statusCode,
      lastError: outcome.error,
      lastAttemptAt: sql`now()`,
      nextAttemptAt:
        retry === null ? null : sql`now() + ${Math.round(retry)} * interval '1 millisecond'`,
      leaseToken: null,
      leaseUntil: null,
    })
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.leaseToken, token)))
    .returning({ status: webhookDeliveries.status });
  return row;
}

/**
 * Disables an enabled endpoint and fails what still waits for it, in the caller's transaction;
 * with `unlessHeardSince`, only when it has had no 2xx since then. Answers the owner's address
 * when this call disabled it (so the notice is sent once), else undefined.
 */
export async function disableEndpoint(
  tx: Tx,
  endpointId: string,
  reason: string,
  unlessHeardSince?: Date,
): Promise<{ email: string; url: string } | undefined> {
  const [row] = await tx
    .update(webhookEndpoints)
    .set({ status: 'disabled', disabledReason: reason, disabledAt: sql`now()` })
    .where(
      and(
        eq(webhookEndpoints.id, endpointId),
        eq(webhookEndpoints.status, 'enabled'),
        unlessHeardSince === undefined
          ? undefined
          : sql`(${webhookEndpoints.lastSuccessAt} is null or ${webhookEndpoints.lastSuccessAt} < ${unlessHeardSince.toISOString()}::timestamptz)`,
      ),
    )
    .returning({ userId: webhookEndpoints.userId, url: webhookEndpoints.url });
  if (!row) return undefined;
  await tx
    .update(webhookDeliveries)
    .set({
      status: 'failed',
      lastError: sql`coalesce(${webhookDeliveries.lastError}, 'Not sent: the endpoint was disabled')`,
      nextAttemptAt: null,
    })
    .where(
      and(
        eq(webhookDeliveries.endpointId, endpointId),
        eq(webhookDeliveries.status, 'pending'),
        sql`(${webhookDeliveries.leaseUntil} is null or ${webhookDeliveries.leaseUntil} < now())`,
      ),
    );
  const [owner] = await tx
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, row.userId));
  return owner ? { email: owner.email, url: row.url } : undefined;
}

/** Marks a claimed delivery of a disabled endpoint failed without sending it. */
export async function failUnsent(db: DbOrTx, id: string, token: string): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({
      status: 'failed',
      lastError: 'Not sent: the endpoint is disabled',
      nextAttemptAt: null,
      leaseToken: null,
      leaseUntil: null,
    })
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.leaseToken, token)));
}

/** Removes finished deliveries older than `days`, at most `limit` per call. */
export async function pruneFinished(db: DbOrTx, days: number, limit: number): Promise<number> {
  const result = await db.execute(sql`
    delete from webhook_deliveries where id in (
      select id from webhook_deliveries
      where created_at < now() - ${days} * interval '1 day' and status <> 'pending'
      limit ${limit})`);
  return result.rowCount ?? 0;
}

/**
 * The content types of a user's stored outputs, for `generation.succeeded`: read here (the media
 * table, by primary key) because the event is written inside the settling transaction.
 */
export async function contentTypes(
  tx: DbOrTx,
  userId: string,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: media.id, contentType: media.contentType })
    .from(media)
    .where(and(eq(media.userId, userId), inArray(media.id, [...ids])));
  return new Map(rows.map((row) => [row.id, row.contentType]));
}
