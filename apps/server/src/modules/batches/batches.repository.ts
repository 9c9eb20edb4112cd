import { desc, eq } from 'drizzle-orm';
import { generationBatches } from '../../db/schema';
import type { DbOrTx } from '../../db/db-or-tx';
import { keyedWork } from '../../db/keyed-work';

export type BatchRow = typeof generationBatches.$inferSelect;
export type NewBatch = typeof generationBatches.$inferInsert;
export type { BatchInput, BatchSettings } from '../../db/schema';

export async function insertBatch(db: DbOrTx, values: NewBatch): Promise<BatchRow> {
  const [row] = await db.insert(generationBatches).values(values).returning();
  if (!row) throw new Error('batch not inserted');
  return row;
}

export async function findBatch(db: DbOrTx, id: string): Promise<BatchRow | undefined> {
  const [row] = await db.select().from(generationBatches).where(eq(generationBatches.id, id));
  return row;
}

/** The user's most recent catalogue (the user/created index answers it). */
export async function findLatestBatch(db: DbOrTx, userId: string): Promise<BatchRow | undefined> {
  const [row] = await db
    .select()
    .from(generationBatches)
    .where(eq(generationBatches.userId, userId))
    .orderBy(desc(generationBatches.createdAt), desc(generationBatches.id))
    .limit(1);
  return row;
}

export async function findByIdempotencyKey(
  db: DbOrTx,
  userId: string,
  key: string,
): Promise<BatchRow | undefined> {
  const [row] = await db
    .select()
    .from(generationBatches)
    .where(keyedWork(generationBatches, userId, key, true));
  return row;
}

/** Frees a key whose 24 hours are over (the unique index would refuse its reuse; issue 35). */
export async function releaseStaleIdempotencyKey(db: DbOrTx, userId: string, key: string) {
  await db
    .update(generationBatches)
    .set({ idempotencyKey: null })
    .where(keyedWork(generationBatches, userId, key, false));
}
