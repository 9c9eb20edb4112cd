import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../test/harness';
import { createDatabase, type Database } from './client';
import { isDatabaseGoingAway, sqlStateOf } from './sql-state';

// Found by the scale-out bench (issue 19): PostgreSQL restarting while a transaction waited
// between two queries ended the whole API process ("Unhandled 'error' event" on a pg Client):
// pg-pool listens for errors only on idle clients, not on checked-out ones.
const databases: Database[] = [];
afterAll(async () => {
  await Promise.all(databases.map((d) => d.close()));
});

describe('the database pool', () => {
  it('survives the connection of a checked-out client being terminated between queries', async () => {
    const url = await testDatabaseUrl();
    const database = createDatabase(url, { max: 2 });
    const admin = createDatabase(url, { max: 1 });
    databases.push(database, admin);
    const outcome = database.db
      .transaction(async (tx) => {
        const { rows } = await tx.execute<{ pid: number }>(sql`SELECT pg_backend_pid() AS pid`);
        // The server ends this backend as a shutdown or restart does (57P01), while the
        // transaction is between queries.
        await admin.pool.query('SELECT pg_terminate_backend($1)', [rows[0]?.pid]);
        await sleep(300);
        await tx.execute(sql`SELECT 1`);
      })
      .then(
        () => 'committed',
        () => 'failed',
      );
    expect(await outcome).toBe('failed');
    // The pool carries on with a new connection.
    const { rows } = await database.pool.query<{ one: number }>('SELECT 1 AS one');
    expect(rows[0]?.one).toBe(1);
  });
});

describe('a database going away', () => {
  it('is told apart from a failed query, through drizzle’s wrapping of the driver’s error', async () => {
    const url = await testDatabaseUrl();
    const database = createDatabase(url, { max: 1 });
    databases.push(database);
    // The server ends this very backend, as a shutdown does to every one (57P01).
    const going = await database.db
      .execute(sql`SELECT pg_terminate_backend(pg_backend_pid())`)
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    const failed = await database.db.execute(sql`SELECT 1 / 0`).then(
      () => undefined,
      (error: unknown) => error,
    );

    expect(sqlStateOf(going)).toBe('57P01');
    expect(isDatabaseGoingAway(going)).toBe(true);
    expect(sqlStateOf(failed)).toBe('22012');
    expect(isDatabaseGoingAway(failed)).toBe(false);
  });
});
