import type { Db } from '../../db/client';
import * as repo from './health.repository';

/** The database's version string; throws when the database cannot be reached. */
export function databaseVersion(deps: { db: Db }): Promise<string> {
  return repo.databaseVersion(deps.db);
}
