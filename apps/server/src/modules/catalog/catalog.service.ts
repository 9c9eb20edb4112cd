import type { PoseItem, TemplateItem, VideoTemplate } from '@studio/contract';
import type { Db } from '../../db/client';
import * as repo from './catalog.repository';

export interface CatalogDeps {
  db: Db;
}

const isPoseType = (t: string): t is 'standing' | 'sitting' | 'leaning' =>
  t === 'standing' || t === 'sitting' || t === 'leaning';

/** Live model templates in their display order (document 2 §3). */
export async function templates(deps: CatalogDeps): Promise<TemplateItem[]> {
  const rows = await repo.liveTemplates(deps.db);
  return rows.map((t) => ({
    templateId: t.id,
    templateName: t.name,
    templateUrl: t.imageUrl,
    templateDescription: t.description,
    category: t.category,
    prompt: t.prompt,
  }));
}

/** Live pose presets; a type or gender an operator mistyped falls back to the spec's defaults. */
export async function poses(deps: CatalogDeps): Promise<{ success: true; poses: PoseItem[] }> {
  const rows = await repo.livePoses(deps.db);
  return {
    success: true,
    poses: rows.map((p) => ({
      poseId: p.id,
      poseName: p.name,
      type: isPoseType(p.type) ? p.type : 'standing',
      gender: p.gender === 'male' ? 'male' : 'female',
      imageUrl: p.imageUrl,
      prompt: p.prompt,
      generationType: p.generationType,
      liveStatus: p.live,
      timestamp: p.createdAt.toISOString(),
    })),
  };
}

/** Live video templates of a type, in numeric id order (document 2 §7). */
export async function videoTemplates(
  deps: CatalogDeps,
  type: string,
): Promise<{ success: true; videoTemplates: VideoTemplate[]; message: string }> {
  const rows = await repo.liveVideoTemplates(deps.db, type);
  const live = rows.sort((a, b) => Number(a.id) - Number(b.id) || a.id.localeCompare(b.id));
  return {
    success: true,
    videoTemplates: live.map((v) => ({
      videoId: v.id,
      videoUrl: v.videoUrl,
      thumbnailUrl: v.thumbnailUrl,
      duration: v.durationSeconds,
      type: v.type,
    })),
    message: live.length ? 'Video templates loaded' : 'No video templates',
  };
}
