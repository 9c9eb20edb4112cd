import { http, HttpResponse, type RequestHandler } from 'msw';

/** The status the server sends for an account that never bought a plan. */
export const freeSubscriptionStatus = {
  success: true,
  type: 'free',
  subscriptionCode: 101,
  subscriptionId: null,
  endingTimestamp: null,
  transactionTimestamp: null,
  previous_type: null,
  previous_subscriptionCode: null,
} as const;

export const SANDBOX_ORDER_ID = 'ord_sandbox_1';

/** A first plan: nothing runs, so the checkout opens straight away (ADR 050). */
export const newPlanPreview = {
  success: true,
  kind: 'new',
  plan_display_name: 'Pro 4 Months',
  currency: 'USD',
  price: 34,
  credit: 0,
  amount: 34,
  starts_at: '2026-11-27T10:00:00.000Z',
  ends_at: '2027-03-27T10:00:00.000Z',
  current: null,
  summary: ['Pro 4 Months starts as soon as the payment is confirmed.'],
} as const;

/** POST /subscription/change-preview answers with `newPlanPreview` overridden by `fields`. */
export function planChangePreviewHandler(fields: Record<string, unknown> = {}): RequestHandler {
  return http.post('/api/v1/subscription/change-preview', () =>
    HttpResponse.json({ ...newPlanPreview, ...fields }),
  );
}

/**
 * Default fake API for the billing feature; tests override with server.use(). Every account is
 * on Free, payment links lead to the local sandbox, and orders complete.
 */
export const billingHandlers: RequestHandler[] = [
  http.post('/api/v1/subscription/status', () => HttpResponse.json(freeSubscriptionStatus)),
  planChangePreviewHandler(),
  ...['/api/v1/generate-payment-link', '/api/v1/generate-payment-link-inr'].map((path) =>
    http.post(path, () =>
      HttpResponse.json({
        success: true,
        payment_link: `/checkout/sandbox/${SANDBOX_ORDER_ID}`,
        orderId: SANDBOX_ORDER_ID,
      }),
    ),
  ),
  http.post('/api/v1/order/status', async ({ request }) => {
    const { orderId } = (await request.json()) as { orderId: string };
    return HttpResponse.json({
      success: true,
      orderId,
      status: 'completed',
      message: 'Payment successful! 160 credits have been added to your account.',
      credits: 160,
      plan_display_name: 'Pro 4 Months',
    });
  }),
  http.get('/api/v1/payments/sandbox/orders/:orderId', ({ params }) =>
    HttpResponse.json({
      success: true,
      orderId: params.orderId,
      plan_display_name: 'Pro 4 Months',
      amount: 34,
      currency: 'USD',
      credits: 160,
      status: 'pending',
    }),
  ),
  http.post('/api/v1/payments/sandbox/complete', async ({ request }) => {
    const { orderId, outcome } = (await request.json()) as { orderId: string; outcome: string };
    const status = outcome === 'paid' ? 'completed' : 'failed';
    return HttpResponse.json({ success: true, status, redirect: `/?od=${orderId}` });
  }),
];
