import { useContext, useLayoutEffect, useState, type ReactNode } from 'react';
import { Splitting } from './splitting';

/**
 * Inside it (the app, main.tsx), each <NextTask> renders a task after its parent and each
 * `useGrowingCount` list (growing-count.ts) grows a few items a task.
 */
export function SplitRenders({ children }: { children: ReactNode }) {
  return <Splitting.Provider value={true}>{children}</Splitting.Provider>;
}

/**
 * Renders its children in the browser's next task instead of its parent's: one long render becomes
 * two shorter ones, and a phone answers a tap between them (Preact renders an update in one pass,
 * ADR 066). For parts that may come a moment later without moving what is on screen. Outside
 * <SplitRenders> (component tests) the children render at once, as written.
 */
export function NextTask({ children }: { children: ReactNode }) {
  const split = useContext(Splitting);
  const [ready, setReady] = useState(!split);
  useLayoutEffect(() => {
    if (ready) return;
    const timer = setTimeout(() => {
      setReady(true);
    }, 0);
    return () => {
      clearTimeout(timer);
    };
  }, [ready]);
  return ready ? children : null;
}
