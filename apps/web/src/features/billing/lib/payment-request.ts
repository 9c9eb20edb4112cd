import {
  getProduct,
  type BillingPeriod,
  type PaymentCurrency,
  type ProductFamily,
  type ServiceType,
} from '@studio/contract/plans';

/** What the user is buying and how they pay for it. */
export interface Purchase {
  family: ProductFamily;
  period: BillingPeriod;
  currency: PaymentCurrency;
}

export interface PaymentLinkBody {
  service_type: ServiceType;
  userId: string;
  amount: number;
  quantity: 1;
}

/** USD goes through Stripe, INR through Razorpay: each provider has its own endpoint. */
const endpoints: Record<PaymentCurrency, string> = {
  USD: '/generate-payment-link',
  INR: '/generate-payment-link-inr',
};

/**
 * The payment-link call for a purchase (spec §3, §5): `service_type` is `{plan}_{period}`;
 * `amount` is the catalogue price in the chosen currency for a top-up and 0 for Plus and Pro,
 * whose price the server takes from its own catalogue; the subscription page buys one at a time.
 */
export function buildPaymentLinkRequest(
  purchase: Purchase,
  userId: string,
): { path: string; body: PaymentLinkBody } {
  const product = getProduct(purchase.family, purchase.period);
  return {
    path: endpoints[purchase.currency],
    body: {
      service_type: product.serviceType,
      userId,
      amount: purchase.family === 'topup' ? product.price[purchase.currency] : 0,
      quantity: 1,
    },
  };
}
