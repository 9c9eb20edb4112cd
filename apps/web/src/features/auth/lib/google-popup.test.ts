import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  describePopupError,
  getPopupResult,
  parsePopupResult,
  waitForPopup,
  type PopupResult,
} from './google-popup';

const success: PopupResult = {
  type: 'studio-google-sign-in',
  ok: true,
  error: null,
  message: null,
};

describe('getPopupResult', () => {
  it('reports success from status=success', () => {
    expect(getPopupResult(new URLSearchParams('status=success'))).toEqual(success);
  });

  it('reports the provider error and its description', () => {
    expect(
      getPopupResult(new URLSearchParams('error=access_denied&error_description=User+said+no')),
    ).toEqual({
      type: 'studio-google-sign-in',
      ok: false,
      error: 'access_denied',
      message: 'User said no',
    });
  });

  it('never reports success without status=success', () => {
    expect(getPopupResult(new URLSearchParams(''))).toMatchObject({
      ok: false,
      error: 'unknown_error',
    });
    expect(getPopupResult(new URLSearchParams('status=success&error=state_mismatch')).ok).toBe(
      false,
    );
  });
});

describe('parsePopupResult', () => {
  it('accepts our message and ignores anything else', () => {
    expect(parsePopupResult(success)).toEqual(success);
    expect(parsePopupResult({ type: 'other', ok: true })).toBeNull();
    expect(parsePopupResult('studio-google-sign-in')).toBeNull();
    expect(parsePopupResult({ type: 'studio-google-sign-in' })).toBeNull();
  });
});

describe('describePopupError', () => {
  it('calls access_denied a cancelled popup', () => {
    expect(describePopupError({ error: 'access_denied', message: 'denied' })).toBe(
      'The sign-in popup was cancelled',
    );
  });

  it("uses the provider's message, else 'An unknown error occurred'", () => {
    expect(describePopupError({ error: 'invalid_request', message: 'Bad scope' })).toBe(
      'Bad scope',
    );
    expect(describePopupError({ error: 'state_mismatch', message: null })).toBe(
      'An unknown error occurred',
    );
  });
});

describe('waitForPopup', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('resolves with a same-origin message and ignores other origins', async () => {
    const pending = waitForPopup({ closed: false }, { signal: new AbortController().signal });
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { ...success, ok: false },
        origin: 'https://evil.example',
      }),
    );
    window.dispatchEvent(
      new MessageEvent('message', { data: success, origin: window.location.origin }),
    );

    await expect(pending).resolves.toEqual({ kind: 'result', result: success });
  });

  it('reports a closed popup one poll after it is seen closed', async () => {
    vi.useFakeTimers();
    const popup = { closed: false };
    const onDone = vi.fn();
    void waitForPopup(popup, { signal: new AbortController().signal, intervalMs: 100 }).then(
      onDone,
    );

    popup.closed = true;
    await vi.advanceTimersByTimeAsync(100);
    expect(onDone).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(100);
    expect(onDone).toHaveBeenCalledWith({ kind: 'closed' });
  });

  it('stops listening when aborted', async () => {
    const controller = new AbortController();
    const pending = waitForPopup({ closed: false }, { signal: controller.signal });
    controller.abort();

    await expect(pending).rejects.toThrow();
  });
});
