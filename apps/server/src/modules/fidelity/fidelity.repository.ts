import { and, eq, isNull } from 'drizzle-orm';
import { generations } from '../../db/schema';
import type { DbOrTx } from '../credits/credits.service';

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

/**
 * Gives `sourceId` its free regeneration back when that rerun (`rerunId`) failed: the user did
 * not get the fix they were offered, through no doing of theirs (a cancel keeps it used). Run in
 * the transaction that fails the rerun, so no moment shows the offer used by a failed rerun.
 */
export async function releaseFreeRegeneration(db: DbOrTx, rerunId: string, sourceId: string) {
  await db
    .update(generations)
    .set({ freeRegenerationId: null })
    .where(and(eq(generations.id, sourceId), eq(generations.freeRegenerationId, rerunId)));
}
