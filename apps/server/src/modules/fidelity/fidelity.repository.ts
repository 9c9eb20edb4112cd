import { and, eq, isNull } from 'drizzle-orm';
import { generations } from '../../db/schema';
import type { DbOrTx } from '../../db/db-or-tx';

/**
 * Records `rerunId` as the one free regeneration of `sourceId`, if it failed its check and has none
 * yet: one conditional UPDATE, so of two concurrent asks exactly one records its rerun.
 */
export async function claimFreeRegeneration(
  db: DbOrTx,
  sourceId: string,
  rerunId: string,
): Promise<boolean> {
  const rows = await db
    .update(generations)
    .set({ freeRegenerationId: rerunId })
    .where(
      and(
        eq(generations.id, sourceId),
        eq(generations.fidelityPassed, false),
        isNull(generations.freeRegenerationId),
        isNull(generations.freeRegenerationOf),
      ),
    )
    .returning({ id: generations.id });
  return rows.length === 1;
}

/** Marks a generation as the free regeneration of `sourceId`. */
export async function markFreeRegenerationOf(db: DbOrTx, rerunId: string, sourceId: string) {
  await db
    .update(generations)
    .set({ freeRegenerationOf: sourceId })
    .where(eq(generations.id, rerunId));
}
