import type { Db } from '../../db/client';
import * as repo from './auth.repository';

/** The sign-in methods linked to an account ('credential', 'google'), each once. */
export function signInProviders(deps: { db: Db }, userId: string): Promise<string[]> {
  return repo.findProviderIds(deps.db, userId);
}
