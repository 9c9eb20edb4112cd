import path from 'node:path';
import type { Config } from '../config/env';
import { createDatabase, type Database } from '../db/client';
import { runMigrations } from '../db/migrate';
import { runningEmbeddedUrl, startEmbeddedPostgres } from '../platform/embedded-postgres';

/**
 * The database for a command-line tool: DATABASE_URL, else the embedded server a running app
 * started, else the embedded server started just for this command (and stopped after it).
 */
export async function openCliDatabase(config: Config): Promise<Database> {
  if (config.databaseUrl) return createDatabase(config.databaseUrl, { max: 2 });
  const dir = path.join(config.dataDir, 'postgres');
  const running = await runningEmbeddedUrl(dir);
  if (running) return createDatabase(running, { max: 2 });
  const embedded = await startEmbeddedPostgres({ dir });
  const database = createDatabase(embedded.url, { max: 2 });
  await runMigrations(database.pool);
  return {
    ...database,
    close: async () => {
      await database.close();
      await embedded.stop();
    },
  };
}
