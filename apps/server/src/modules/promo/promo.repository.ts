import { and, desc, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { promoBanners } from '../../db/schema';

export type PromoBannerRow = typeof promoBanners.$inferSelect;
export type NewPromoBanner = typeof promoBanners.$inferInsert;

/** The banner live at `now`: active, started, not ended; the one that started last wins. */
export async function findLive(db: Db, now: Date): Promise<PromoBannerRow | undefined> {
  const [row] = await db
    .select()
    .from(promoBanners)
    .where(
      and(
        eq(promoBanners.active, true),
        lte(promoBanners.startsAt, now),
        gt(promoBanners.endDate, now),
      ),
    )
    .orderBy(desc(promoBanners.startsAt), desc(promoBanners.createdAt))
    .limit(1);
  return row;
}

export async function insert(db: Db, values: NewPromoBanner): Promise<PromoBannerRow> {
  const [row] = await db.insert(promoBanners).values(values).returning();
  if (!row) throw new Error('promo banner insert returned no row');
  return row;
}

/** The newest banners first, live or not. */
export function listRecent(db: Db, limit: number): Promise<PromoBannerRow[]> {
  return db
    .select()
    .from(promoBanners)
    .orderBy(desc(promoBanners.createdAt), desc(promoBanners.id))
    .limit(limit);
}

/** Clears `active`; undefined when no banner has this id. */
export async function deactivate(db: Db, id: string): Promise<PromoBannerRow | undefined> {
  const [row] = await db
    .update(promoBanners)
    .set({ active: false })
    .where(eq(promoBanners.id, id))
    .returning();
  return row;
}
