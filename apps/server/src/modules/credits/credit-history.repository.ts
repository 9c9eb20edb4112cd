import { and, desc, eq, gte, ilike, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { creditEntries, generations, HISTORY_ENTRY_PREDICATE } from '../../db/schema';

/*
 * The generation history a page at a time (ADR 044). Its rows come from two tables, generations
 * and the ledger's expiries and plan-credit removals, merged newest first in one order:
 * created_at descending; at the same instant a generation before an entry; then id descending.
 * A position in that order is a key: the row's instant to the microsecond (as text, since a JS
 * Date keeps milliseconds and a rounded key would repeat or skip rows), its source and its id.
 */

export interface HistoryKey {
  /** created_at in UTC to the microsecond: `2026-11-24T10:00:00.123456Z`. */
  at: string;
  source: 'generation' | 'entry';
  id: string;
}

export interface HistoryFilter {
  userId: string;
  /** Inclusive bounds on created_at; null when open. */
  from: Date | null;
  to: Date | null;
  /** A LIKE pattern (already escaped and wrapped in %) for the type, name or prompt; or null. */
  pattern: string | null;
  /** Generation types whose display name matches the search (names live in code, not rows). */
  typesNamed: string[];
}

const atText = (column: typeof generations.createdAt | typeof creditEntries.createdAt) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

function window(
  column: typeof generations.createdAt | typeof creditEntries.createdAt,
  filter: HistoryFilter,
) {
  return [
    filter.from ? gte(column, filter.from) : undefined,
    filter.to ? lte(column, filter.to) : undefined,
  ];
}

/** Rows after `key` in the merged order, for the generations side. */
function generationsAfter(key: HistoryKey | null): SQL | undefined {
  if (!key) return undefined;
  // The plain bound lets the (user_id, created_at) index start at the key; the row comparison
  // breaks ties. After an entry, every generation of that instant was already listed.
  return key.source === 'generation'
    ? sql`${generations.createdAt} <= ${key.at}::timestamptz and (${generations.createdAt}, ${generations.id}) < (${key.at}::timestamptz, ${key.id})`
    : lt(generations.createdAt, sql`${key.at}::timestamptz`);
}

function entriesAfter(key: HistoryKey | null): SQL | undefined {
  if (!key) return undefined;
  return key.source === 'generation'
    ? lte(creditEntries.createdAt, sql`${key.at}::timestamptz`)
    : sql`${creditEntries.createdAt} <= ${key.at}::timestamptz and (${creditEntries.createdAt}, ${creditEntries.id}) < (${key.at}::timestamptz, ${key.id}::bigint)`;
}

export type HistoryGenerationRow = Awaited<ReturnType<typeof generationPage>>[number];

export async function generationPage(
  db: Db,
  filter: HistoryFilter,
  after: HistoryKey | null,
  limit: number,
) {
  const search = filter.pattern
    ? or(
        ilike(generations.prompt, filter.pattern),
        ilike(generations.type, filter.pattern),
        filter.typesNamed.length > 0 ? inArray(generations.type, filter.typesNamed) : undefined,
      )
    : undefined;
  return db
    .select({
      id: generations.id,
      type: generations.type,
      status: generations.status,
      prompt: generations.prompt,
      styleName: generations.styleName,
      credits: generations.credits,
      imageUrls: generations.imageUrls,
      videoUrls: generations.videoUrls,
      inputImageUrls: generations.inputImageUrls,
      at: atText(generations.createdAt),
    })
    .from(generations)
    .where(
      and(
        eq(generations.userId, filter.userId),
        ...window(generations.createdAt, filter),
        search,
        generationsAfter(after),
      ),
    )
    .orderBy(desc(generations.createdAt), desc(generations.id))
    .limit(limit);
}

/** What the ledger rows are called on the screen, so that a search can match them in SQL. */
export interface EntryTexts {
  type: string;
  expiredName: string;
  expiredPrompt: string;
  removedName: string;
}

export type HistoryEntryRow = Awaited<ReturnType<typeof entryPage>>[number];

/** Plan credits that lapsed or were taken back: the usage side's ledger rows. */
export async function entryPage(
  db: Db,
  filter: HistoryFilter,
  texts: EntryTexts,
  after: HistoryKey | null,
  limit: number,
) {
  const expired = sql`${creditEntries.kind} = 'expire'`;
  const search = filter.pattern
    ? sql`(${texts.type} ilike ${filter.pattern}
        or (case when ${expired} then ${texts.expiredName} else ${texts.removedName} end) ilike ${filter.pattern}
        or (case when ${expired} then ${texts.expiredPrompt} else coalesce(${creditEntries.reason}, '') end) ilike ${filter.pattern})`
    : undefined;
  return db
    .select({
      id: creditEntries.id,
      kind: creditEntries.kind,
      amount: creditEntries.amount,
      reason: creditEntries.reason,
      at: atText(creditEntries.createdAt),
    })
    .from(creditEntries)
    .where(
      and(
        eq(creditEntries.userId, filter.userId),
        // The partial index's predicate, word for word (migration 0019), then the usage side's part.
        sql.raw(HISTORY_ENTRY_PREDICATE),
        sql`(${expired} or (${creditEntries.kind} = 'adjust' and ${creditEntries.referenceType} = 'subscription'))`,
        sql`${creditEntries.amount} <> 0`,
        ...window(creditEntries.createdAt, filter),
        search,
        entriesAfter(after),
      ),
    )
    .orderBy(desc(creditEntries.createdAt), desc(creditEntries.id))
    .limit(limit);
}

export interface UsageTotal {
  type: string;
  credits: number;
  count: number;
}

/**
 * Credits and count of successful generations per type since `since` (all time when null): one
 * aggregate over the user's succeeded rows (the gallery's partial index), never the rows
 * themselves. A generation counts only with output (spec §4: videos for video generation).
 */
export async function usageTotals(
  db: Db,
  userId: string,
  since: Date | null,
): Promise<UsageTotal[]> {
  return db
    .select({
      type: generations.type,
      credits: sql<number>`coalesce(sum(${generations.credits}), 0)::int`,
      count: sql<number>`count(*)::int`,
    })
    .from(generations)
    .where(
      and(
        eq(generations.userId, userId),
        eq(generations.status, 'succeeded'),
        sql`jsonb_array_length(case when ${generations.type} = 'video-generation' then ${generations.videoUrls} else ${generations.imageUrls} end) > 0`,
        since ? gte(generations.createdAt, since) : undefined,
      ),
    )
    .groupBy(generations.type);
}

/** ADR 032's per-user activity version: it moves with every generation change that counts. */
export async function activityVersion(db: Db, userId: string): Promise<number> {
  const result = await db.execute<{ version: string }>(
    sql`select version from generation_activity where user_id = ${userId}`,
  );
  return Number(result.rows[0]?.version ?? 0);
}
