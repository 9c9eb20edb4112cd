import { isFiniteNumber, isRecord, isString } from '@/lib/guards';

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

// Storage can be missing or refuse writes (private modes, quotas): resuming is a convenience,
// so every failure just means there is nothing to resume.
function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function saveActiveGeneration<C>(key: string, active: ActiveGeneration<C>): void {
  try {
    storage()?.setItem(storageKey(key), JSON.stringify(active));
  } catch {
    // Nothing to resume later; the run itself goes on.
  }
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
  let raw: string | null = null;
  try {
    raw = storage()?.getItem(storageKey(key)) ?? null;
  } catch {
    return null;
  }
  if (raw === null) return null;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return null;
  }
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

function storedId(raw: string | null): string | null {
  if (raw === null) return null;
  try {
    const data: unknown = JSON.parse(raw);
    return isRecord(data) && isString(data.generationId) ? data.generationId : null;
  } catch {
    return null;
  }
}

/** Forgets the stored run; with `generationId`, only when it is still that one. */
export function clearActiveGeneration(key: string, generationId?: string): void {
  try {
    const store = storage();
    if (!store) return;
    if (generationId !== undefined && storedId(store.getItem(storageKey(key))) !== generationId) {
      return;
    }
    store.removeItem(storageKey(key));
  } catch {
    // Nothing stored that could be read back either.
  }
}
