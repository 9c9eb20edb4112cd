import type { DbOrTx } from '../credits/credits.service';
import * as repo from './generations.repository';

export type { GenerationRow, NewGeneration } from './generations.repository';

/*
 * The generation record as the credits issue needs it (history, refunds). The generation platform
 * builds the job lifecycle on top: create with a reservation, run, capture or release.
 */

export function createGeneration(db: DbOrTx, values: repo.NewGeneration) {
  return repo.insertGeneration(db, values);
}

export function finishGeneration(
  db: DbOrTx,
  id: string,
  result:
    | { status: 'succeeded'; imageUrls?: string[]; videoUrls?: string[] }
    | { status: 'failed' | 'canceled'; error: string },
  now = new Date(),
) {
  return repo.updateGeneration(db, id, { ...result, finishedAt: now });
}

export function listGenerations(db: DbOrTx, userId: string) {
  return repo.listByUser(db, userId);
}

/** Spec §4: a generation succeeded only if output exists (videos for video generation). */
export function hasOutput(
  generation: Pick<repo.GenerationRow, 'type' | 'imageUrls' | 'videoUrls'>,
) {
  return generation.type === 'video-generation'
    ? generation.videoUrls.length > 0
    : generation.imageUrls.length > 0;
}
