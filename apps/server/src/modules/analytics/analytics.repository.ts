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
};

// Types, not interfaces: `db.execute` wants rows that are records.
export type ToolCreditsRow = {
  type: string;
  credits: number;
};

export interface Window {
  userId: string;
  /** A zone the route has checked against the runtime's IANA list. */
  timeZone: string;
  days: number;
  now: Date;
}

// The first local midnight of the window and the local date of `now`, both in the user's zone.
const today = (w: Window) =>
  sql`(${w.now.toISOString()}::timestamptz at time zone ${w.timeZone})::date`;
const windowStart = (w: Window) =>
  sql`((${today(w)} - ${w.days - 1}::int)::timestamp at time zone ${w.timeZone})`;

/**
 * Every local day of the window (generate_series in the user's zone), each joined to that day's
 * generations through the (user_id, created_at) index: one index range per day, so the cost
 * follows the user's work in the window, not their whole history.
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
           count(*) filter (where g.status in ('succeeded', 'failed', 'canceled'))::int as finished
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
 * Credits the ledger still holds for the work started in the window, per tool: each generation's
 * reserve less what a release gave back. Releases come after the start, and a reserve at most
 * moments before its generation row, hence the entries' lower bound only (with an hour's slack).
 */
export async function creditsByTool(db: Db, w: Window): Promise<ToolCreditsRow[]> {
  const start = windowStart(w);
  const result = await db.execute<ToolCreditsRow>(sql`
    select g.type, (-sum(e.amount))::int as credits
    from generations g
    join credit_entries e
      on e.reference_id = g.id
     and e.user_id = ${w.userId}
     and e.reference_type = 'generation'
     and e.kind in ('reserve', 'release')
     and e.created_at >= ${start} - interval '1 hour'
    where g.user_id = ${w.userId}
      and g.created_at >= ${start}
      and g.created_at < ((${today(w)} + 1)::timestamp at time zone ${w.timeZone})
    group by g.type`);
  return result.rows;
}
