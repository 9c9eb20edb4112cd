import { useSyncExternalStore } from 'react';
import type { MarketplaceId } from '@studio/contract/listing';
import { useCurrentUser } from '@/features/auth';

/*
 * The marketplaces a seller lists on (issue 33), per account. Kept in this browser for now:
 * moving the setting to the server changes this file only (a query and a mutation behind the
 * same hook), as every screen reads and sets it through `useListingMarketplaces`.
 *
 * Every gallery card reads it, so this file stays tiny (it is most of what the gallery pays for
 * listings): it knows the ids, checked against the contract's by the compiler, and none of the
 * rules, which load only with a badge or a dialog.
 */
const KNOWN: Record<MarketplaceId, 1> = {
  amazon: 1,
  flipkart: 1,
  myntra: 1,
  ajio: 1,
  shopify: 1,
  etsy: 1,
};

const storageKey = (userId: string) => `studio.listing-marketplaces.${userId}`;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab changed it: its storage event.
  addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    removeEventListener('storage', listener);
  };
}

/** The stored JSON list, known ids only, each once, in the contract's order; none when unreadable. */
function read(userId: string | null): string {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(storageKey(userId ?? '')) ?? '[]');
    return Array.isArray(stored)
      ? Object.keys(KNOWN)
          .filter((id) => stored.includes(id))
          .join()
      : '';
  } catch {
    return ''; // Storage blocked or garbled: no marketplace chosen.
  }
}

/** The signed-in seller's chosen marketplaces (none by default) and the way to change them. */
export function useListingMarketplaces() {
  const userId = useCurrentUser()?.id ?? null;
  // A string snapshot: the same list reads as the same value, so nothing re-renders for nothing.
  const ids = useSyncExternalStore(
    subscribe,
    () => (userId === null ? '' : read(userId)),
    () => '',
  );
  return {
    marketplaces: (ids === '' ? [] : ids.split(',')) as readonly MarketplaceId[],
    setMarketplaces: (next: readonly MarketplaceId[]) => {
      if (userId === null) return;
      try {
        localStorage.setItem(storageKey(userId), JSON.stringify(next));
      } catch {
        // Storage blocked: nothing can be kept, and the choice stays as it was.
      }
      for (const listener of listeners) listener();
    },
    signedIn: userId !== null,
  };
}
