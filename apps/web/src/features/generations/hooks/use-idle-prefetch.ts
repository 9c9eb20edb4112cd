import { useEffect } from 'react';

/**
 * Fetches code a page needs only after a Generate click or a hand-over (results, dialogs) once
 * the page is up, in an idle moment of its own (at the latest 2 s on, well before a first Generate
 * can finish), so it is there before it is needed. Fetched from the page's mount effect instead,
 * each `import()` added its `modulepreload` links to the document inside the task that commits the
 * page (5–11 ms each unthrottled, 4× that in Lighthouse's mobile run, where it counted toward Total
 * Blocking Time). Safari has no requestIdleCallback: a task of its own there. A failed fetch is
 * tried again by the Suspense boundary that needs the code.
 */
export function useIdlePrefetch(load: (() => Promise<unknown>) | null): void {
  useEffect(() => {
    // Nothing to fetch (yet): a page that learns later that it needs the code passes it then.
    if (!load) return;
    const task = () => {
      load().catch(() => undefined);
    };
    if ('requestIdleCallback' in window) requestIdleCallback(task, { timeout: 2000 });
    else setTimeout(task, 0);
  }, [load]);
}
