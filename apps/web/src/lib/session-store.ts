/**
 * JSON values kept in sessionStorage for the tab's life. Storage can be missing or refuse writes
 * (private modes, quotas) and entries outlive deploys, so what is kept here is a convenience:
 * every failure reads as nothing stored, and callers check the shape of what they read back.
 */
function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The parsed value under `key`, or undefined when there is none or it cannot be read. */
export function readSessionJson(key: string): unknown {
  try {
    const raw = storage()?.getItem(key) ?? null;
    return raw === null ? undefined : (JSON.parse(raw) as unknown);
  } catch {
    return undefined;
  }
}

export function writeSessionJson(key: string, value: unknown): void {
  try {
    storage()?.setItem(key, JSON.stringify(value));
  } catch {
    // Not kept; the page goes on without it.
  }
}

export function removeSessionJson(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // Nothing stored that could be read back either.
  }
}
