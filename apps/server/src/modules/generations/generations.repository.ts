import {
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  lt,
  ne,
  or,
  sql,
} from 'drizzle-orm';
import { generations } from '../../db/schema';
import type { DbOrTx } from '../../db/db-or-tx';
import { keyedWork } from '../../db/keyed-work';

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

/** The user's generation started with this key in the last 24 hours. */
export async function findByIdempotencyKey(db: DbOrTx, userId: string, key: string) {
  const [row] = await db
    .select()
    .from(generations)
    .where(keyedWork(generations, userId, key, true));
  return row;
}

/** Frees a key whose 24 hours are over (the unique index would refuse its reuse). */
export async function releaseStaleIdempotencyKey(db: DbOrTx, userId: string, key: string) {
  await db
    .update(generations)
    .set({ idempotencyKey: null })
    .where(keyedWork(generations, userId, key, false));
}

/**
 * Single generations a user has queued or running (catalogue pairs and colourway variants have
 * their own limits).
 */
export async function countActive(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(generations)
    .where(
      and(
        eq(generations.userId, userId),
        isActive,
        isNull(generations.batchId),
        ne(generations.type, 'colourways'),
      ),
    );
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
 * Gives `sourceId` its free regeneration back when that rerun (`rerunId`) failed: the user did
 * not get the fix they were offered, through no doing of theirs (a cancel keeps it used). Run in
 * the transaction that fails the rerun, so no moment shows the offer used by a failed rerun.
 */
export async function releaseFreeRegeneration(db: DbOrTx, rerunId: string, sourceId: string) {
  await db
    .update(generations)
    .set({ freeRegenerationId: null })
    .where(and(eq(generations.id, sourceId), eq(generations.freeRegenerationId, rerunId)));
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

/** How a catalogue's pairs stand: unfinished, and finished by outcome (for batch.completed). */
export async function batchOutcomes(db: DbOrTx, batchId: string) {
  const rows = await db
    .select({ status: generations.status, n: count() })
    .from(generations)
    .where(eq(generations.batchId, batchId))
    .groupBy(generations.status);
  const of = (status: string) => rows.find((r) => r.status === status)?.n ?? 0;
  return {
    unfinished: ACTIVE.reduce((sum, status) => sum + of(status), 0),
    succeeded: of('succeeded'),
    failed: of('failed'),
    canceled: of('canceled'),
  };
}
