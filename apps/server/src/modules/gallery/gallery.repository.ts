import { FINISHED_STATUSES } from '@studio/contract';
import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  or,
  sql,
  Column,
  fillPlaceholders,
  is,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { galleryCounts, generationActivity, generations, media, pageViews } from '../../db/schema';
import type { Db } from '../../db/client';
import type { DbOrTx } from '../../db/db-or-tx';
import type { GenerationRow } from '../generations/generations.service';

/*
 * The gallery's read model (ADR 032, 040): a user's succeeded generations paged by keyset, with
 * totals from the trigger-kept counters; and what managing cards writes (ADR 030).
 */

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
  const types = filter.searchTypes ?? [];
  return whereFor(
    filter.userId,
    filter.type,
    filter.search
      ? searchMatches(
          likePattern(filter.search),
          types.length > 0 ? inArray(generations.type, [...types]) : undefined,
          filter.search,
        )
      : undefined,
  );
}

/** `%search%` for ILIKE, with the search's own `\`, `%` and `_` taken literally. */
const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function whereFor(userId: Param, type: Param | null, matches: SQL | undefined) {
  return and(
    eq(generations.userId, userId),
    // Written out, not a parameter: the gallery's indexes are partial on this very condition, and
    // a prepared statement's generic plan can use them only when it can see it.
    sql`${generations.status} = 'succeeded'`,
    type ? eq(generations.type, type) : undefined,
    matches,
  );
}

/** What a search matches: `pattern` is an ILIKE pattern, `id` the search as typed. */
function searchMatches(pattern: Param, types: SQL | undefined, id: Param) {
  return or(
    ilike(generations.prompt, pattern),
    // The style the card and history show (a designer's style, a scene, a template, a method).
    ilike(generations.styleName, pattern),
    types,
    // A generation's own id: where a card's "Made from" link leads (ADR 030).
    eq(generations.id, id),
  );
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
  // A colourway's set (ADR 063): its settings name it, so the gallery groups without a join.
  group: sql<{
    id: string;
    index: number;
    size: number;
  } | null>`case when ${generations.type} = 'colourways'
    and jsonb_typeof(${generations.settings}->'set') = 'object'
    then ${generations.settings}->'set' end`,
  fidelityColourDifference: generations.fidelityColourDifference,
  fidelityPatternSimilarity: generations.fidelityPatternSimilarity,
  fidelityPassed: generations.fidelityPassed,
  credentials: generations.credentials,
  outputViews: generations.outputViews,
  freeRegenerationId: generations.freeRegenerationId,
  freeRegenerationOf: generations.freeRegenerationOf,
};
export type GalleryRow = Pick<
  GenerationRow,
  Exclude<keyof typeof galleryColumns, 'madeFrom' | 'group'> & keyof GenerationRow
> & { madeFrom: string | null; group: { id: string; index: number; size: number } | null };

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

/**
 * A prepared page's rows newest first: from the key `start` down when given (else from the top),
 * as many as the `limit` placeholder says.
 */
