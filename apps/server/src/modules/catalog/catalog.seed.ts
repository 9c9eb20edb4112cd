import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { Db } from '../../db/client';
import { sqlStateOf } from '../../db/sql-state';
import { processImage } from '../../platform/images/process-image';
import type { Storage } from '../../platform/storage/storage';
import {
  CATALOG_OWNER,
  findMediaById,
  mediaUrls,
  storeImage,
  storeVideo,
} from '../media/media.service';
import { poseSvg, templateSvg, type FigureStyle, type PoseKind } from './catalog-art';
import * as repo from './catalog.repository';

/*
 * The built-in catalog: rows plus their media, rendered from the project's own illustrations.
 * Seeding is idempotent (fixed ids, insert-if-missing), so every start may run it, several
 * processes at once too, and an operator's edits to existing rows are kept.
 */

export const CATALOG_ASSETS_DIR = path.resolve(import.meta.dirname, '../../../assets/catalog');

/** Stable media id for a catalog asset: the same URL on every install. */
const assetId = (name: string) =>
  createHash('sha256').update(`catalog:${name}`).digest('base64url').slice(0, 22);

const TEMPLATES: { name: string; category: string; prompt: string; style: FigureStyle }[] = [
  {
    name: 'Studio Classic',
    category: 'Studio',
    prompt: 'model in a bright studio, soft key light',
    style: {
      skin: '#e0b394',
      hair: '#3b2a20',
      top: '#f4f4f4',
      bottom: '#2f3b52',
      backdrop: ['#c9d6e8', '#8fa3bf'],
    },
  },
  {
    name: 'Summer Dress',
    category: 'Casual',
    prompt: 'model outdoors on a sunny afternoon',
    style: {
      skin: '#c68c6b',
      hair: '#1f1612',
      top: '#f2a65a',
      bottom: '#f2a65a',
      backdrop: ['#ffe7b3', '#f7b267'],
      dress: true,
    },
  },
  {
    name: 'Urban Denim',
    category: 'Street',
    prompt: 'model on a city street, golden hour',
    style: {
      skin: '#8d5a3b',
      hair: '#111111',
      top: '#d94f4f',
      bottom: '#3d5a80',
      backdrop: ['#b8c0c8', '#59636e'],
    },
  },
  {
    name: 'Evening Gown',
    category: 'Formal',
    prompt: 'model at an evening event, elegant light',
    style: {
      skin: '#f1c7a6',
      hair: '#6b3e26',
      top: '#5b2a86',
      bottom: '#5b2a86',
      backdrop: ['#2d1e3e', '#0f0a17'],
      dress: true,
    },
  },
  {
    name: 'Festive Ethnic',
    category: 'Ethnic',
    prompt: 'model in festive ethnic wear, warm decor',
    style: {
      skin: '#b9805c',
      hair: '#1a1a1a',
      top: '#c2185b',
      bottom: '#c2185b',
      backdrop: ['#ffd9a0', '#e88d3f'],
      dress: true,
    },
  },
  {
    name: 'Business Casual',
    category: 'Formal',
    prompt: 'model in a modern office, daylight',
    style: {
      skin: '#e8c0a0',
      hair: '#4a3426',
      top: '#9bb7d4',
      bottom: '#22303f',
      backdrop: ['#e9edf2', '#aab6c4'],
    },
  },
  {
    name: 'Boho Market',
    category: 'Casual',
    prompt: 'model at an open-air market, natural light',
    style: {
      skin: '#a8704f',
      hair: '#2e1d14',
      top: '#6a994e',
      bottom: '#bc6c25',
      backdrop: ['#f2e8cf', '#a7c957'],
    },
  },
  {
    name: 'Minimal White',
    category: 'Studio',
    prompt: 'model on a seamless white backdrop',
    style: {
      skin: '#d9a98a',
      hair: '#222222',
      top: '#1d1d1d',
      bottom: '#1d1d1d',
      backdrop: ['#ffffff', '#e6e6e6'],
    },
  },
];

