import { useSyncExternalStore } from 'react';

/*
 * Lets the Google sign-in keep the login screen up after the session exists, so its 'Authentication
 * successful! Redirecting...' message shows for 1.5 s (spec §2 Login) even if something else
 * (window focus, another tab) refreshes the session meanwhile. The /login guard waits while held.
 */
let held = false;
const listeners = new Set<() => void>();

export function setRedirectHeld(value: boolean): void {
  if (held === value) return;
  held = value;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useRedirectHeld(): boolean {
  return useSyncExternalStore(subscribe, () => held);
}
