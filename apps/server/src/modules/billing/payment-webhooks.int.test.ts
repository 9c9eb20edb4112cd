import { createHmac, randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import Razorpay from 'razorpay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, TEST_ORIGIN, type TestApp } from '../../../test/harness';
import { startFakePaymentApis, type FakePaymentApis } from '../../../test/fake-payment-apis';

const STRIPE_WEBHOOK_SECRET = 'whsec_test_webhook_secret';
const RAZORPAY_WEBHOOK_SECRET = 'rzp_webhook_secret_for_tests';
const stripe = new Stripe('sk_test_offline');

let fake: FakePaymentApis;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakePaymentApis();
  t = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_WEBHOOK_SECRET,
      STRIPE_API_URL: fake.url,
      RAZORPAY_KEY_ID: 'rzp_test_fake',
      RAZORPAY_KEY_SECRET: 'rzp_secret_fake',
      RAZORPAY_WEBHOOK_SECRET,
      RAZORPAY_API_URL: fake.url,
      RATE_LIMIT_MULTIPLIER: '100',
    },
  });
});
afterAll(async () => {
  await fake.close();
});

interface Customer {
  cookie: string;
  id: string;
}

async function customer(): Promise<Customer> {
  const { cookie } = await signUp(t.app);
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/session', headers: { cookie } });
  return { cookie, id: res.json<{ user: { id: string } }>().user.id };
}

function post(who: Customer, url: string, payload: object) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { cookie: who.cookie, origin: TEST_ORIGIN },
    payload: { userId: who.id, ...payload },
  });
}

async function credits(who: Customer): Promise<number> {
  const res = await post(who, '/user/credits', {});
  return res.json<{ credits: number }>().credits;
}

async function buy(who: Customer, serviceType: string, currency: 'USD' | 'INR', amount = 0) {
  const url = currency === 'USD' ? '/generate-payment-link' : '/generate-payment-link-inr';
  const res = await post(who, url, { service_type: serviceType, amount, quantity: 1 });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ payment_link: string; orderId: string }>();
}

async function orderStatus(who: Customer, orderId: string) {
  return (await post(who, '/order/status', { orderId })).json<{ status: string }>();
}

/** Counts and the latest order change: a refused webhook must leave all of them unchanged. */
async function snapshot() {
  const { rows } = await t.database.pool.query(`select
    (select count(*) from payment_events) as events,
    (select count(*) from credit_entries) as entries,
    (select count(*) from subscriptions) as subscriptions,
    (select max(updated_at) from orders) as orders_changed`);
  return rows[0] as unknown;
}

// ---- Stripe -------------------------------------------------------------------------------

function stripeEvent(
  orderId: string,
  type: string,
  session: { payment_status?: string; amount_total?: number; currency?: string } = {},
) {
  const id = `evt_${randomBytes(8).toString('hex')}`;
  return JSON.stringify({
    id,
    object: 'event',
    type,
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: `cs_test_${orderId.slice(0, 8)}`,
        object: 'checkout.session',
        client_reference_id: orderId,
        metadata: { orderId },
        payment_status: session.payment_status ?? 'paid',
        amount_total: session.amount_total ?? 1000,
        currency: session.currency ?? 'usd',
      },
    },
  });
}

function deliverStripe(payload: string, options: { timestamp?: number; body?: string } = {}) {
  const signature = stripe.webhooks.generateTestHeaderString({
    payload,
    secret: STRIPE_WEBHOOK_SECRET,
    ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/payments/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload: options.body ?? payload,
  });
}

// ---- Razorpay -----------------------------------------------------------------------------

function razorpayEvent(orderId: string, event: string, amount = 80_000) {
  const linkEntity = {
    id: `plink_${orderId.slice(0, 8)}`,
    reference_id: orderId,
    amount,
    currency: 'INR',
  };
  // As Razorpay sends it for a payment-link payment: empty notes, the link id in the description.
  const paymentEntity = {
    id: `pay_${randomBytes(6).toString('hex')}`,
    entity: 'payment',
    amount,
    currency: 'INR',
    status: event === 'payment.failed' ? 'failed' : 'captured',
    order_id: `order_${randomBytes(7).toString('hex')}`,
    description: `#${linkEntity.id.slice(6)}`,
    notes: [],
    error_description: event === 'payment.failed' ? 'Card declined by the bank' : null,
  };
  const payload = event.startsWith('payment_link.')
    ? { payment_link: { entity: linkEntity }, payment: { entity: paymentEntity } }
    : { payment: { entity: paymentEntity } };
  return {
    id: `evt_${randomBytes(8).toString('hex')}`,
    body: JSON.stringify({ entity: 'event', event, payload, created_at: Date.now() / 1000 }),
  };
}

