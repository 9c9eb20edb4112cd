import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema>;

export interface Database {
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

export function createDatabase(connectionString: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({ connectionString, max: options.max ?? 10 });
  // An idle client losing its connection (e.g. database restart) must not crash the process.
  pool.on('error', () => undefined);
  // Nor a checked-out one between two queries (a transaction awaiting other work): pg-pool only
  // listens while a client is idle, and an 'error' event nobody listens to ends the process. The
  // broken client's next query fails and its holder releases it (found by the scale-out bench,
  // issue 19: an API process died when PostgreSQL restarted).
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  const db = drizzle(pool, { schema, casing: 'snake_case' });
  return {
    db,
    pool,
    close: async () => {
      if (!pool.ended) await pool.end();
    },
  };
}
