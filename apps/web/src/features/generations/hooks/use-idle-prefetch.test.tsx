import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useIdlePrefetch } from './use-idle-prefetch';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** A requestIdleCallback whose idle moment the test chooses. */
function stubIdleCallback() {
  const waiting: IdleRequestCallback[] = [];
  const request = vi.fn((callback: IdleRequestCallback, _options?: IdleRequestOptions) =>
    waiting.push(callback),
  );
  vi.stubGlobal('requestIdleCallback', request);
  const idle = () => {
    for (const callback of waiting.splice(0))
      callback({ didTimeout: false, timeRemaining: () => 50 });
  };
  return { request, idle };
}

describe('useIdlePrefetch', () => {
  it('fetches only once the browser is idle, not in the task that mounts the page', () => {
    const browser = stubIdleCallback();
    const load = vi.fn(() => Promise.resolve());
    renderHook(() => {
      useIdlePrefetch(load);
    });
    expect(load).not.toHaveBeenCalled();
    // A bounded wait: the code is there well before a first Generate can finish.
    expect(browser.request).toHaveBeenCalledWith(expect.any(Function), { timeout: 2000 });

    browser.idle();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('waits without fetching while the page does not know it needs the code, then fetches when idle', () => {
    const browser = stubIdleCallback();
    const load = vi.fn(() => Promise.resolve());
    const { rerender } = renderHook(
      ({ needed }: { needed: boolean }) => {
        useIdlePrefetch(needed ? load : null);
      },
      { initialProps: { needed: false } },
    );
    browser.idle();
    expect(load).not.toHaveBeenCalled();

    rerender({ needed: true });
    expect(load).not.toHaveBeenCalled();
    browser.idle();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('fetches in a task of its own where there is no requestIdleCallback (Safari)', async () => {
    vi.useFakeTimers();
    // jsdom has none either; made explicit so the test does not depend on it.
    vi.stubGlobal('requestIdleCallback', undefined);
    Reflect.deleteProperty(window, 'requestIdleCallback');
    // A failed fetch is left to the Suspense boundary that needs the code: nothing is thrown here.
    const load = vi.fn(() => Promise.reject(new Error('offline')));
    renderHook(() => {
      useIdlePrefetch(load);
    });
    expect(load).not.toHaveBeenCalled();

    await vi.runAllTimersAsync();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
