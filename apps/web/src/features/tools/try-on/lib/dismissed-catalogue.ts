import { readSessionJson, writeSessionJson } from '@/lib/session-store';

/*
 * The catalogue a user cleared from /try-on (Clear all): /try-on shows the latest catalogue again
 * after a reload or a return, except one the user put away. Kept for the tab's life, per user.
 */
const KEY = 'studio:try-on:dismissed-catalogue';

export function dismissCatalogue(userId: string | null, batchId: string): void {
  if (userId !== null) writeSessionJson(KEY, { userId, batchId });
}

export function isDismissedCatalogue(userId: string | null, batchId: string): boolean {
  const stored = readSessionJson(KEY);
  return (
    typeof stored === 'object' &&
    stored !== null &&
    'userId' in stored &&
    'batchId' in stored &&
    stored.userId === userId &&
    stored.batchId === batchId
  );
}