function deliverRazorpay(
  event: { id: string; body: string },
  options: { signature?: string; body?: string } = {},
) {
  const signature =
    options.signature ??
    createHmac('sha256', RAZORPAY_WEBHOOK_SECRET).update(event.body).digest('hex');
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/payments/razorpay/webhook',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': signature,
      'x-razorpay-event-id': event.id,
    },
    payload: options.body ?? event.body,
  });
}

const flipOneByte = (body: string) => body.replace('"paid"', '"paie"').replace('80000', '80001');

describe('payment links', () => {
  it('opens a Stripe Checkout priced from the catalogue for USD', async () => {
    const who = await customer();
    const { payment_link, orderId } = await buy(who, 'Pro_Monthly', 'USD');
    expect(payment_link).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    const session = fake.stripeSessions.at(-1);
    expect(session).toMatchObject({
      mode: 'payment',
      client_reference_id: orderId,
      'line_items[0][price_data][unit_amount]': '1000',
      'line_items[0][price_data][currency]': 'usd',
      success_url: `http://localhost:3000/?od=${orderId}`,
    });
    expect(await orderStatus(who, orderId)).toMatchObject({ status: 'pending' });
  });

  it('opens a Razorpay payment link in paise for INR top-ups', async () => {
    const who = await customer();
    const { payment_link, orderId } = await buy(who, 'topup_monthly', 'INR', 800);
    expect(payment_link).toMatch(/^https:\/\/rzp\.io\//);
    expect(fake.razorpayLinks.at(-1)).toMatchObject({
      amount: 80_000,
      currency: 'INR',
      reference_id: orderId,
      accept_partial: false,
    });
  });

  it('refuses a top-up amount that is not the price, creating no order', async () => {
    const who = await customer();
    const res = await post(who, '/generate-payment-link', {
      service_type: 'topup_monthly',
      amount: 1,
      quantity: 1,
    });
    expect(res.statusCode).toBe(400);
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/v1/credit-transactions/order-history/${who.id}`,
      headers: { cookie: who.cookie },
    });
    expect(history.json<{ order_history: { source: string }[] }>().order_history).toEqual([
      expect.objectContaining({ source: 'welcome' }),
    ]);
  });

  it('refuses unknown plans and enterprise, which is not sold', async () => {
    const who = await customer();
    for (const service_type of ['enterprise_monthly', 'pro_weekly', 'free_monthly']) {
      const res = await post(who, '/generate-payment-link', { service_type, quantity: 1 });
      expect(res.statusCode).toBe(400);
    }
  });

  it('says the link failed when the provider is down, and marks the order failed', async () => {
    const who = await customer();
    // The SDK tries three times (two retries) before giving up.
    fake.failNext(3);
    const res = await post(who, '/generate-payment-link', {
      service_type: 'plus_monthly',
      quantity: 1,
    });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({
      error: {
        code: 'payment_provider_error',
        message: 'Failed to generate payment link. Please try again.',
      },
    });
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/v1/credit-transactions/order-history/${who.id}`,
      headers: { cookie: who.cookie },
    });
    expect(history.json<{ order_history: unknown[] }>().order_history).toContainEqual(
      expect.objectContaining({ plan_display_name: 'Plus Monthly', status: 'failed' }),
    );
  });
});

