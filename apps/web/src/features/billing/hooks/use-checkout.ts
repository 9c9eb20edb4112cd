import { useMutation } from '@/lib/use-mutation';
import { requestPaymentLink } from '../api/payment-link';
import { browserNavigation } from '../lib/browser-navigation';
import type { Purchase } from '../lib/payment-request';

/**
 * Subscription page checkout: create the order, then send this tab to the payment page (a
 * provider's checkout, or the local sandbox when no provider keys are configured). The mutation
 * stays successful while the browser leaves, so buttons keep showing progress until then.
 */
export function useCheckout(userId: string | null) {
  return useMutation({
    mutationFn: (purchase: Purchase) => {
      if (userId === null) throw new Error('Sign in to buy a plan');
      return requestPaymentLink(purchase, userId);
    },
    onSuccess: ({ paymentLink }) => {
      browserNavigation.assign(paymentLink);
    },
  });
}
