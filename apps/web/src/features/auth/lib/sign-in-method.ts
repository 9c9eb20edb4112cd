/*
 * Remembers, for this tab, that the current sign-in went through Google: the profile completion
 * prompt follows Google sign-ins only (spec §4). sessionStorage, so it ends with the tab and
 * survives the redirect after the popup.
 */
const KEY = 'studio.sign-in-method';

export function rememberGoogleSignIn(): void {
  try {
    window.sessionStorage.setItem(KEY, 'google');
  } catch {
    // Storage unavailable: the prompt will not be offered, which is harmless.
  }
}

export function forgetSignInMethod(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Storage unavailable: nothing was remembered.
  }
}

export function wasGoogleSignIn(): boolean {
  try {
    return window.sessionStorage.getItem(KEY) === 'google';
  } catch {
    return false;
  }
}
