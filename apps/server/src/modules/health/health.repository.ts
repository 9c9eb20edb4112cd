import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

export async function databaseVersion(db: Db): Promise<string> {
  const result = await db.execute<{ version: string }>(sql`SELECT version() AS version`);
  return result.rows[0]?.version ?? 'unknown';
}
