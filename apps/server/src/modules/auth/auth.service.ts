import type { Db } from '../../db/client';
import * as repo from './auth.repository';

/** The sign-in methods linked to an account ('credential', 'google'), each once. */
export function signInProviders(deps: { db: Db }, userId: string): Promise<string[]> {
  return repo.findProviderIds(deps.db, userId);
}

/** Whether `userId` names a stored user (Better Auth answers a taken email with a made-up one). */
export function isStoredUser(deps: { db: Db }, userId: string): Promise<boolean> {
  return repo.userExists(deps.db, userId);
}