function newestPage(db: Db, fields: SelectedFields, where: SQL | undefined, start?: SQL) {
  return db
    .select(fields)
    .from(generations)
    .where(start ? and(where, sql`${rowKey} <= ${start}`) : where)
    .orderBy(...newestFirst)
    .limit(sql.placeholder('limit'));
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
export async function galleryNearPage(db: Db, filter: GalleryFilter, skip: number, limit: number) {
  if (filter.search !== null) throw new Error('galleryNearPage has no search');
  const deep = skip !== 0;
  const typed = filter.type !== null;
  const query = prepared(
    db,
    `gallery_near_${deep ? 'near' : 'first'}_${typed ? 'type' : 'all'}`,
    () => {
      const { userId, type, where } = placeholders(typed);
      const start = keyDown(where, sql.placeholder('skip'));
      return {
        extra: { total: succeededTotal(userId, type) },
        select: (fields) => newestPage(db, fields, where, deep ? start : undefined),
      };
    },
  );
  const found = await query({ userId: filter.userId, type: filter.type, skip, limit });
  return { rows: found.map((r) => r.row), total: found[0]?.total };
}

/** What a prepared gallery statement answers per row: the card, and the statement's own columns. */
type Answer<E extends Record<string, SQL>> = {
  row: GalleryRow;
} & { [K in keyof E]: E[K] extends SQL<infer T> ? T : never };

/**
 * The prepared statement `name` on this database handle, selecting the card's columns and
 * `extra`, built by Drizzle the first time it is asked for and then run on node-postgres
 * directly: named, so each pooled connection parses it once and PostgreSQL may keep one generic
 * plan for it, and its rows read by position with each column's own decoder. `planEachTime` sends
 * it unnamed instead, planned with its values at every run: for a search, whose best plan depends
 * on the words (a rare one wants the trigram indexes, a common one the newest-first walk). Drizzle's per-row mapping (an entity check per field
 * per row, and its tracing wrappers) was ~8 % of the API process's time under the gallery bench
 * (2026-11-29 profile); the values are decoded as Drizzle decodes them (timestamps as text from
 * the driver, then the column's mapping).
 */
function prepared<E extends Record<string, SQL>>(
  db: Db,
  name: string,
  build: () => {
    extra: E;
    select: (fields: { row: typeof galleryColumns } & E) => {
      toSQL(): { sql: string; params: unknown[] };
    };
  },
  { planEachTime = false } = {},
): (values: Record<string, unknown>) => Promise<Answer<E>[]> {
  let statements = preparedStatements.get(db);
  if (!statements) {
    statements = new Map();
    preparedStatements.set(db, statements);
  }
  let statement = statements.get(name) as
    ((values: Record<string, unknown>) => Promise<Answer<E>[]>) | undefined;
  if (!statement) {
    const { extra, select } = build();
    const { sql: text, params } = select({ row: galleryColumns, ...extra }).toSQL();
    // The order Drizzle writes the select list in: the card's columns, then the extra ones.
    const columns = [
      ...Object.entries(galleryColumns).map(([key, field]) => ({ key, field, card: true })),
      ...Object.entries(extra).map(([key, field]) => ({ key, field, card: false })),
    ].map(({ key, field, card }) => ({
      key,
      card,
      // As Drizzle maps them: a column through its decoder; an SQL expression as the driver
      // parsed it (none of these has a `mapWith`).
      decoder: is(field, Column) ? field : asParsed,
      // A table column comes back under its own name: checked, so a select list written in
      // another order fails instead of shifting values into the wrong fields.
      name: is(field, Column) ? field.name : undefined,
    }));
    // The pool Drizzle was made on (`drizzle(pool)` keeps it as `$client`).
    const client = (db as { $client?: Pick<pg.Pool, 'query'> }).$client;
    if (!client) throw new Error('the gallery needs the database handle made by createDatabase');
    let checked = false;
    statement = async (values) => {
      const result = await client.query<unknown[]>({
        ...(planEachTime ? {} : { name }),
        text,
        values: fillPlaceholders(params, values),
        rowMode: 'array',
        types: driverTypes,
      });
      // The statement's columns never change: checked on its first answer, not on every request.
      if (!checked) {
        if (
          result.fields.length !== columns.length ||
          columns.some(
            (column, i) => column.name !== undefined && result.fields[i]?.name !== column.name,
          )
        ) {
          throw new Error(
            `${name}: columns ${result.fields.map((field) => field.name).join(', ')} are not the card's in order`,
          );
        }
        checked = true;
      }
      return result.rows.map((raw: unknown[]) => {
        const row: Record<string, unknown> = {};
        const answer: Record<string, unknown> = { row };
        for (let i = 0; i < columns.length; i++) {
          const column = columns[i] as (typeof columns)[number];
          const value = raw[i];
          (column.card ? row : answer)[column.key] =
            value === null ? null : column.decoder.mapFromDriverValue(value);
        }
        return answer as Answer<E>;
      });
    };
    statements.set(name, statement);
  }
  return statement;
}

const preparedStatements = new WeakMap<Db, Map<string, unknown>>();
const asParsed = { mapFromDriverValue: (value: unknown) => value };

/**
 * The driver's parsers as Drizzle's node-postgres session sets them: date and time types stay
 * text (the column decodes them), everything else as node-postgres parses it. The test beside
 * this file holds the two to the same parsers for every type, so a Drizzle upgrade that changes
 * its list fails there instead of changing what a card says.
 */
const TEXT_TYPES = new Set<number>([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
]);
const asText = (value: string) => value;
/** Exported for the test that holds it to the parsers Drizzle gives the same driver. */
export const driverTypes = {
  getTypeParser: ((
    oid: Parameters<typeof pg.types.getTypeParser>[0],
    format?: 'text' | 'binary',
  ) =>
    TEXT_TYPES.has(oid)
      ? asText
      : (pg.types.getTypeParser(oid, format) as (
          value: string,
        ) => unknown)) as typeof pg.types.getTypeParser,
};

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
  db: Db,
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
    return {
      extra: {
        key: sql<string>`${generations.createdAt}::text`,
        total,
        version: sql<string>`${version}`,
      },
      select: (fields) => newestPage(db, fields, where, start),
    };
  });
  const found = await query({
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
 *
 * With `countUpTo`, each row also carries the search's total counted up to that cap (an
 * uncounted subquery PostgreSQL runs once), so a search whose total is not known yet is one round
 * trip, not two statements each parsed and planned. Undefined total when the page is empty.
 */
export async function gallerySearchPage(
  db: Db,
  filter: GalleryFilter,
  page: number,
  limit: number,
  countUpTo?: number,
): Promise<{ rows: GalleryRow[]; total: number | undefined }> {
  if (filter.search === null) throw new Error('gallerySearchPage needs a search');
  const deep = page > 1;
  const typed = filter.type !== null;
  const counted = countUpTo !== undefined;
  // Built once per shape like the pages without a search (galleryNearPage), the search and the
  // types it names passed as values, but planned with them each time (`planEachTime`).
  const query = prepared(
    db,
    `gallery_search_${deep ? 'near' : 'first'}_${typed ? 'type' : 'all'}_${counted ? 'counted' : 'uncounted'}`,
    () => {
      const userId = sql.placeholder('userId');
      const where = whereFor(
        userId,
        typed ? sql.placeholder('type') : null,
        searchMatches(
          sql.placeholder('pattern'),
          sql`${generations.type} = any(${sql.placeholder('types')}::text[])`,
          sql.placeholder('search'),
        ),
      );
      const start = keyDown(where, sql.placeholder('skip'));
      return {
        extra: {
          total: counted
            ? sql<number>`(select count(*)::int from (select 1 from ${generations} where ${where}
                limit ${sql.placeholder('cap')}) as matches)`
            : sql<null>`null`,
        },
        select: (fields) => newestPage(db, fields, where, deep ? start : undefined),
      };
    },
    { planEachTime: true },
  );
  const found = await query({
    userId: filter.userId,
    type: filter.type,
    pattern: likePattern(filter.search),
    types: filter.searchTypes ?? [],
    search: filter.search,
    skip: (page - 1) * limit,
    limit,
    cap: countUpTo ?? 0,
  });
  return { rows: found.map((r) => r.row), total: found[0]?.total ?? undefined };
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
  db: Db,
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
    total: SQL<number> | SQL<null>,
  ) => {
    const key = sql`(select ${generations.createdAt}, ${generations.id} from ${generations}
      where ${and(eq(generations.id, anchor), eq(generations.userId, userId))})`;
    return db
      .select({ row: galleryColumns, total })
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
        return {
          extra: { total: succeededTotal(userId, type) },
          select: (fields) => build(userId, anchor, where, size, fields.total),
        };
      },
    );
    found = await query({
      userId: filter.userId,
      type: filter.type,
      anchor: anchorId,
      limit,
    });
  } else {
    found = await build(filter.userId, anchorId, galleryWhere(filter), limit, sql<null>`null`);
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

/** The user's finished generations among `ids` (ids that are not theirs are left out). */
export async function findOwnFinished(
  db: DbOrTx,
  userId: string,
  ids: readonly string[],
  lock = false,
): Promise<GenerationRow[]> {
  const query = db
    .select()
    .from(generations)
    .where(
      and(
        eq(generations.userId, userId),
        inArray(generations.id, [...ids]),
        // Finished work only: a queued or running generation is still the worker's to write.
        inArray(generations.status, [...FINISHED_STATUSES]),
      ),
    );
  return lock ? query.for('update') : query;
}

export async function deleteGenerations(db: DbOrTx, userId: string, ids: readonly string[]) {
  await db
    .delete(generations)
    .where(and(eq(generations.userId, userId), inArray(generations.id, [...ids])));
}

/** Deletes the user's media rows among `ids` and returns the ids that went. */
export async function deleteOwnMedia(db: DbOrTx, userId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .delete(media)
    .where(and(eq(media.userId, userId), inArray(media.id, [...ids])))
    .returning({ id: media.id });
  return rows.map((row) => row.id);
}

/**
 * Page views, many rows in one statement (they are written in batches, off the request path): one
 * array per column, unnested by PostgreSQL. A VALUES list had Drizzle build 4 parameters a row
 * (~14 ms of the event loop for a batch of 500, in one go) and PostgreSQL parse them all.
 */
export async function insertPageViews(
  db: DbOrTx,
  views: { userId: string; page: string; details: Record<string, unknown>; createdAt: Date }[],
) {
  if (views.length === 0) return;
  await db.execute(sql`insert into ${pageViews}
    (${sql.identifier(pageViews.userId.name)}, ${sql.identifier(pageViews.page.name)},
     ${sql.identifier(pageViews.details.name)}, ${sql.identifier(pageViews.createdAt.name)})
    select * from unnest(
      ${sql.param(views.map((v) => v.userId))}::text[],
      ${sql.param(views.map((v) => v.page))}::text[],
      ${sql.param(views.map((v) => JSON.stringify(v.details)))}::jsonb[],
      ${sql.param(views.map((v) => v.createdAt.toISOString()))}::timestamptz[])`);
}
