import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { generations, mediaSweeps, orders, webhookDeliveries } from '../../db/schema';

/*
 * The numbers the database already knows, read when Prometheus scrapes (issue 37): one query each,
 * every one served by a partial index over unfinished rows only (pg-boss's job_i5, the
 * generations' and orders' "open" indexes, the deliveries' due index), so a scrape costs the same
 * with a year of history as with a day.
 */

export interface QueueRow {
  queue: string;
  waiting: number;
  oldestSeconds: number;
}

/** Jobs ready to run and not taken, and the age of the oldest, per pg-boss queue (0 when none). */
export async function queueStats(db: Db): Promise<QueueRow[]> {
  const result = await db.execute<{ queue: string; waiting: number; oldest: number }>(sql`
    select q.name as queue, count(j.id)::int as waiting,
           coalesce(extract(epoch from now() - min(j.start_after)), 0)::float8 as oldest
      from pgboss.queue q
      left join pgboss.job j
        on j.name = q.name and j.state < 'active' and j.start_after <= now()
     group by q.name`);
  return result.rows.map((r) => ({ queue: r.queue, waiting: r.waiting, oldestSeconds: r.oldest }));
}

/** Generations queued or running now, per tool. */
export async function generationsInProgress(db: Db) {
  const result = await db.execute<{ type: string; status: string; n: number }>(sql`
    select ${generations.type} as type, ${generations.status} as status, count(*)::int as n
      from ${generations}
     where ${generations.status} in ('queued', 'running')
     group by 1, 2`);
  return result.rows;
}

/** Orders still open (pending, processing) per provider and state, and the oldest's age. */
export async function openOrders(db: Db) {
  const result = await db.execute<{
    provider: string;
    status: string;
    n: number;
    oldest: number;
  }>(sql`
    select ${orders.provider} as provider, ${orders.status} as status, count(*)::int as n,
           extract(epoch from now() - min(${orders.createdAt}))::float8 as oldest
      from ${orders}
     where ${orders.status} in ('pending', 'processing')
     group by 1, 2`);
  return result.rows;
}

/**
 * Outbound webhook deliveries (ADR 060) waiting for an attempt: all of them, those due now and
 * the oldest due one's lateness; and the last hour's deliveries by status with their retries.
 */
export async function webhookDeliveryStats(db: Db) {
  const backlog = await db.execute<{ pending: number; due: number; late: number }>(sql`
    select count(*)::int as pending,
           (count(*) filter (where ${webhookDeliveries.nextAttemptAt} <= now()))::int as due,
           coalesce(extract(epoch from now() - min(${webhookDeliveries.nextAttemptAt})
                    filter (where ${webhookDeliveries.nextAttemptAt} <= now())), 0)::float8 as late
      from ${webhookDeliveries}
     where ${webhookDeliveries.status} = 'pending'`);
  const recent = await db.execute<{ status: string; n: number; retries: number }>(sql`
    select ${webhookDeliveries.status} as status, count(*)::int as n,
           coalesce(sum(greatest(${webhookDeliveries.attempts} - 1, 0)), 0)::int as retries
      from ${webhookDeliveries}
     where ${webhookDeliveries.createdAt} > now() - interval '1 hour'
     group by 1`);
  const [row] = backlog.rows;
  return {
    pending: row?.pending ?? 0,
    due: row?.due ?? 0,
    lateSeconds: row?.late ?? 0,
    recent: recent.rows,
  };
}

/**
 * Media sweep marks older than two hours (docs/operations.md: should stay at zero, ADR 046):
 * writes or deletions a crash cut short that the workers' sweep has not finished.
 */
export async function overdueSweepMarks(db: Db): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from ${mediaSweeps}
     where ${mediaSweeps.markedAt} < now() - interval '2 hours'`);
  return result.rows[0]?.n ?? 0;
}
