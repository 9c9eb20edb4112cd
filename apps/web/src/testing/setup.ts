import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { resetFakeAccounts, server } from './server';

// Lazy route chunks load through Vite's transform in jsdom; with the integration tier sharing two
// cores in `npm test`, the 1 s default for findBy/waitFor is too tight.
configure({ asyncUtilTimeout: 5_000 });

/** Adds a browser API jsdom lacks, without replacing a real one if a later jsdom has it. */
function polyfill(target: object, name: string, value: unknown): void {
  // `typeof`, not `in`: Vitest exposes jsdom's missing APIs as accessors that return undefined.
  if (typeof Reflect.get(target, name) !== 'function') {
    Object.defineProperty(target, name, { value, configurable: true, writable: true });
  }
}

// Layout and pointer APIs that Radix (popper, pointer capture) and the shell call.
polyfill(
  globalThis,
  'ResizeObserver',
  class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  },
);
polyfill(Element.prototype, 'scrollIntoView', () => undefined);
polyfill(Element.prototype, 'hasPointerCapture', () => false);
polyfill(Element.prototype, 'releasePointerCapture', () => undefined);
// Width queries answer for jsdom's window (1024 px wide: a desktop, where the sidebar is a column);
// every other query says no. Tests of a phone's layout narrow it with their own mock.
polyfill(window, 'matchMedia', (query: string) => ({
  matches: widthMatches(query, window.innerWidth),
  media: query,
  onchange: null,
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
  dispatchEvent: () => false,
}));
// jsdom defines scrollTo but only to log "not implemented".
Object.defineProperty(window, 'scrollTo', {
  value: () => undefined,
  configurable: true,
  writable: true,
});

// Any request without a handler fails the test: the app must not call endpoints we did not expect.
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  resetFakeAccounts();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
afterAll(() => {
  server.close();
});

function widthMatches(query: string, width: number): boolean {
  const bound = /^\((min|max)-width: (\d+)px\)$/.exec(query);
  if (bound === null) return false;
  return bound[1] === 'min' ? width >= Number(bound[2]) : width <= Number(bound[2]);
}
