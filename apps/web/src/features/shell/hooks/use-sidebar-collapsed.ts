import { useCallback, useState } from 'react';

const STORAGE_KEY = 'studio:sidebar-collapsed';

function readStored(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEY) === 'true';
  } catch {
    // Storage can be blocked (privacy modes); the sidebar then simply starts wide.
    return false;
  }
}

/** Desktop sidebar collapsed state, remembered across visits. */
export function useSidebarCollapsed(): [boolean, () => void] {
  const [collapsed, setCollapsed] = useState(readStored);
  const toggle = useCallback(() => {
    setCollapsed((previous) => {
      const next = !previous;
      try {
        window.localStorage.setItem(STORAGE_KEY, String(next));
      } catch {
        // Not remembering is fine.
      }
      return next;
    });
  }, []);
  return [collapsed, toggle];
}
