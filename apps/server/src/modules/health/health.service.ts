import { createHash, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/client';
import * as repo from './health.repository';

/** The database's version string; throws when the database cannot be reached. */
export function databaseVersion(deps: { db: Db }): Promise<string> {
  return repo.databaseVersion(deps.db);
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Whether `/health` may show its details (the database version tells an attacker which
 * PostgreSQL flaws to try). Outside production anyone may; in production only a caller sending
 * `Authorization: Bearer <OPERATOR_TOKEN>`, compared in constant time; no token configured, nobody.
 */
export function showsDetails(
  settings: { isProduction: boolean; operatorToken: string | undefined },
  authorization: string | undefined,
): boolean {
  if (!settings.isProduction) return true;
  const sent = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
  if (!settings.operatorToken || sent === undefined) return false;
  return timingSafeEqual(digest(sent), digest(settings.operatorToken));
}
