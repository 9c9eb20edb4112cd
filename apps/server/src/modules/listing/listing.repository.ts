import { and, eq, lt } from 'drizzle-orm';
import { listingChecks, listingPacks } from '../../db/schema';
import type { DbOrTx } from '../../db/db-or-tx';

/* The listing module's tables (ADR 057): checks kept per image and rules, and packs as made. */

export type ListingCheckRow = typeof listingChecks.$inferSelect;
export type NewListingCheck = typeof listingChecks.$inferInsert;
export type ListingPackRow = typeof listingPacks.$inferSelect;
export type { ListingPackFile } from '../../db/schema';

export async function findCheck(
  db: DbOrTx,
  key: Pick<ListingCheckRow, 'userId' | 'imageUrl' | 'marketplace' | 'slot' | 'rulesVersion'>,
): Promise<ListingCheckRow | undefined> {
  const [row] = await db
    .select()
    .from(listingChecks)
    .where(
      and(
        eq(listingChecks.userId, key.userId),
        eq(listingChecks.imageUrl, key.imageUrl),
        eq(listingChecks.marketplace, key.marketplace),
        eq(listingChecks.slot, key.slot),
        eq(listingChecks.rulesVersion, key.rulesVersion),
      ),
    );
  return row;
}

/** Keeps a check; the same image measured again against the same rules replaces it. */
export async function saveCheck(db: DbOrTx, values: NewListingCheck): Promise<void> {
  const { compliant, checks, notChecked } = values;
  await db
    .insert(listingChecks)
    .values(values)
    .onConflictDoUpdate({
      target: [
        listingChecks.userId,
        listingChecks.imageUrl,
        listingChecks.marketplace,
        listingChecks.slot,
        listingChecks.rulesVersion,
      ],
      set: { compliant, checks, notChecked, checkedAt: new Date() },
    });
}

/** Stores a pack (the same request's pack again replaces it). */
export async function savePack(
  db: DbOrTx,
  values: typeof listingPacks.$inferInsert,
): Promise<void> {
  const { name, files, marketplace } = values;
  await db
    .insert(listingPacks)
    .values(values)
    .onConflictDoUpdate({
      target: listingPacks.id,
      set: { name, files, marketplace, createdAt: new Date() },
    });
}

export async function findPack(db: DbOrTx, id: string): Promise<ListingPackRow | undefined> {
  const [row] = await db.select().from(listingPacks).where(eq(listingPacks.id, id));
  return row;
}

/** Removes the user's packs made before `before` (their links expired long ago). */
export async function deleteOldPacks(db: DbOrTx, userId: string, before: Date): Promise<void> {
  await db
    .delete(listingPacks)
    .where(and(eq(listingPacks.userId, userId), lt(listingPacks.createdAt, before)));
}
