import { useEffect, useState } from 'react';
import { isRecord } from '@/lib/guards';
import { readSessionJson, writeSessionJson } from '@/lib/session-store';

const storageKey = (key: string) => `studio:tool-draft:${key}`;

/**
 * A tool page's form as the user left it (image, choices, prompt, results shown), kept for the
 * tab's life so Back from a result's HD or Create Video hand-off, or a visit to another page,
 * finds the page as it was instead of empty. Per user: another account on the tab starts clean.
 *
 * `read` checks the stored value (untyped JSON, possibly from an older deploy); `skip` (a
 * hand-over from another screen) starts from that instead and does not read the draft.
 * Returns the draft found when the page opened; `keep` is called with the current draft.
 */
export function useToolDraft<D>(
  key: string,
  userId: string | null,
  read: (stored: unknown) => D | null,
  skip: boolean,
): D | null {
  const [restored] = useState(() => {
    if (skip || userId === null) return null;
    const stored = readSessionJson(storageKey(key));
    return isRecord(stored) && stored.userId === userId ? read(stored.draft) : null;
  });
  return restored;
}

/** Writes the page's current draft whenever it changes (compared as JSON). */
export function useKeepToolDraft(key: string, userId: string | null, draft: unknown): void {
  const json = JSON.stringify(draft);
  useEffect(() => {
    if (userId === null) return;
    writeSessionJson(storageKey(key), { userId, draft: JSON.parse(json) as unknown });
  }, [key, userId, json]);
}
