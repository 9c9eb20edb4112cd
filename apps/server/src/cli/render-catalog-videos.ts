import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { CATALOG_ASSETS_DIR, videoTemplateSources } from '../modules/catalog/catalog.seed';
import { motionForTemplate, renderMotionVideo } from '../platform/engine';

/*
 * Renders the catalog's video templates from its own illustrations with the local engine, into
 * `apps/server/assets/catalog/` (committed; seeding copies them into media storage).
 * Usage: node --import tsx apps/server/src/cli/render-catalog-videos.ts
 */

await fs.mkdir(CATALOG_ASSETS_DIR, { recursive: true });
for (const source of videoTemplateSources()) {
  const still = await sharp(Buffer.from(source.svg)).png().toBuffer();
  const video = await renderMotionVideo(still, {
    durationSeconds: source.duration === 10 ? 10 : 5,
    resolution: '360p',
    motion: motionForTemplate(source.id),
  });
  await fs.writeFile(path.join(CATALOG_ASSETS_DIR, source.file), video.data);
  process.stdout.write(`${source.file}: ${String(Math.round(video.data.length / 1024))} KiB\n`);
}
