import { useCallback, useEffect, useRef, useState } from 'react';

export interface Notice {
  kind: 'success' | 'error';
  text: string;
  /** A new notice with the same text still restarts the timer. */
  id: number;
}

/** A page notice that vanishes on its own (Account Settings 4 s, Settings 3 s; spec §2). */
export function useTimedNotice(durationMs: number) {
  const [notice, setNotice] = useState<Notice | null>(null);
  const nextId = useRef(0);

  useEffect(() => {
    if (!notice) return;
    const timer = window.setTimeout(() => {
      setNotice(null);
    }, durationMs);
    return () => {
      window.clearTimeout(timer);
    };
  }, [notice, durationMs]);

  const show = useCallback((kind: Notice['kind'], text: string) => {
    nextId.current += 1;
    setNotice({ kind, text, id: nextId.current });
  }, []);

  return { notice, show };
}
