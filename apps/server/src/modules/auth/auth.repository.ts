import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, users } from '../../db/schema';

export async function findProviderIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ providerId: accounts.providerId })
    .from(accounts)
    .where(eq(accounts.userId, userId));
  return [...new Set(rows.map((r) => r.providerId))];
}

export async function userExists(db: Db, userId: string): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  return rows.length > 0;
}
