import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';

export const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

// Arbitrary constant; serialises migrations when several processes (ROLE=api + ROLE=worker) start at once.
const MIGRATION_LOCK_ID = 7_240_001;

/** Applies pending migrations under an advisory lock; safe to run on every start. */
export async function runMigrations(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migrate(drizzle(client), { migrationsFolder });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    client.release();
  }
}
