import { isFiniteNumber, isRecord, isString } from '@/lib/guards';
import { readSessionJson, removeSessionJson, writeSessionJson } from '@/lib/session-store';

/**
 * The generation a tool page is waiting for, kept in sessionStorage: the progress box tells
 * users they may leave the page, so coming back (same tab) must pick the run up again instead
 * of showing an idle page that invites paying twice. sessionStorage, so it ends with the tab.
 */
export interface ActiveGeneration<C> {
  generationId: string;
  /** Whose it is: another account signing in on the tab must not pick it up. */
  userId: string;
  /** What the page needs to show and name the result (the canvas editor: the tool). */
  context: C;
  /** `Date.now()` at the click, so the timer continues instead of starting at 0. */
  startedAt: number;
}

const PREFIX = 'studio:active-generation:';

const storageKey = (key: string) => `${PREFIX}${key}`;

export function saveActiveGeneration<C>(key: string, active: ActiveGeneration<C>): void {
  writeSessionJson(storageKey(key), active);
}

/**
 * The stored run for `userId`, or null. Entries outlive deploys and can be anything, so a
 * malformed one, or a context `readContext` does not accept, counts as none.
 */
export function readActiveGeneration<C>(
  key: string,
  userId: string | null,
  readContext: (stored: unknown) => C | null,
): ActiveGeneration<C> | null {
  if (userId === null) return null;
  const data = readSessionJson(storageKey(key));
  if (
    !isRecord(data) ||
    !isString(data.generationId) ||
    data.generationId === '' ||
    data.userId !== userId ||
    !isFiniteNumber(data.startedAt)
  ) {
    return null;
  }
  const context = readContext(data.context);
  if (context === null) return null;
  return { generationId: data.generationId, userId, context, startedAt: data.startedAt };
}

/** Forgets the stored run; with `generationId`, only when it is still that one. */
export function clearActiveGeneration(key: string, generationId?: string): void {
  if (generationId !== undefined) {
    const data = readSessionJson(storageKey(key));
    if (!isRecord(data) || data.generationId !== generationId) return;
  }
  removeSessionJson(storageKey(key));
}
