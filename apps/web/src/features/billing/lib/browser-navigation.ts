/**
 * Leaving the app for a payment page is a full page load, not a router navigation. These go
 * through one object so tests can replace them: jsdom cannot navigate, and `window.location`'s
 * methods cannot be spied on.
 */
export const browserNavigation = {
  /** Same tab: the subscription page and the sandbox checkout. */
  assign(url: string): void {
    window.location.assign(url);
  },
  /**
   * A blank tab opened during the click itself, so popup blockers let it through; the caller
   * points it at the payment page once the link arrives.
   */
  openBlankTab(): Window | null {
    return window.open('', '_blank');
  },
};

/**
 * Only a same-site path or an https address is followed: the link comes from the server, but a
 * `javascript:` or protocol-relative value must never reach `location`.
 */
export function isSafePaymentLink(link: string): boolean {
  if (link.startsWith('/')) return !link.startsWith('//') && !link.startsWith('/\\');
  try {
    return new URL(link).protocol === 'https:';
  } catch {
    return false;
  }
}

/** The absolute address of a link, for a tab whose own location is still about:blank. */
export function toAbsoluteUrl(link: string): string {
  return new URL(link, window.location.origin).href;
}