const POSES: { name: string; type: PoseKind; gender: 'female' | 'male'; prompt: string }[] = [
  {
    name: 'Confident Stand',
    type: 'standing',
    gender: 'female',
    prompt: 'standing straight, hands relaxed, facing camera',
  },
  {
    name: 'Easy Seat',
    type: 'sitting',
    gender: 'female',
    prompt: 'sitting on a stool, legs crossed, relaxed',
  },
  {
    name: 'Wall Lean',
    type: 'leaning',
    gender: 'female',
    prompt: 'leaning on a wall, one hand on it',
  },
  {
    name: 'Open Stance',
    type: 'standing',
    gender: 'female',
    prompt: 'standing, weight on one leg, hand on hip',
  },
  {
    name: 'Straight Stand',
    type: 'standing',
    gender: 'male',
    prompt: 'standing straight, arms by the side',
  },
  {
    name: 'Bench Seat',
    type: 'sitting',
    gender: 'male',
    prompt: 'sitting on a bench, elbows on knees',
  },
  {
    name: 'Casual Lean',
    type: 'leaning',
    gender: 'male',
    prompt: 'leaning against a pillar, arms crossed',
  },
];

const VIDEO_TEMPLATES: { id: string; file: string; duration: number }[] = [
  { id: '1', file: 'video-1.mp4', duration: 5 },
  { id: '2', file: 'video-2.mp4', duration: 5 },
  { id: '3', file: 'video-3.mp4', duration: 10 },
  { id: '4', file: 'video-4.mp4', duration: 10 },
];

async function ensureImage(deps: { db: Db; storage: Storage }, name: string, svg: string) {
  const id = assetId(name);
  if (!(await findMediaById(deps.db, id))) {
    const png = await sharp(Buffer.from(svg)).png().toBuffer();
    await storeImage(deps, CATALOG_OWNER, 'catalog', await processImage(png), { id }).catch(
      seededElsewhere,
    );
  }
  return mediaUrls(id);
}

/**
 * Several processes starting at once on a fresh database (ROLE=api and ROLE=worker) all seed: the
 * one that loses the race to insert an asset's row finds it there, written from the same
 * illustration under the same keys, and carries on instead of failing its start.
 */
function seededElsewhere(error: unknown): void {
  if (sqlStateOf(error) !== '23505') throw error; // not a unique violation: a real failure
}

export async function seedCatalog(deps: { db: Db; storage: Storage }): Promise<void> {
  for (const [i, t] of TEMPLATES.entries()) {
    const id = String(i + 1);
    const { url } = await ensureImage(deps, `template-${id}`, templateSvg(t.style, t.name));
    await repo.insertTemplateIfMissing(deps.db, {
      id,
      name: t.name,
      imageUrl: url,
      description: t.prompt,
      category: t.category,
      prompt: t.prompt,
      sort: i + 1,
    });
  }
  for (const [i, p] of POSES.entries()) {
    const id = String(i + 1);
    const colour = p.gender === 'female' ? '#c2185b' : '#1e5aa8';
    const { url } = await ensureImage(deps, `pose-${id}`, poseSvg(p.type, colour, p.name));
    await repo.insertPoseIfMissing(deps.db, {
      id,
      name: p.name,
      type: p.type,
      gender: p.gender,
      imageUrl: url,
      prompt: p.prompt,
    });
  }
  for (const [i, v] of VIDEO_TEMPLATES.entries()) {
    const id = assetId(`video-${v.id}`);
    const file = path.join(CATALOG_ASSETS_DIR, v.file);
    const template = TEMPLATES[i % TEMPLATES.length];
    if (!template) continue;
    if (!(await findMediaById(deps.db, id))) {
      const data = await fs.readFile(file).catch(() => null);
      if (!data) continue; // assets not rendered (see scripts/render-catalog-videos.ts)
      const poster = await processImage(
        await sharp(Buffer.from(templateSvg(template.style, template.name)))
          .png()
          .toBuffer(),
      );
      await storeVideo(deps, CATALOG_OWNER, { data, width: 360, height: 640 }, poster, {
        id,
        kind: 'catalog',
      }).catch(seededElsewhere);
    }
    const urls = mediaUrls(id);
    await repo.insertVideoTemplateIfMissing(deps.db, {
      id: v.id,
      videoUrl: urls.url,
      thumbnailUrl: urls.thumbnailUrl,
      durationSeconds: v.duration,
    });
  }
}

/** The illustrations the video templates are rendered from (for the render script). */
export function videoTemplateSources() {
  return VIDEO_TEMPLATES.map((v, i) => {
    const t = TEMPLATES[i % TEMPLATES.length];
    return { ...v, svg: t ? templateSvg(t.style, t.name) : '' };
  });
}
