import { createElement, lazy, Suspense, useState, type ComponentType } from 'react';
import { useIdlePrefetch } from '../hooks/use-idle-prefetch';
import type * as ResultViewModule from './result-view';

type ResultView = typeof ResultViewModule;

/*
 * Progress, results and their actions appear only after a Generate click (or a hand-over), so
 * their code is not part of a tool page's first paint: it is fetched once a page that shows
 * results is up and the browser idle (`usePrefetchResultView`), and rendered from then on without
 * waiting. Before it has arrived, a result waits for it in a Suspense boundary.
 */
let loaded: ResultView | null = null;
let loading: Promise<ResultView> | null = null;

function loadResultView(): Promise<ResultView> {
  loading ??= import('./result-view').then((module) => {
    loaded = module;
    return module;
  });
  return loading;
}

export function prefetchResultView(): Promise<unknown> {
  return loadResultView().catch(() => {
    // A later render tries again through its own Suspense boundary.
    loading = null;
  });
}

/** Starts fetching the result view once the page is up and the browser idle. */
export function usePrefetchResultView(): void {
  useIdlePrefetch(prefetchResultView);
}

/**
 * Brings a run's outcome into view (see bring-into-view) with the result view's code, which the
 * page fetched ahead: the page's own first load does not carry it.
 */
export function bringResultIntoView(inside: HTMLElement | null): void {
  loadResultView().then(
    (module) => {
      module.bringIntoView(inside);
    },
    () => {
      // Without the code the outcome is still announced; only the scroll and focus are missed.
    },
  );
}

function deferred<P extends object>(pick: (module: ResultView) => ComponentType<P>) {
  const Lazy = lazy(() => loadResultView().then((module) => ({ default: pick(module) })));
  function Deferred(props: P) {
    // Once fetched, rendered at once (a module export, the same component every render). An
    // instance that first rendered through Lazy stays on it: switching would remount it (and drop
    // focus inside it) on its next render.
    const [direct] = useState(() => loaded !== null);
    if (direct && loaded) return createElement(pick(loaded), props);
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return Deferred;
}

export const CredentialsDisclosure = deferred((module) => module.CredentialsDisclosure);
export const DownloadButton = deferred((module) => module.DownloadButton);
export const FidelityCheck = deferred((module) => module.FidelityCheck);
export const GenerationProgress = deferred((module) => module.GenerationProgress);
export const PreviewNote = deferred((module) => module.PreviewNote);
export const ResultActions = deferred((module) => module.ResultActions);
export const ResultGrid = deferred((module) => module.ResultGrid);
export const ResultViewer = deferred((module) => module.ResultViewer);
export const ToolResults = deferred((module) => module.ToolResults);
export const PastToolResults = deferred((module) => module.PastToolResults);
