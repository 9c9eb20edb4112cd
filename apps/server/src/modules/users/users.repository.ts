import type { EditableProfileField } from '@studio/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, profiles, users } from '../../db/schema';

export type ProfileRow = typeof profiles.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type ProfilePatch = Partial<Pick<ProfileRow, EditableProfileField>>;

/** Creates the profile once; returns whether this call created it. */
export async function ensureProfile(
  db: Db,
  values: { userId: string; name: string; profileUrl: string },
): Promise<{ created: boolean }> {
  const inserted = await db
    .insert(profiles)
    .values(values)
    .onConflictDoNothing({ target: profiles.userId })
    .returning({ userId: profiles.userId });
  return { created: inserted.length > 0 };
}

export async function recordSignIn(db: Db, userId: string, at: Date): Promise<void> {
  await db.update(profiles).set({ lastSignInAt: at }).where(eq(profiles.userId, userId));
}

export async function findUser(db: Db, userId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
  return row;
}

export async function findProfile(db: Db, userId: string): Promise<ProfileRow | undefined> {
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId));
  return row;
}

/** Writes the given profile fields; the account's own name follows the profile name. */
export async function updateProfile(db: Db, userId: string, patch: ProfilePatch): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(profiles).set(patch).where(eq(profiles.userId, userId));
    if (patch.name !== undefined) {
      await tx.update(users).set({ name: patch.name }).where(eq(users.id, userId));
    }
  });
}

export async function hasPasswordAccount(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .select({ providerId: accounts.providerId })
    .from(accounts)
    .where(eq(accounts.userId, userId));
  return rows.some((r) => r.providerId === 'credential');
}

/**
 * Removes the user row; sessions, accounts (password hashes, OAuth tokens) and the profile go
 * with it through ON DELETE CASCADE, in one statement. The credit ledger, orders and
 * subscriptions have no foreign key to it: accounting records stay, keyed by an opaque id (ADR 008).
 */
export async function deleteUser(db: Db, userId: string): Promise<boolean> {
  const deleted = await db.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
  return deleted.length > 0;
}
