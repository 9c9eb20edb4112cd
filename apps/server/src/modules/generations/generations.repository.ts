import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  ne,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import { galleryCounts, generationActivity, generations, pageViews } from '../../db/schema';
import type { DbOrTx } from '../credits/credits.service';

export type GenerationRow = typeof generations.$inferSelect;
export type NewGeneration = typeof generations.$inferInsert;

const ACTIVE = ['queued', 'running'];
const isActive = inArray(generations.status, ACTIVE);

export async function insertGeneration(db: DbOrTx, values: NewGeneration): Promise<GenerationRow> {
  const [row] = await db.insert(generations).values(values).returning();
  if (!row) throw new Error('generation not inserted');
  return row;
}

export async function findGeneration(db: DbOrTx, id: string): Promise<GenerationRow | undefined> {
  const [row] = await db.select().from(generations).where(eq(generations.id, id));
  return row;
}

/** Who owns a generation (never changes), read without a lock: the caller locks in order. */
export async function ownerOf(db: DbOrTx, id: string): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: generations.userId })
    .from(generations)
    .where(eq(generations.id, id));
  return row?.userId;
}

export async function findByIdempotencyKey(db: DbOrTx, userId: string, key: string) {
  const [row] = await db
    .select()
    .from(generations)
    .where(and(eq(generations.userId, userId), eq(generations.idempotencyKey, key)));
  return row;
}

/** Single generations a user has queued or running (catalogue pairs have their own limit). */
export async function countActive(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(generations)
    .where(and(eq(generations.userId, userId), isActive, isNull(generations.batchId)));
  return row?.n ?? 0;
}

/** Catalogues of a user with a pair still queued or running (at most `limit` ids). */
export async function activeBatchIds(db: DbOrTx, userId: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ batchId: generations.batchId })
    .from(generations)
    .where(and(eq(generations.userId, userId), isActive, isNotNull(generations.batchId)))
    .limit(limit);
  return rows.flatMap((row) => (row.batchId === null ? [] : [row.batchId]));
}

/*
 * Queue positions follow the order workers take jobs (ADR 017): every queued single generation by
 * creation time, then catalogue pairs (a lower pg-boss priority) by catalogue creation time and
 * place in the catalogue. Counts cover every user's queued work (the queue is shared).
 */
const queuedSingle = and(eq(generations.status, 'queued'), isNull(generations.batchId));
const queuedPair = and(eq(generations.status, 'queued'), isNotNull(generations.batchId));

/** 1 = next to start. */
export async function queuePosition(db: DbOrTx, row: GenerationRow): Promise<number> {
  if (row.batchId === null) {
    const [ahead] = await db
      .select({ n: count() })
      .from(generations)
      .where(and(queuedSingle, lt(generations.createdAt, row.createdAt)));
    return (ahead?.n ?? 0) + 1;
  }
  const positions = await batchQueuePositions(db, row.batchId);
  return positions.get(row.id) ?? 1;
}

/** Every queued pair of a catalogue with its queue position, in one query. */
export async function batchQueuePositions(
  db: DbOrTx,
  batchId: string,
): Promise<Map<string, number>> {
  const result = await db.execute<{ id: string; position: number }>(sql`
    with singles as (
      select count(*)::int as n from ${generations} where ${queuedSingle}
    ), pairs as (
      select ${generations.id} as id, ${generations.batchId} as batch_id,
             row_number() over (order by ${generations.createdAt}, ${generations.batchId},
                                         ${generations.batchIndex})::int as n
        from ${generations} where ${queuedPair}
    )
    select pairs.id, (pairs.n + singles.n)::int as position
      from pairs, singles where pairs.batch_id = ${batchId}`);
  return new Map(result.rows.map((r) => [r.id, r.position]));
}

/** A catalogue's pairs, garment by garment, model by model. */
export async function listBatchItems(db: DbOrTx, batchId: string): Promise<GenerationRow[]> {
  return db
    .select()
    .from(generations)
    .where(eq(generations.batchId, batchId))
    .orderBy(asc(generations.batchIndex));
}

