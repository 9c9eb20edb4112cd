import type { GenerationHistoryItem } from '@studio/contract';

/**
 * How a usage row is shown and counted:
 * - succeeded: produced output; its credits count as used.
 * - failed: no output (or the server refunded it); shown with the charge as refunded.
 * - expired: plan credits that lapsed at the end of a cycle; shown, never counted as usage.
 * - pending: still generating; shown, not counted until it has output.
 * - removed: unspent plan credits taken back when a plan was cancelled or refunded.
 */
export type UsageOutcome = 'succeeded' | 'failed' | 'expired' | 'removed' | 'pending';

/** The generation type whose output is videos; every other type produces images. */
export const VIDEO_GENERATION_TYPE = 'video-generation';

/** Spec §4: output means videos for video generation and images for everything else. */
export function hasGeneratedOutput(item: GenerationHistoryItem): boolean {
  const urls =
    item.generation_type === VIDEO_GENERATION_TYPE
      ? item.details.videoUrls
      : item.details.imageUrls;
  return urls.some((url) => url.trim() !== '');
}

export function getUsageOutcome(item: GenerationHistoryItem): UsageOutcome {
  if (item.status === 'expired') return 'expired';
  if (item.status === 'adjusted') return 'removed';
  // An unfinished generation has no output yet; calling it failed and refunded would be false.
  if (item.status === 'pending') return 'pending';
  // A refund means the generation failed, whatever URLs the row still carries.
  if (item.status === 'refunded') return 'failed';
  return hasGeneratedOutput(item) ? 'succeeded' : 'failed';
}

/** Only successful generations count towards "Total Used" and the usage breakdown (spec §4). */
export function countsAsUsage(item: GenerationHistoryItem): boolean {
  return getUsageOutcome(item) === 'succeeded';
}
