import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { colourwaySets, colourwayVariants, generations } from '../../db/schema';
import type { StoredColourwayMeasure } from '../../db/schema';
import type { DbOrTx } from '../../db/db-or-tx';
import { keyedWork } from '../../db/keyed-work';

export type ColourwaySetRow = typeof colourwaySets.$inferSelect;
export type NewColourwaySet = typeof colourwaySets.$inferInsert;
export type { ColourwaySetVariant, StoredColourwayMeasure } from '../../db/schema';

export async function insertSet(db: DbOrTx, values: NewColourwaySet): Promise<ColourwaySetRow> {
  const [row] = await db.insert(colourwaySets).values(values).returning();
  if (!row) throw new Error('colourway set not inserted');
  return row;
}

export async function insertVariant(
  db: DbOrTx,
  values: { generationId: string; setId: string; index: number },
) {
  await db.insert(colourwayVariants).values(values);
}

export async function findSet(db: DbOrTx, id: string): Promise<ColourwaySetRow | undefined> {
  const [row] = await db.select().from(colourwaySets).where(eq(colourwaySets.id, id));
  return row;
}

/** A set's variants in order, each with its generation. */
export async function setVariants(db: DbOrTx, setId: string) {
  return db
    .select({
      index: colourwayVariants.index,
      measure: colourwayVariants.measure,
      generation: generations,
    })
    .from(colourwayVariants)
    .innerJoin(generations, eq(generations.id, colourwayVariants.generationId))
    .where(eq(colourwayVariants.setId, setId))
    .orderBy(asc(colourwayVariants.index));
}

/** Keeps what a variant's output measured (the engine, before its generation settles). */
export async function setMeasure(
  db: DbOrTx,
  generationId: string,
  measure: StoredColourwayMeasure,
) {
  await db
    .update(colourwayVariants)
    .set({ measure })
    .where(eq(colourwayVariants.generationId, generationId));
}

/** Colourway variants of a user still queued or running (the bound on what one user queues). */
export async function countActiveVariants(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(generations)
    .where(
      and(
        eq(generations.userId, userId),
        eq(generations.type, 'colourways'),
        inArray(generations.status, ['queued', 'running']),
      ),
    );
  return row?.n ?? 0;
}

export async function findByIdempotencyKey(
  db: DbOrTx,
  userId: string,
  key: string,
): Promise<ColourwaySetRow | undefined> {
  const [row] = await db
    .select()
    .from(colourwaySets)
    .where(keyedWork(colourwaySets, userId, key, true));
  return row;
}

/** Frees a key whose 24 hours are over (the unique index would refuse its reuse). */
export async function releaseStaleIdempotencyKey(db: DbOrTx, userId: string, key: string) {
  await db
    .update(colourwaySets)
    .set({ idempotencyKey: null })
    .where(keyedWork(colourwaySets, userId, key, false));
}