export async function updateGeneration(
  db: DbOrTx,
  id: string,
  patch: Partial<Omit<GenerationRow, 'id' | 'userId'>>,
): Promise<void> {
  await db.update(generations).set(patch).where(eq(generations.id, id));
}

/** `now() + ms` on the database clock: every lease is set and compared by one clock. */
const leaseEnd = (ms: number) => sql`now() + ${ms} * interval '1 millisecond'`;
const holds = (token: string) => and(eq(generations.leaseToken, token), isActive);

/**
 * Takes the lease on unfinished work whose lease is free or lapsed. Returns the row, or undefined
 * when the work is finished or another live worker holds it.
 */
export async function claim(db: DbOrTx, id: string, token: string, leaseMs: number) {
  const [row] = await db
    .update(generations)
    .set({
      status: 'running',
      leaseToken: token,
      leaseUntil: leaseEnd(leaseMs),
      attempts: sql`${generations.attempts} + 1`,
      startedAt: sql`coalesce(${generations.startedAt}, now())`,
      // A new attempt runs the provider part again (or resumes it) before it saves (ADR 049).
      savingStartedAt: null,
      // A catalogue pair's deadline counts from its first start, not from its time in the queue:
      // it may wait behind 79 others of its catalogue (ADR 017).
      deadlineAt: sql`case when ${generations.batchId} is not null and ${generations.startedAt} is null
        then ${generations.deadlineAt} + (now() - ${generations.createdAt})
        else ${generations.deadlineAt} end`,
    })
    .where(
      and(
        eq(generations.id, id),
        isActive,
        or(sql`${generations.leaseUntil} is null`, lt(generations.leaseUntil, sql`now()`)),
      ),
    )
    .returning();
  return row;
}

/** Renews (ms) or hands back (null) a lease this worker holds; false when it lost it. */
export async function setLease(db: DbOrTx, id: string, token: string, leaseMs: number | null) {
  const rows = await db
    .update(generations)
    .set(
      leaseMs === null ? { leaseUntil: null, leaseToken: null } : { leaseUntil: leaseEnd(leaseMs) },
    )
    .where(and(eq(generations.id, id), holds(token)))
    .returning({ id: generations.id });
  return rows.length > 0;
}

/** Records the provider request id (or the "submitting" marker) while holding the lease. */
export async function setRequestId(
  db: DbOrTx,
  id: string,
  token: string,
  requestId: string | null,
) {
  const rows = await db
    .update(generations)
    .set({ providerRequestId: requestId })
    .where(and(eq(generations.id, id), holds(token)))
    .returning({ id: generations.id });
  return rows.length > 0;
}

/**
 * The provider finished and the runner stores the outputs: the 'saving' stage (ADR 049). Only
 * while this worker holds the lease; false when it lost it.
 */
export async function markSaving(db: DbOrTx, id: string, token: string) {
  const rows = await db
    .update(generations)
    .set({ savingStartedAt: sql`now()` })
    .where(and(eq(generations.id, id), holds(token)))
    .returning({ id: generations.id });
  return rows.length > 0;
}

/** One successful run, as the progress estimate learns from it (ADR 049). */
export type RunDuration = {
  type: string;
  settings: Record<string, unknown>;
  durationMs: number;
};

/**
 * A provider's latest successful runs, at most `perType` of each tool, newest first: one index
 * walk per tool (generations_durations_idx), however long the history. The duration is the whole
 * run a user waits for once it starts (started → finished, retries included).
 */
export async function recentDurations(
  db: DbOrTx,
  provider: string,
  types: readonly string[],
  perType: number,
): Promise<RunDuration[]> {
  if (types.length === 0) return [];
  const result = await db.execute<RunDuration>(sql`
    select r.type, r.settings, r.duration_ms as "durationMs"
      from unnest(string_to_array(${types.join(',')}, ',')) as tool(type)
      cross join lateral (
        select g.type, g.settings,
               (extract(epoch from g.finished_at - g.started_at) * 1000)::int as duration_ms
          from ${generations} g
         where g.provider = ${provider} and g.type = tool.type and g.status = 'succeeded'
           and g.started_at is not null and g.finished_at is not null
         order by g.finished_at desc
         limit ${perType}) r`);
  return result.rows;
}

