import { lazy, Suspense, useState, type KeyboardEvent } from 'react';
import { useAccountSummary } from '@/features/account';
import { UserMenuTriggerFace, userMenuTriggerClass } from './user-menu-trigger-face';

const loadDropdown = () => import('./user-menu-dropdown');
const UserMenuDropdown = lazy(loadDropdown);

/** Warm the chunk; a failure here resurfaces (and is handled) when the menu is opened. */
function prefetchDropdown(): void {
  loadDropdown().catch(() => undefined);
}

/**
 * Header account menu (spec §2 Header). The Radix menu and its positioning engine weigh about
 * 20 KiB gzipped, which would push every page past the 150 KiB initial-JS budget, so a
 * look-alike button stands in until the first hover, focus or click; the code is fetched on
 * hover/focus and the menu opens as soon as it arrives.
 */
export function UserMenu() {
  const account = useAccountSummary();
  const [activated, setActivated] = useState(false);

  const placeholder = (busy: boolean) => (
    <button
      type="button"
      aria-label="Account menu"
      aria-haspopup="menu"
      aria-expanded={false}
      aria-busy={busy || undefined}
      className={userMenuTriggerClass}
      onPointerEnter={prefetchDropdown}
      onFocus={prefetchDropdown}
      onClick={() => {
        setActivated(true);
      }}
      onKeyDown={(event: KeyboardEvent) => {
        if (event.key === 'ArrowDown') {
          event.preventDefault();
          setActivated(true);
        }
      }}
    >
      <UserMenuTriggerFace image={account.image} firstName={account.firstName} />
    </button>
  );

  if (!activated) return placeholder(false);
  return (
    <Suspense fallback={placeholder(true)}>
      <UserMenuDropdown defaultOpen />
    </Suspense>
  );
}
