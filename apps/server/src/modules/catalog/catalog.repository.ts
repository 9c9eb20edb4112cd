import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { catalogPoses, catalogTemplates, catalogVideoTemplates } from '../../db/schema';

export type TemplateRow = typeof catalogTemplates.$inferSelect;
export type PoseRow = typeof catalogPoses.$inferSelect;
export type VideoTemplateRow = typeof catalogVideoTemplates.$inferSelect;

export function liveTemplates(db: Db): Promise<TemplateRow[]> {
  return db
    .select()
    .from(catalogTemplates)
    .where(eq(catalogTemplates.live, true))
    .orderBy(asc(catalogTemplates.sort));
}

export function livePoses(db: Db): Promise<PoseRow[]> {
  return db
    .select()
    .from(catalogPoses)
    .where(eq(catalogPoses.live, true))
    .orderBy(asc(catalogPoses.createdAt), asc(catalogPoses.id));
}

/** Unordered: ids are numeric text, which SQL would sort as text ('10' before '2'). */
export function liveVideoTemplates(db: Db, type: string): Promise<VideoTemplateRow[]> {
  return db
    .select()
    .from(catalogVideoTemplates)
    .where(and(eq(catalogVideoTemplates.type, type), eq(catalogVideoTemplates.live, true)));
}

// Seeding inserts only what is missing, so an operator's edits to existing rows survive a restart.

export async function insertTemplateIfMissing(
  db: Db,
  values: typeof catalogTemplates.$inferInsert,
): Promise<void> {
  await db.insert(catalogTemplates).values(values).onConflictDoNothing();
}

export async function insertPoseIfMissing(
  db: Db,
  values: typeof catalogPoses.$inferInsert,
): Promise<void> {
  await db.insert(catalogPoses).values(values).onConflictDoNothing();
}

export async function insertVideoTemplateIfMissing(
  db: Db,
  values: typeof catalogVideoTemplates.$inferInsert,
): Promise<void> {
  await db.insert(catalogVideoTemplates).values(values).onConflictDoNothing();
}