export async function setProgress(db: DbOrTx, id: string, progress: number) {
  await db
    .update(generations)
    .set({ progress })
    .where(and(eq(generations.id, id), isActive));
}

/**
 * Moves unfinished work to a final state; undefined when it was already final (settled once) or,
 * with `token`, when this worker no longer holds the lease (a stale worker must not settle).
 */
export async function finish(
  db: DbOrTx,
  id: string,
  patch: Partial<Omit<GenerationRow, 'id' | 'userId'>> & { status: string },
  token?: string,
) {
  const [row] = await db
    .update(generations)
    .set({ ...patch, finishedAt: sql`now()`, leaseToken: null, leaseUntil: null })
    .where(and(eq(generations.id, id), token === undefined ? isActive : holds(token)))
    .returning();
  return row;
}

/**
 * Ends unfinished work that did not succeed. Work the user asked to cancel ends as canceled with
 * `canceledError`, whatever else stopped it (ADR 043): fal's own "cancelled", a deadline, a sweep.
 * Decided in the UPDATE itself, so a cancel that lands while the runner fails the work still counts.
 */
export async function finishUnsuccessful(
  db: DbOrTx,
  id: string,
  outcome: { status: 'failed' | 'canceled'; error: string; canceledError: string },
  token?: string,
  /** Only while it still has the "submitting" marker: a late webhook may have adopted an id. */
  onlyWhileSubmitting = false,
) {
  const requested = sql`${generations.cancelRequestedAt} IS NOT NULL`;
  const [row] = await db
    .update(generations)
    .set({
      status: sql`CASE WHEN ${requested} THEN 'canceled' ELSE ${outcome.status} END`,
      error: sql`CASE WHEN ${requested} THEN ${outcome.canceledError} ELSE ${outcome.error} END`,
      progress: 0,
      finishedAt: sql`now()`,
      leaseToken: null,
      leaseUntil: null,
    })
    .where(
      and(
        eq(generations.id, id),
        token === undefined ? isActive : holds(token),
        onlyWhileSubmitting ? eq(generations.providerRequestId, '') : undefined,
      ),
    )
    .returning();
  return row;
}

/**
 * Marks unfinished work the provider already has (a stored request id, not the "submitting"
 * marker) as asked to cancel; undefined when it has none or is finished (ADR 043).
 */
export async function requestCancel(db: DbOrTx, id: string) {
  const [row] = await db
    .update(generations)
    .set({ cancelRequestedAt: sql`coalesce(${generations.cancelRequestedAt}, now())` })
    .where(
      and(
        eq(generations.id, id),
        isActive,
        isNotNull(generations.providerRequestId),
        ne(generations.providerRequestId, ''),
      ),
    )
    .returning();
  return row;
}

/**
 * Unfinished work past its deadline. A catalogue pair that never started is overdue only once it
 * has waited `queueBackstopMs`: its own deadline starts when a worker takes it.
 */
export async function overdue(db: DbOrTx, now: Date, queueBackstopMs: number, limit = 100) {
  return db
    .select({ id: generations.id, providerRequestId: generations.providerRequestId })
    .from(generations)
    .where(
      and(
        isActive,
        lt(generations.deadlineAt, now),
        or(
          isNull(generations.batchId),
          isNotNull(generations.startedAt),
          lt(generations.createdAt, new Date(now.getTime() - queueBackstopMs)),
        ),
      ),
    )
    .limit(limit);
}

/**
 * Work a dead worker left, with no job that will run it: running with a lapsed lease, or queued
 * for longer than a lease (the worker died between taking the job and claiming the generation).
 * "A job that will run it" is one waiting (created, retry, or a delayed check) or one a worker
 * took less than a lease ago and is about to claim with. Before issue 19 the running case skipped
 * that check, so the sweeper sent the same generation again every interval while it waited.
 */
