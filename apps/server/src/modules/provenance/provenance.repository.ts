import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/db-or-tx';

export interface UnmarkedRow {
  type: string;
  outputs: number;
  unmarked: number;
}

/**
 * Per tool, the outputs of work finished since `since` and how many carry no content credentials
 * (ADR 058): a generation without credentials counts all its outputs, one with them the outputs
 * its summary says were left unmarked.
 */
export async function unmarkedOutputs(db: DbOrTx, since: Date): Promise<UnmarkedRow[]> {
  const { rows } = await db.execute<{ type: string; outputs: string; unmarked: string }>(sql`
    select type,
      sum(jsonb_array_length(image_urls) + jsonb_array_length(video_urls)) as outputs,
      sum(case when credentials is null then jsonb_array_length(image_urls) + jsonb_array_length(video_urls)
        else (credentials->>'outputs')::int - (credentials->>'marked')::int end) as unmarked
    from generations
    where status = 'succeeded' and finished_at >= ${since}
    group by type
    order by type`);
  return rows.map((row) => ({
    type: row.type,
    outputs: Number(row.outputs),
    unmarked: Number(row.unmarked),
  }));
}