describe('Stripe webhooks', () => {
  it('grants credits once when the same event arrives 3 times in a row', async () => {
    const who = await customer();
    const { orderId } = await buy(who, 'pro_monthly', 'USD');
    const payload = stripeEvent(orderId, 'checkout.session.completed');
    for (let i = 0; i < 3; i++) expect((await deliverStripe(payload)).statusCode).toBe(200);
    expect(await credits(who)).toBe(5 + 40);
    expect(await orderStatus(who, orderId)).toMatchObject({ status: 'completed' });
  });

  it('grants credits once when the same event arrives 10 times at once', async () => {
    const who = await customer();
    const { orderId } = await buy(who, 'topup_4months', 'USD', 34);
    const payload = stripeEvent(orderId, 'checkout.session.completed', { amount_total: 3400 });
    const results = await Promise.all(Array.from({ length: 10 }, () => deliverStripe(payload)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(await credits(who)).toBe(5 + 160);
  });

  it('reaches the same final state whatever order the purchase events arrive in', async () => {
    const orders = [
      ['checkout.session.completed', 'checkout.session.async_payment_succeeded'],
      ['checkout.session.async_payment_succeeded', 'checkout.session.completed'],
    ];
    for (const types of orders) {
      const who = await customer();
      const { orderId } = await buy(who, 'pro_monthly', 'USD');
      for (const type of types) {
        await deliverStripe(stripeEvent(orderId, type, { payment_status: 'unpaid' }));
      }
      expect(await orderStatus(who, orderId)).toMatchObject({ status: 'completed' });
      expect(await credits(who)).toBe(45);
    }
  });

  it('refuses a bad signature or a one-byte change with 400 and writes nothing', async () => {
    const who = await customer();
    const { orderId } = await buy(who, 'pro_monthly', 'USD');
    const payload = stripeEvent(orderId, 'checkout.session.completed');
    const before = await snapshot();
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/stripe/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': `t=${String(Math.floor(Date.now() / 1000))},v1=${'0'.repeat(64)}`,
      },
      payload,
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ error: { code: 'invalid_signature' } });
    const tampered = await deliverStripe(payload, { body: flipOneByte(payload) });
    expect(tampered.statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
    expect(await credits(who)).toBe(5);
  });

  it('refuses an event signed more than 5 minutes ago', async () => {
    const who = await customer();
    const { orderId } = await buy(who, 'pro_monthly', 'USD');
    const before = await snapshot();
    const res = await deliverStripe(stripeEvent(orderId, 'checkout.session.completed'), {
      timestamp: Math.floor(Date.now() / 1000) - 6 * 60,
    });
    expect(res.statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('does not fulfil a payment whose amount differs from the order', async () => {
    const who = await customer();
    const { orderId } = await buy(who, 'pro_monthly', 'USD');
    await deliverStripe(stripeEvent(orderId, 'checkout.session.completed', { amount_total: 1 }));
    expect(await orderStatus(who, orderId)).toMatchObject({ status: 'pending' });
    expect(await credits(who)).toBe(5);
  });

  it('marks an expired checkout expired; a later payment is a new attempt, never a flip', async () => {
    const who = await customer();
    const { orderId } = await buy(who, 'plus_monthly', 'USD');
    await deliverStripe(stripeEvent(orderId, 'checkout.session.expired', { amount_total: 500 }));
    expect(await orderStatus(who, orderId)).toMatchObject({
      status: 'expired',
      message: 'This checkout expired before it was paid. No credits were added.',
    });
    expect(await credits(who)).toBe(5);
    // Stripe took the money anyway (two events report the same payment): fulfilled once, as a
    // new order that points at the expired one, which stays expired.
    await deliverStripe(stripeEvent(orderId, 'checkout.session.completed', { amount_total: 500 }));
    await deliverStripe(
      stripeEvent(orderId, 'checkout.session.async_payment_succeeded', { amount_total: 500 }),
    );
    expect(await orderStatus(who, orderId)).toMatchObject({ status: 'expired' });
    expect(await credits(who)).toBe(5 + 20);
    const { rows } = await t.database.pool.query<{ status: string; attempt_of: string | null }>(
      'select status, attempt_of from orders where user_id = $1 order by created_at',
      [who.id],
    );
    expect(rows).toEqual([
      { status: 'expired', attempt_of: null },
      { status: 'completed', attempt_of: orderId },
    ]);
  });
});

describe('Razorpay webhooks', () => {
  it('grants credits once when the same event arrives 3 times in a row and 10 at once', async () => {
    const who = await customer();
    const { orderId } = await buy(who, 'pro_monthly', 'INR');
    const event = razorpayEvent(orderId, 'payment_link.paid');
    for (let i = 0; i < 3; i++) expect((await deliverRazorpay(event)).statusCode).toBe(200);
    const burst = await Promise.all(Array.from({ length: 10 }, () => deliverRazorpay(event)));
    expect(burst.every((r) => r.statusCode === 200)).toBe(true);
    expect(await credits(who)).toBe(45);

    const other = await customer();
    const second = await buy(other, 'pro_monthly', 'INR');
    const fresh = razorpayEvent(second.orderId, 'payment_link.paid');
    await Promise.all(Array.from({ length: 10 }, () => deliverRazorpay(fresh)));
    expect(await credits(other)).toBe(45);
  });

  it('reaches the same final state for every order of a purchase’s events', async () => {
    const permutations = <T>(items: T[]): T[][] =>
      items.length <= 1
        ? [items]
        : items.flatMap((item, i) =>
            permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [
              item,
              ...rest,
            ]),
          );
    // A first attempt declined, then paid: always completed with 40 credits once.
    for (const order of permutations([
      'payment.authorized',
      'payment.failed',
      'payment_link.paid',
    ])) {
      const who = await customer();
      const { orderId } = await buy(who, 'pro_monthly', 'INR');
      for (const type of order) await deliverRazorpay(razorpayEvent(orderId, type));
      expect(await orderStatus(who, orderId), order.join(' → ')).toMatchObject({
        status: 'completed',
      });
      expect(await credits(who)).toBe(45);
    }
    // Declined and never paid until the link expired: always expired, nothing granted.
    for (const order of permutations([
      'payment.authorized',
      'payment.failed',
      'payment_link.expired',
    ])) {
      const who = await customer();
      const { orderId } = await buy(who, 'pro_monthly', 'INR');
      for (const type of order) await deliverRazorpay(razorpayEvent(orderId, type));
      expect(await orderStatus(who, orderId), order.join(' → ')).toMatchObject({
        status: 'expired',
      });
      expect(await credits(who)).toBe(5);
    }
  });

  it('shows a cancelled payment link as cancelled, and a later payment of it as a new attempt', async () => {
    const who = await customer();
    const { orderId } = await buy(who, 'pro_monthly', 'INR');
    await deliverRazorpay(razorpayEvent(orderId, 'payment_link.cancelled'));
    expect(await orderStatus(who, orderId)).toMatchObject({
      status: 'cancelled',
      message: 'Payment cancelled. No credits were added.',
    });
    await deliverRazorpay(razorpayEvent(orderId, 'payment_link.paid'));
    expect(await orderStatus(who, orderId)).toMatchObject({ status: 'cancelled' });
    expect(await credits(who)).toBe(45);
  });

  it('refuses a bad signature or a one-byte change with 400 and writes nothing', async () => {
    const who = await customer();
    const { orderId } = await buy(who, 'pro_monthly', 'INR');
    const event = razorpayEvent(orderId, 'payment_link.paid');
    const before = await snapshot();
    expect((await deliverRazorpay(event, { signature: 'f'.repeat(64) })).statusCode).toBe(400);
    expect((await deliverRazorpay(event, { signature: 'not-hex' })).statusCode).toBe(400);
    expect((await deliverRazorpay(event, { body: flipOneByte(event.body) })).statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
    expect(await credits(who)).toBe(5);
  });

  it('agrees with the SDK’s own signature check', () => {
    const body = razorpayEvent(randomBytes(16).toString('hex'), 'payment_link.paid').body;
    const signature = createHmac('sha256', RAZORPAY_WEBHOOK_SECRET).update(body).digest('hex');
    expect(Razorpay.validateWebhookSignature(body, signature, RAZORPAY_WEBHOOK_SECRET)).toBe(true);
  });

  it('ignores a Razorpay event for a Stripe order', async () => {
    const who = await customer();
    const { orderId } = await buy(who, 'pro_monthly', 'USD');
    await deliverRazorpay(razorpayEvent(orderId, 'payment_link.paid', 1000));
    expect(await orderStatus(who, orderId)).toMatchObject({ status: 'pending' });
  });
});