const abandonedWhere = (leaseMs: number) => sql`
  ((g.status = 'running' and g.lease_until < now())
    or (g.status = 'queued' and g.lease_until is null
        and g.created_at < now() - ${leaseMs} * interval '1 millisecond'))
  and not exists (
    select 1 from pgboss.job j
    where j.name = 'generation' and j.data->>'generationId' = g.id
      and (j.state in ('created', 'retry')
           or (j.state = 'active'
               and j.started_on > now() - ${leaseMs} * interval '1 millisecond')))`;

export async function abandoned(db: DbOrTx, leaseMs: number, limit = 100) {
  const result = await db.execute<{ id: string }>(sql`
    select g.id from generations g where ${abandonedWhere(leaseMs)} limit ${limit}`);
  return result.rows;
}

/**
 * Locks one abandoned generation for re-sending and checks again that it still is abandoned.
 * Undefined when another sweeper holds it or a job appeared meanwhile: the re-send happens in the
 * same transaction, so two sweepers (two worker processes) cannot both send it.
 */
export async function lockAbandoned(db: DbOrTx, id: string, leaseMs: number) {
  const locked = await db.execute<{ id: string }>(
    sql`select id from generations where id = ${id} for update skip locked`,
  );
  if (locked.rows.length === 0) return undefined;
  // A statement of its own: its snapshot sees a job another sweeper committed while we waited.
  const result = await db.execute<{ id: string; batch_id: string | null }>(sql`
    select g.id, g.batch_id from generations g where g.id = ${id} and ${abandonedWhere(leaseMs)}`);
  const [row] = result.rows;
  return row ? { id: row.id, batchId: row.batch_id } : undefined;
}

/**
 * Queue jobs whose worker died: taken more than a lease ago while nobody holds the generation's
 * lease (or it is finished). pg-boss 10 has no heartbeat, so without this they stay active until
 * their expiry (`JOB_EXPIRE_SECONDS`, 40 min), which then delivers them once more.
 */
export async function deadJobIds(db: DbOrTx, leaseMs: number, limit = 100): Promise<string[]> {
  const result = await db.execute<{ id: string }>(sql`
    select j.id from pgboss.job j
      left join generations g on g.id = j.data->>'generationId'
    where j.name = 'generation' and j.state = 'active'
      and j.started_on < now() - ${leaseMs} * interval '1 millisecond'
      and (g.id is null or g.status not in ('queued', 'running')
           or g.lease_until < now()
           or (g.status = 'queued' and g.lease_until is null))
    limit ${limit}`);
  return result.rows.map((row) => row.id);
}

export async function listByUser(db: DbOrTx, userId: string): Promise<GenerationRow[]> {
  return db
    .select()
    .from(generations)
    .where(eq(generations.userId, userId))
    .orderBy(desc(generations.createdAt));
}

// --- Gallery -------------------------------------------------------------------------------------

export interface GalleryFilter {
  userId: string;
  type: string | null;
  search: string | null;
  /**
   * The types whose display name contains the search (worked out in code from the tool list, so
   * the database compares short codes instead of building labels row by row).
   */
  searchTypes?: readonly string[];
}

/** A user id or type, or a prepared statement's placeholder for one. */
type Param = string | Placeholder;

function galleryWhere(
  filter: Omit<GalleryFilter, 'userId' | 'type'> & { userId: Param; type: Param | null },
): SQL | undefined {
  const conditions = [eq(generations.userId, filter.userId), eq(generations.status, 'succeeded')];
  if (filter.type) conditions.push(eq(generations.type, filter.type));
  if (filter.search) {
    const pattern = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const types = filter.searchTypes ?? [];
    const matches = or(
      ilike(generations.prompt, pattern),
      // The style the card and history show (a designer's style, a scene, a template, a method).
      ilike(generations.styleName, pattern),
      types.length > 0 ? inArray(generations.type, [...types]) : undefined,
      // A generation's own id: where a card's "Made from" link leads (ADR 030).
      eq(generations.id, filter.search),
    );
    if (matches) conditions.push(matches);
  }
  return and(...conditions);
}

/**
 * A search's total, counted only up to `cap` matches: past that the gallery shows a lower bound
 * (the cap grows with the page asked for, so every page stays reachable).
 */
