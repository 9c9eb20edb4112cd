import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTimedNotice } from './use-timed-notice';

describe('useTimedNotice', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('clears the notice after the given time (Account Settings: 4 s)', () => {
    const { result } = renderHook(() => useTimedNotice(4000));

    act(() => {
      result.current.show('success', 'Saved');
    });
    expect(result.current.notice).toMatchObject({ kind: 'success', text: 'Saved' });

    act(() => {
      vi.advanceTimersByTime(3999);
    });
    expect(result.current.notice).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current.notice).toBeNull();
  });

  it('restarts the time for a new notice, even with the same text', () => {
    const { result } = renderHook(() => useTimedNotice(3000));

    act(() => {
      result.current.show('error', 'Nope');
    });
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    act(() => {
      result.current.show('error', 'Nope');
    });
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(result.current.notice).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(result.current.notice).toBeNull();
  });
});
