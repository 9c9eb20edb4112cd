import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentLocation, renderApp } from '@/testing/render';
import { mockSignedIn } from '@/testing/server';

function stubOpener() {
  const opener = { closed: false, postMessage: vi.fn() };
  Object.defineProperty(window, 'opener', { value: opener, configurable: true, writable: true });
  const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
  return { opener, close };
}

describe('/auth/popup-complete', () => {
  afterEach(() => {
    Object.defineProperty(window, 'opener', { value: null, configurable: true, writable: true });
  });

  it('tells the login page that sign-in succeeded, same origin only, and closes', async () => {
    const { opener, close } = stubOpener();
    renderApp('/auth/popup-complete?status=success');

    await waitFor(() => {
      expect(close).toHaveBeenCalled();
    });
    expect(opener.postMessage).toHaveBeenCalledOnce();
    expect(opener.postMessage).toHaveBeenCalledWith(
      { type: 'studio-google-sign-in', ok: true, error: null, message: null },
      window.location.origin,
    );
  });

  it('passes on the provider error', async () => {
    const { opener } = stubOpener();
    renderApp('/auth/popup-complete?error=access_denied');

    await waitFor(() => {
      expect(opener.postMessage).toHaveBeenCalledWith(
        { type: 'studio-google-sign-in', ok: false, error: 'access_denied', message: null },
        window.location.origin,
      );
    });
  });

  it('goes to the app when opened without a login page waiting', async () => {
    mockSignedIn();
    renderApp('/auth/popup-complete?status=success');

    expect(await screen.findByRole('heading', { name: 'Welcome back, Ada' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/');
  });
});