export async function countGalleryCapped(
  db: DbOrTx,
  filter: GalleryFilter,
  cap: number,
): Promise<number> {
  const matches = db
    .select({ one: sql`1`.as('one') })
    .from(generations)
    .where(galleryWhere(filter))
    .limit(cap)
    .as('matches');
  const [row] = await db.select({ n: count() }).from(matches);
  return row?.n ?? 0;
}

/**
 * What a gallery card shows (gallery.service's toItem), not the whole row: the settings document,
 * the lease and provider fields stay in the database, and the rows parse in half the time.
 */
const galleryColumns = {
  id: generations.id,
  type: generations.type,
  createdAt: generations.createdAt,
  finishedAt: generations.finishedAt,
  prompt: generations.prompt,
  styleName: generations.styleName,
  imageUrls: generations.imageUrls,
  videoUrls: generations.videoUrls,
  inputImageUrls: generations.inputImageUrls,
  thumbnailUrl: generations.thumbnailUrl,
  thumbhash: generations.thumbhash,
  madeFrom: sql<
    string | null
  >`case when jsonb_typeof(${generations.settings}->'madeFrom') = 'string'
    then ${generations.settings}->>'madeFrom' end`,
  fidelityColourDifference: generations.fidelityColourDifference,
  fidelityPatternSimilarity: generations.fidelityPatternSimilarity,
  fidelityPassed: generations.fidelityPassed,
  freeRegenerationId: generations.freeRegenerationId,
  freeRegenerationOf: generations.freeRegenerationOf,
};
export type GalleryRow = Pick<
  GenerationRow,
  Exclude<keyof typeof galleryColumns, 'madeFrom'> & keyof GenerationRow
> & { madeFrom: string | null };

const newestFirst = [desc(generations.createdAt), desc(generations.id)];
const oldestFirst = [asc(generations.createdAt), asc(generations.id)];
const rowKey = sql`(${generations.createdAt}, ${generations.id})`;

function succeededTotal(userId: Param, type: Param | null) {
  const where =
    type === null
      ? eq(galleryCounts.userId, userId)
      : and(eq(galleryCounts.userId, userId), eq(galleryCounts.type, type));
  return sql<number>`(select coalesce(sum(${galleryCounts.succeeded}), 0)::int
    from ${galleryCounts} where ${where})`;
}

/** The key `offset` rows down the gallery's order among the rows `where` keeps (inclusive). */
function keyDown(where: SQL | undefined, offset: number | Placeholder) {
  return sql`(select ${generations.createdAt}, ${generations.id} from ${generations}
    where ${where} order by ${generations.createdAt} desc, ${generations.id} desc
    offset ${offset} limit 1)`;
}

/**
 * A near page without a search and its total in one round trip (most gallery loads): the page
 * starts at a key found `skip` rows down (no start for the first page), and the total rides on
 * each row from the counters. Undefined total when the page is empty (past the end, or no work).
 *
 * Prepared once per shape (first or later page, all types or one) and per database handle: the
 * gallery's hottest query otherwise had Drizzle build its SQL on every request (17 % of the API
 * process's CPU under the bench, 2026-11-25 profile), and PostgreSQL parsed and planned it each
 * time; named, each pooled connection parses it once.
 */
export async function galleryNearPage(
  db: DbOrTx,
  filter: GalleryFilter,
  skip: number,
  limit: number,
) {
  if (filter.search !== null) throw new Error('galleryNearPage has no search');
  const deep = skip !== 0;
  const typed = filter.type !== null;
  const query = prepared(
    db,
    `gallery_near_${deep ? 'near' : 'first'}_${typed ? 'type' : 'all'}`,
    () => {
      const { userId, type, where } = placeholders(typed);
      const start = keyDown(where, sql.placeholder('skip'));
      return db
        .select({ row: galleryColumns, total: succeededTotal(userId, type) })
        .from(generations)
        .where(deep ? and(where, sql`${rowKey} <= ${start}`) : where)
        .orderBy(...newestFirst)
        .limit(sql.placeholder('limit'));
    },
  );
  const found = await query.execute({ userId: filter.userId, type: filter.type, skip, limit });
  return { rows: found.map((r) => r.row), total: found[0]?.total };
}

