import { and, count, desc, eq, gte, ilike, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { creditEntries, generations, HISTORY_ENTRY_PREDICATE, orders } from '../../db/schema';

/*
 * Both credit histories a page at a time (ADR 044). Each merges two tables newest first: the
 * usage side generations with the ledger's expiries and plan-credit removals, the purchase side
 * orders with welcome credits and operator adjustments. One order: created_at descending; at the
 * same instant the row (generation, order) before the entry; then id descending. A position in
 * that order is a key: the row's instant to the microsecond (as text, since a JS Date keeps
 * milliseconds and a rounded key would repeat or skip rows), its source and its id.
 */

export interface HistoryKey {
  /** created_at in UTC to the microsecond: `2026-11-24T10:00:00.123456Z`. */
  at: string;
  source: 'row' | 'entry';
  id: string;
}

export interface HistoryFilter {
  userId: string;
  /** Inclusive bounds on created_at; null when open. */
  from: Date | null;
  to: Date | null;
  /** A LIKE pattern (already escaped and wrapped in %) for what the screen searches; or null. */
  pattern: string | null;
  /** Types (generation types, order service types) whose display name, made in code, matches. */
  typesNamed: string[];
}

const atText = (column: PgColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

function window(column: PgColumn, filter: HistoryFilter) {
  return [
    filter.from ? gte(column, filter.from) : undefined,
    filter.to ? lte(column, filter.to) : undefined,
  ];
}

/**
 * The rows after `key` in the merged order, of a table that is the row side (`side` 'row') or
 * the entry side. The plain bound lets the (user_id, created_at) index start at the key; the row
 * comparison breaks ties. At the key's instant the row side comes first: after an entry, every
 * row of that instant was listed; after a row, every entry of that instant is still to come.
 */
function after(
  side: HistoryKey['source'],
  createdAt: PgColumn,
  id: PgColumn,
  idType: 'text' | 'uuid' | 'bigint',
  key: HistoryKey | null,
): SQL | undefined {
  if (!key) return undefined;
  const at = sql`${key.at}::timestamptz`;
  if (key.source === side)
    return sql`${createdAt} <= ${at} and (${createdAt}, ${id}) < (${at}, ${key.id}::${sql.raw(idType)})`;
  return side === 'row' ? lt(createdAt, at) : lte(createdAt, at);
}

export type HistoryGenerationRow = Awaited<ReturnType<typeof generationPage>>[number];

export async function generationPage(
  db: Db,
  filter: HistoryFilter,
  key: HistoryKey | null,
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
        after('row', generations.createdAt, generations.id, 'text', key),
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
  key: HistoryKey | null,
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
        after('entry', creditEntries.createdAt, creditEntries.id, 'bigint', key),
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

/**
 * The balance and ADR 032's per-user activity version (it moves with every generation change that
 * counts), in one round trip: every usage page needs both.
 */
export async function balanceAndVersion(
  db: Db,
  userId: string,
): Promise<{ balance: number; version: number }> {
  const result = await db.execute<{ balance: number; version: string }>(
    sql`select coalesce((select balance from credit_accounts where user_id = ${userId}), 0) as balance,
               coalesce((select version from generation_activity where user_id = ${userId}), 0) as version`,
  );
  const row = result.rows[0];
  return { balance: row?.balance ?? 0, version: Number(row?.version ?? 0) };
}

// --- Purchases ------------------------------------------------------------------------------------

export type HistoryOrderRow = Awaited<ReturnType<typeof orderPage>>[number];

function orderSearch(filter: HistoryFilter): SQL | undefined {
  if (!filter.pattern) return undefined;
  return or(
    ilike(sql`${orders.id}::text`, filter.pattern),
    ilike(orders.status, filter.pattern),
    filter.typesNamed.length > 0 ? inArray(orders.serviceType, filter.typesNamed) : undefined,
  );
}

export async function orderPage(
  db: Db,
  filter: HistoryFilter,
  key: HistoryKey | null,
  limit: number,
) {
  return db
    .select({
      id: orders.id,
      serviceType: orders.serviceType,
      credits: orders.credits,
      amountMinor: orders.amountMinor,
      currency: orders.currency,
      status: orders.status,
      at: atText(orders.createdAt),
    })
    .from(orders)
    .where(
      and(
        eq(orders.userId, filter.userId),
        ...window(orders.createdAt, filter),
        orderSearch(filter),
        after('row', orders.createdAt, orders.id, 'uuid', key),
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}

/** The service types a user's orders carry, to match a search against their display names. */
export async function orderServiceTypes(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ serviceType: orders.serviceType })
    .from(orders)
    .where(eq(orders.userId, userId));
  return rows.map((row) => row.serviceType);
}

/** What the purchase side's ledger rows are called on the screen (for a search in SQL). */
export interface PurchaseEntryTexts {
  welcomeName: string;
  adjustmentName: string;
  status: string;
}

export type HistoryPurchaseEntryRow = Awaited<ReturnType<typeof purchaseEntryPage>>[number];

function purchaseEntryWhere(filter: HistoryFilter, texts: PurchaseEntryTexts): SQL | undefined {
  const welcome = sql`${creditEntries.idempotencyKey} like 'welcome:%'`;
  const search = filter.pattern
    ? sql`((case when ${welcome} then ${texts.welcomeName} else ${texts.adjustmentName} || coalesce(${creditEntries.reason}, '') end) ilike ${filter.pattern}
        or (case when ${welcome} then 'welcome-' else 'adjustment-' end) || ${creditEntries.id} ilike ${filter.pattern}
        or ${texts.status} ilike ${filter.pattern})`
    : undefined;
  return and(
    eq(creditEntries.userId, filter.userId),
    // The partial index's predicate, word for word (migration 0019), then the purchase side's part.
    sql.raw(HISTORY_ENTRY_PREDICATE),
    sql`(${welcome} or (${creditEntries.kind} = 'adjust' and ${creditEntries.referenceType} = 'admin'))`,
    ...window(creditEntries.createdAt, filter),
    search,
  );
}

/** Welcome credits and operator adjustments: the purchase side's ledger rows. */
export async function purchaseEntryPage(
  db: Db,
  filter: HistoryFilter,
  texts: PurchaseEntryTexts,
  key: HistoryKey | null,
  limit: number,
) {
  return db
    .select({
      id: creditEntries.id,
      amount: creditEntries.amount,
      reason: creditEntries.reason,
      welcome: sql<boolean>`${creditEntries.idempotencyKey} like 'welcome:%'`,
      at: atText(creditEntries.createdAt),
    })
    .from(creditEntries)
    .where(
      and(
        purchaseEntryWhere(filter, texts),
        after('entry', creditEntries.createdAt, creditEntries.id, 'bigint', key),
      ),
    )
    .orderBy(desc(creditEntries.createdAt), desc(creditEntries.id))
    .limit(limit);
}

/**
 * The purchase side's numbers in one round trip: the balance; how many rows the list has under
 * the filter (a user has orders by the hundred at most, each a payment, so counting them is an
 * index range, unlike the usage side's 100k); and the credits bought and paid orders since
 * `since` (all time when null: completed orders only).
 */
export async function purchaseSummary(
  db: Db,
  filter: HistoryFilter,
  texts: PurchaseEntryTexts,
  since: Date | null,
): Promise<{ balance: number; items: number; credits: number; orders: number }> {
  // One pass over the user's orders for the list's length and the period's purchases.
  const listed = and(...window(orders.createdAt, filter), orderSearch(filter)) ?? sql`true`;
  const paid =
    and(eq(orders.status, 'completed'), since ? gte(orders.createdAt, since) : undefined) ??
    sql`true`;
  const ordersPass = db
    .select({
      listed: sql<number>`count(*) filter (where ${listed})`.as('listed'),
      credits: sql<number>`coalesce(sum(${orders.credits}) filter (where ${paid}), 0)`.as(
        'credits',
      ),
      paid: sql<number>`count(*) filter (where ${paid})`.as('paid'),
    })
    .from(orders)
    .where(eq(orders.userId, filter.userId))
    .as('o');
  const listedEntries = db
    .select({ n: count() })
    .from(creditEntries)
    .where(purchaseEntryWhere(filter, texts));
  const result = await db.execute<{
    balance: number;
    items: number;
    credits: number;
    orders: number;
  }>(
    sql`select coalesce((select balance from credit_accounts where user_id = ${filter.userId}), 0) as balance,
               (o.listed + (${listedEntries}))::int as items,
               o.credits::int as credits,
               o.paid::int as orders
        from ${ordersPass}`,
  );
  const row = result.rows[0];
  return {
    balance: row?.balance ?? 0,
    items: row?.items ?? 0,
    credits: row?.credits ?? 0,
    orders: row?.orders ?? 0,
  };
}
