import { desc, eq } from 'drizzle-orm';
import { generations } from '../../db/schema';
import type { DbOrTx } from '../credits/credits.service';

export type GenerationRow = typeof generations.$inferSelect;
export type NewGeneration = typeof generations.$inferInsert;

export async function insertGeneration(db: DbOrTx, values: NewGeneration): Promise<GenerationRow> {
  const [row] = await db.insert(generations).values(values).returning();
  if (!row) throw new Error('generation not inserted');
  return row;
}

export async function updateGeneration(
  db: DbOrTx,
  id: string,
  patch: Partial<Omit<GenerationRow, 'id' | 'userId'>>,
): Promise<void> {
  await db.update(generations).set(patch).where(eq(generations.id, id));
}

export async function listByUser(db: DbOrTx, userId: string): Promise<GenerationRow[]> {
  return db
    .select()
    .from(generations)
    .where(eq(generations.userId, userId))
    .orderBy(desc(generations.createdAt));
}