/** The prepared statement `name` on this database handle, built the first time it is asked for. */
function prepared<Q extends { prepare: (name: string) => unknown }>(
  db: DbOrTx,
  name: string,
  build: () => Q,
): ReturnType<Q['prepare']> {
  let statements = preparedStatements.get(db);
  if (!statements) {
    statements = new Map();
    preparedStatements.set(db, statements);
  }
  let statement = statements.get(name) as ReturnType<Q['prepare']> | undefined;
  if (!statement) {
    statement = build().prepare(name) as ReturnType<Q['prepare']>;
    statements.set(name, statement);
  }
  return statement;
}

const preparedStatements = new WeakMap<DbOrTx, Map<string, unknown>>();

/** A gallery's user (and type) as placeholders, and its filter built from them. */
function placeholders(typed: boolean) {
  const userId = sql.placeholder('userId');
  const type = typed ? sql.placeholder('type') : null;
  return { userId, type, where: galleryWhere({ userId, type, search: null }) };
}

/**
 * A page reached by number, past the near pages, in one round trip: the total (from the counters)
 * and the user's activity version (ADR 032) are read in the same statement, and decide where the
 * page's start key is walked from:
 * - a page in the older half: from the oldest end, so the last page costs what the first does;
 * - otherwise from a start key remembered at `from.version`, `from.skip` rows down, while the
 *   version still stands (nothing inserted, finished or deleted since), walking only the rest;
 * - otherwise from the top.
 * Each branch is gated by a condition on the statement's own totals, which PostgreSQL evaluates
 * once before running it, so only one walk runs. Each row carries the total and version and
 * its created_at as text (the start key to remember). Undefined when the page is empty (past
 * the end).
 */
export async function galleryJump(
  db: DbOrTx,
  filter: GalleryFilter,
  skip: number,
  limit: number,
  from?: { version: number; skip: number; key: RowKey },
) {
  if (filter.search !== null) throw new Error('galleryJump has no search');
  const typed = filter.type !== null;
  const query = prepared(db, `gallery_jump_${typed ? 'type' : 'all'}`, () => {
    const { userId, type, where } = placeholders(typed);
    const total = succeededTotal(userId, type);
    const version = sql`coalesce((select ${generationActivity.version} from ${generationActivity}
      where ${generationActivity.userId} = ${userId}), 0)`;
    const at = sql.placeholder('skip');
    const newerHalf = sql`${at} * 2 <= ${total}`;
    const fromVersion = sql.placeholder('fromVersion');
    const remembered = sql`(${sql.placeholder('fromAt')}::timestamptz, ${sql.placeholder('fromId')})`;
    const fromOldest = sql`(select ${generations.createdAt}, ${generations.id} from ${generations}
      where ${and(where, sql`${at} * 2 > ${total}`, sql`${at} < ${total}`)}
      order by ${generations.createdAt} asc, ${generations.id} asc
      offset greatest(${total} - 1 - ${at}, 0) limit 1)`;
    const fromRemembered = keyDown(
      and(where, newerHalf, sql`${version} = ${fromVersion}`, sql`${rowKey} <= ${remembered}`),
      sql.placeholder('fromDelta'),
    );
    const fromTop = keyDown(and(where, newerHalf, sql`${version} <> ${fromVersion}`), at);
    const start = sql`(${fromOldest} union all ${fromRemembered} union all ${fromTop})`;
    return db
      .select({
        row: galleryColumns,
        key: sql<string>`${generations.createdAt}::text`,
        total,
        version: sql<string>`${version}`,
      })
      .from(generations)
      .where(and(where, sql`${rowKey} <= ${start}`))
      .orderBy(...newestFirst)
      .limit(sql.placeholder('limit'));
  });
  const found = await query.execute({
    userId: filter.userId,
    type: filter.type,
    skip,
    limit,
    // No remembered key: a version no user has, so the walk starts at the top.
    fromVersion: from?.version ?? -1,
    fromAt: from?.key.createdAt ?? '-infinity',
    fromId: from?.key.id ?? '',
    fromDelta: from ? skip - from.skip : 0,
  });
  const first = found[0];
  if (!first) return undefined;
  return {
    rows: found.map((r) => r.row),
    total: first.total,
    version: Number(first.version),
    start: { createdAt: first.key, id: first.row.id },
  };
}

