import type { PaymentCurrency } from '@studio/contract';
import type { PaymentsConfig } from '../../config/env';
import { createRazorpayProvider } from './razorpay';
import { createSandboxProvider } from './sandbox';
import { createStripeProvider } from './stripe';
import type { PaymentProvider } from './types';

/** USD goes to Stripe and INR to Razorpay when their keys are set; otherwise to the sandbox if allowed. */
export function createPaymentProviders(
  config: PaymentsConfig,
): Partial<Record<PaymentCurrency, PaymentProvider>> {
  const sandbox = config.sandbox ? createSandboxProvider() : undefined;
  const usd = config.stripe ? createStripeProvider(config.stripe) : sandbox;
  const inr = config.razorpay ? createRazorpayProvider(config.razorpay) : sandbox;
  return { ...(usd ? { USD: usd } : {}), ...(inr ? { INR: inr } : {}) };
}
