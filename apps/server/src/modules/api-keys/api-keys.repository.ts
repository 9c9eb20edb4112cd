import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { ApiKeyScope } from '@studio/contract';
import type { DbOrTx } from '../../db/db-or-tx';
import { apiKeys, users } from '../../db/schema';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** Serialises one user's key changes (the count-then-insert of the ten-key limit). */
export async function lockUserKeys(tx: DbOrTx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`api-keys:${userId}`}))`);
}

export async function countLive(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
  return row?.count ?? 0;
}

export async function insertKey(db: DbOrTx, row: typeof apiKeys.$inferInsert): Promise<ApiKeyRow> {
  const [inserted] = await db.insert(apiKeys).values(row).returning();
  if (!inserted) throw new Error('the key was not stored');
  return inserted;
}

export function listLive(db: DbOrTx, userId: string): Promise<ApiKeyRow[]> {
  return db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

/** Revokes the user's live key `id`; false when it is not theirs, unknown or already revoked. */
export async function revoke(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}

export interface KeyOwner {
  keyId: string;
  scopes: ApiKeyScope[];
  user: { id: string; email: string; name: string; image: string | null };
}

/** The live key with this hash and its owner, as a session would name them. */
export async function findLiveByHash(db: DbOrTx, keyHash: string): Promise<KeyOwner | undefined> {
  const [row] = await db
    .select({
      keyId: apiKeys.id,
      scopes: apiKeys.scopes,
      id: users.id,
      email: users.email,
      name: users.name,
      image: users.image,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)));
  if (!row) return undefined;
  const { keyId, scopes, ...user } = row;
  return { keyId, scopes, user: { ...user, image: user.image ?? null } };
}

/** Notes a use, at most once per five minutes per key: never a write on every call. */
export async function touch(db: DbOrTx, keyId: string): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: new Date() })
    .where(
      and(
        eq(apiKeys.id, keyId),
        sql`(${apiKeys.lastUsedAt} is null or ${apiKeys.lastUsedAt} < now() - interval '5 minutes')`,
      ),
    );
}
