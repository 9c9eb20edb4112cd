import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** One local day and one tool: what the user's generations of that day came to. */
export type DayRow = {
  /** YYYY-MM-DD in the user's zone. */
  day: string;
  /** 'Mon'…'Sun'. */
  dow: string;
  /** Null for a day without generations (the series still lists it). */
  type: string | null;
  succeeded: number;
  /** Output images of the succeeded ones. */
  images: number;
  /** Succeeded, failed or canceled (queued and running are not finished). */
  finished: number;
  /** Credits the ledger keeps for this work: held or captured, not released (see `usageByDay`). */
  credits: number;
};

export interface Window {
  userId: string;
  /** A zone the route has checked against the runtime's IANA list. */
  timeZone: string;
  days: number;
  now: Date;
}

// The local date of `now` in the user's zone.
const today = (w: Window) =>
  sql`(${w.now.toISOString()}::timestamptz at time zone ${w.timeZone})::date`;

/**
 * Every local day of the window (generate_series in the user's zone), each joined to that day's
 * generations through the (user_id, created_at) index: one index range per day, so the cost
 * follows the user's work in the window, not their whole history.
 *
 * Credits come from the same rows (ADR 029): a generation's reserve is captured in the transaction
 * that marks it succeeded and released in the one that marks it failed or canceled, so the
 * ledger's net for it is `credits` unless failed or canceled. Joining the ledger itself measured
 * 58 ms alone for 90 days at 100k generations, over the whole budget.
 */
export async function usageByDay(db: Db, w: Window): Promise<DayRow[]> {
  const result = await db.execute<DayRow>(sql`
    with days as (
      select d::date as day
      from generate_series(${today(w)} - ${w.days - 1}::int, ${today(w)}, interval '1 day') as d
    )
    select to_char(days.day, 'YYYY-MM-DD') as day,
           to_char(days.day, 'Dy') as dow,
           g.type,
           count(*) filter (where g.status = 'succeeded')::int as succeeded,
           coalesce(sum(jsonb_array_length(g.image_urls)) filter (where g.status = 'succeeded'), 0)::int as images,
           count(*) filter (where g.status in ('succeeded', 'failed', 'canceled'))::int as finished,
           coalesce(sum(g.credits) filter (where g.status not in ('failed', 'canceled')), 0)::int as credits
    from days
    left join generations g
      on g.user_id = ${w.userId}
     and g.created_at >= (days.day::timestamp at time zone ${w.timeZone})
     and g.created_at < ((days.day + 1)::timestamp at time zone ${w.timeZone})
    group by days.day, g.type
    order by days.day`);
  return result.rows;
}

/**
 * The user's activity version (migration 0011's triggers raise it with every change that counts):
 * 0 for a user whose generations never changed. One primary-key read.
 */
export async function activityVersion(db: Db, userId: string): Promise<number> {
  const result = await db.execute<{ version: string }>(
    sql`select version from generation_activity where user_id = ${userId}`,
  );
  return Number(result.rows[0]?.version ?? 0);
}
