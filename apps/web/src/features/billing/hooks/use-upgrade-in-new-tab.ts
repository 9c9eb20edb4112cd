import { useMutation } from '@/lib/use-mutation';
import { requestPaymentLink } from '../api/payment-link';
import { browserNavigation, toAbsoluteUrl } from '../lib/browser-navigation';
import type { Purchase } from '../lib/payment-request';

/**
 * The premium gate's upgrade: the payment page opens in a new tab so the feature page stays.
 * The tab is opened blank inside the click (browsers block `window.open` after an await), then
 * pointed at the payment link, or closed again when the link cannot be made. If the browser
 * blocked even that, this tab goes to the payment page instead.
 */
export function useUpgradeInNewTab(userId: string | null) {
  const mutation = useMutation({
    mutationFn: ({ purchase }: { purchase: Purchase; tab: Window | null }) => {
      if (userId === null) throw new Error('Sign in to upgrade');
      return requestPaymentLink(purchase, userId);
    },
    onSuccess: ({ paymentLink }, { tab }) => {
      if (tab && !tab.closed) tab.location.href = toAbsoluteUrl(paymentLink);
      else browserNavigation.assign(paymentLink);
    },
    onError: (_error, { tab }) => {
      tab?.close();
    },
  });

  const start = (purchase: Purchase) => {
    const tab = browserNavigation.openBlankTab();
    // The payment page has no business reaching back into this tab.
    if (tab) tab.opener = null;
    mutation.mutate({ purchase, tab });
  };

  return { start, isPending: mutation.isPending, isError: mutation.isError };
}