/** Succeeded generations of a user (of one type, or all), from the trigger-kept counters. */
export async function countSucceeded(
  db: DbOrTx,
  userId: string,
  type: string | null,
): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`select ${succeededTotal(userId, type)} as n`,
  );
  return rows[0]?.n ?? 0;
}

/**
 * A search's page by number, newest first, in one statement: its start key from an index walk in
 * a subquery (no wide rows read and thrown away for deep pages), then the rows by keyset. Pages
 * without a search go through galleryNearPage and galleryJump, which also carry their total.
 */
export function gallerySearchPage(db: DbOrTx, filter: GalleryFilter, page: number, limit: number) {
  const where = galleryWhere(filter);
  const skip = (page - 1) * limit;
  return db
    .select(galleryColumns)
    .from(generations)
    .where(skip === 0 ? where : and(where, sql`${rowKey} <= ${keyDown(where, skip)}`))
    .orderBy(...newestFirst)
    .limit(limit);
}

/** A row's place in the gallery's order; created_at as text, as a JS Date drops microseconds. */
export interface RowKey {
  createdAt: string;
  id: string;
}

/**
 * The page next to one the client shows, by keyset from that page's last (`after`) or first
 * (`before`) generation, in one statement: no walk, however deep. Without a search it is
 * prepared and carries the total from the counters, as a near page does. Undefined when that
 * generation is not the user's (deleted meanwhile, or a stale id): the caller then walks to the
 * page by number.
 */
export async function galleryPageFrom(
  db: DbOrTx,
  filter: GalleryFilter,
  from: { after: string } | { before: string },
  limit: number,
): Promise<{ rows: GalleryRow[]; total: number | undefined } | undefined> {
  const after = 'after' in from;
  const anchorId = after ? from.after : from.before;
  const build = (
    userId: Param,
    anchor: Param,
    where: SQL | undefined,
    size: number | Placeholder,
    total?: SQL<number>,
  ) => {
    const key = sql`(select ${generations.createdAt}, ${generations.id} from ${generations}
      where ${and(eq(generations.id, anchor), eq(generations.userId, userId))})`;
    return db
      .select({ row: galleryColumns, total: total ?? sql<null>`null` })
      .from(generations)
      .where(and(where, after ? sql`${rowKey} < ${key}` : sql`${rowKey} > ${key}`))
      .orderBy(...(after ? newestFirst : oldestFirst))
      .limit(size);
  };
  let found: { row: GalleryRow; total: number | null }[];
  if (filter.search === null) {
    const typed = filter.type !== null;
    const query = prepared(
      db,
      `gallery_from_${after ? 'after' : 'before'}_${typed ? 'type' : 'all'}`,
      () => {
        const { userId, type, where } = placeholders(typed);
        const [anchor, size] = [sql.placeholder('anchor'), sql.placeholder('limit')];
        return build(userId, anchor, where, size, succeededTotal(userId, type));
      },
    );
    found = await query.execute({
      userId: filter.userId,
      type: filter.type,
      anchor: anchorId,
      limit,
    });
  } else {
    found = await build(filter.userId, anchorId, galleryWhere(filter), limit);
  }
  if (found.length === 0) {
    // At the end of the list, or the anchor is gone: only the second needs the walk.
    const [anchor] = await db
      .select({ id: generations.id })
      .from(generations)
      .where(and(eq(generations.id, anchorId), eq(generations.userId, filter.userId)));
    if (!anchor) return undefined;
  }
  const rows = found.map((r) => r.row);
  return { rows: after ? rows : rows.reverse(), total: found[0]?.total ?? undefined };
}

/** Page views, many rows in one statement (they are written in batches, off the request path). */
export async function insertPageViews(
  db: DbOrTx,
  views: { userId: string; page: string; details: Record<string, unknown>; createdAt: Date }[],
) {
  if (views.length > 0) await db.insert(pageViews).values(views);
}
