import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, TEST_ORIGIN, type TestApp } from '../../../test/harness';
import * as credits from '../credits/credits.service';
import * as generations from '../generations/generations.service';
import * as billing from './billing.service';

// Without payment keys the sandbox provider answers: the same fulfilment as a webhook.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '100' } });
});

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

interface Customer {
  cookie: string;
  id: string;
}

async function customer(): Promise<Customer> {
  const { cookie } = await signUp(t.app);
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/session', headers: { cookie } });
  return { cookie, id: res.json<{ user: { id: string } }>().user.id };
}

function post(who: Customer, url: string, payload: object = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { cookie: who.cookie, origin: TEST_ORIGIN },
    payload: { userId: who.id, ...payload },
  });
}

function get(who: Customer, url: string) {
  return t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { cookie: who.cookie } });
}

const balance = (who: Customer) => credits.balanceOf(t.database.db, who.id);

async function sandboxPurchase(
  who: Customer,
  serviceType: string,
  outcome: 'paid' | 'failed' | 'cancelled' = 'paid',
  currency: 'USD' | 'INR' = 'INR',
) {
  const url = currency === 'USD' ? '/generate-payment-link' : '/generate-payment-link-inr';
  const link = await post(who, url, { service_type: serviceType, amount: 0, quantity: 1 });
  expect(link.statusCode, link.body).toBe(200);
  const { payment_link, orderId } = link.json<{ payment_link: string; orderId: string }>();
  expect(payment_link).toBe(`/checkout/sandbox/${orderId}`);
  const done = await post(who, '/payments/sandbox/complete', { orderId, outcome });
  expect(done.statusCode, done.body).toBe(200);
  expect(done.json()).toMatchObject({ redirect: `/?od=${orderId}` });
  return orderId;
}

async function status(who: Customer) {
  return (await post(who, '/subscription/status')).json<Record<string, unknown>>();
}

describe('sandbox checkout', () => {
  it('starts every account with 5 welcome credits, once', async () => {
    const who = await customer();
    await post(who, '/user/register', { emailId: '', name: 'Again' });
    await post(who, '/user/register', { emailId: '', name: 'Again' });
    expect(await balance(who)).toBe(5);
  });

  it('buys Pro monthly in INR: order completed, 40 credits, Pro active for 30 days', async () => {
    const who = await customer();
    const before = Date.now();
    const orderId = await sandboxPurchase(who, 'pro_monthly');
    const order = await get(who, `/payments/sandbox/orders/${orderId}`);
    expect(order.json()).toMatchObject({
      plan_display_name: 'Pro Monthly',
      amount: 800,
      currency: 'INR',
      credits: 40,
      status: 'completed',
    });
    expect((await post(who, '/order/status', { orderId })).json()).toMatchObject({
      status: 'completed',
      message: 'Payment successful! Your Pro Monthly plan is active.',
    });
    expect(await balance(who)).toBe(45);
    const current = await status(who);
    expect(current).toMatchObject({
      success: true,
      type: 'pro_monthly',
      subscriptionCode: 102,
      previous_type: null,
    });
    const ends = Date.parse(String(current.endingTimestamp));
    expect(ends - before).toBeGreaterThanOrEqual(30 * DAY - 1000);
    expect(ends - before).toBeLessThan(30 * DAY + 60_000);
  });

  it('grants nothing for a failed or cancelled payment and says so', async () => {
    const who = await customer();
    const failed = await sandboxPurchase(who, 'plus_monthly', 'failed', 'USD');
    const cancelled = await sandboxPurchase(who, 'topup_monthly', 'cancelled', 'USD');
    expect((await post(who, '/order/status', { orderId: failed })).json()).toMatchObject({
      status: 'failed',
      message: 'Payment failed: The test payment was declined. No credits were added.',
    });
    expect((await post(who, '/order/status', { orderId: cancelled })).json()).toMatchObject({
      status: 'cancelled',
      message: 'Payment cancelled. No credits were added.',
    });
    expect(await balance(who)).toBe(5);
    expect(await status(who)).toMatchObject({ type: 'free' });
  });

  it('refuses to complete a failed, cancelled or expired order as paid', async () => {
    const who = await customer();
    const failed = await sandboxPurchase(who, 'plus_monthly', 'failed', 'USD');
    const cancelled = await sandboxPurchase(who, 'pro_monthly', 'cancelled');
    const link = await post(who, '/generate-payment-link', { service_type: 'topup_monthly' });
    const abandoned = link.json<{ orderId: string }>().orderId;
    expect(
      await billing.expireAbandonedOrders({ db: t.database.db }, new Date(Date.now() + 2 * HOUR)),
    ).toBeGreaterThanOrEqual(1);
    for (const [orderId, state] of [
      [failed, 'failed'],
      [cancelled, 'cancelled'],
      [abandoned, 'expired'],
    ] as const) {
      const res = await post(who, '/payments/sandbox/complete', { orderId, outcome: 'paid' });
      expect(res.statusCode, state).toBe(409);
      expect(res.json()).toMatchObject({ error: { message: `This order is already ${state}.` } });
      // Even straight through the fulfilment path (as a replayed or forged sandbox event would).
      await billing.handlePaymentEvent(
        { db: t.database.db },
        { provider: 'sandbox', eventId: `forged:${orderId}`, type: 'x', orderId, outcome: 'paid' },
      );
      expect((await post(who, '/order/status', { orderId })).json()).toMatchObject({
        status: state,
      });
    }
    expect(await balance(who)).toBe(5);
    expect(await status(who)).toMatchObject({ type: 'free' });
  });

  it('expires abandoned checkouts after their lifetime, and only those', async () => {
    const who = await customer();
    const open = async (serviceType: string) =>
      (await post(who, '/generate-payment-link', { service_type: serviceType })).json<{
        orderId: string;
      }>().orderId;
    const abandoned = await open('topup_monthly');
    const paid = await sandboxPurchase(who, 'topup_4months', 'paid', 'USD');
    const now = Date.now();
    // Within the hour a checkout can be paid, nothing expires.
    await billing.expireAbandonedOrders({ db: t.database.db }, new Date(now + 30 * 60_000));
    expect((await post(who, '/order/status', { orderId: abandoned })).json()).toMatchObject({
      status: 'pending',
    });
    await billing.expireAbandonedOrders({ db: t.database.db }, new Date(now + HOUR + 60_000));
    expect((await post(who, '/order/status', { orderId: abandoned })).json()).toMatchObject({
      status: 'expired',
      message: 'This checkout expired before it was paid. No credits were added.',
    });
    expect((await post(who, '/order/status', { orderId: paid })).json()).toMatchObject({
      status: 'completed',
    });
  });

  it('treats a double click on Pay as one payment', async () => {
    const who = await customer();
    const orderId = await sandboxPurchase(who, 'topup_monthly', 'paid', 'USD');
    await post(who, '/payments/sandbox/complete', { orderId, outcome: 'paid' });
    await Promise.all([
      post(who, '/payments/sandbox/complete', { orderId, outcome: 'paid' }),
      post(who, '/payments/sandbox/complete', { orderId, outcome: 'failed' }),
    ]);
    expect(await balance(who)).toBe(45);
    expect((await post(who, '/order/status', { orderId })).json()).toMatchObject({
      status: 'completed',
    });
  });

  it("answers 404 for another user's order everywhere", async () => {
    const owner = await customer();
    const intruder = await customer();
    const link = await post(owner, '/generate-payment-link', { service_type: 'pro_monthly' });
    const { orderId } = link.json<{ orderId: string }>();
    expect((await post(intruder, '/order/status', { orderId })).statusCode).toBe(404);
    expect((await get(intruder, `/payments/sandbox/orders/${orderId}`)).statusCode).toBe(404);
    const steal = await post(intruder, '/payments/sandbox/complete', { orderId, outcome: 'paid' });
    expect(steal.statusCode).toBe(404);
    expect((await post(intruder, '/order/status', { orderId: 'not-a-uuid' })).statusCode).toBe(404);
    expect(await balance(intruder)).toBe(5);
  });

  it('refuses to act on or read another user by id', async () => {
    const who = await customer();
    const other = await customer();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/subscription/status',
      headers: { cookie: who.cookie, origin: TEST_ORIGIN },
      payload: { userId: other.id },
    });
    expect(res.statusCode).toBe(403);
    const history = await get(who, `/credit-transactions/order-history/${other.id}`);
    expect(history.statusCode).toBe(403);
  });
});

describe('subscriptions over time (fake clock)', () => {
  it('extends the same plan and grants a cycle every 30 days, expiring the last one', async () => {
    const who = await customer();
    await sandboxPurchase(who, 'pro_monthly');
    await sandboxPurchase(who, 'pro_monthly');
    const now = Date.now();
    const first = await status(who);
    expect(Date.parse(String(first.endingTimestamp)) - now).toBeGreaterThan(59 * DAY);
    // One plan of two cycles: the first now, the second at day 30.
    expect(await balance(who)).toBe(45);

    const day31 = new Date(now + 31 * DAY);
    await billing.runCreditCycles({ db: t.database.db }, day31);
    // Cycle 1's 40 expired at day 30, cycle 2's 40 arrived; the welcome credits never expire.
    expect(await balance(who)).toBe(45);
    await billing.runCreditCycles({ db: t.database.db }, day31); // a second run changes nothing
    expect(await balance(who)).toBe(45);

    const day61 = new Date(now + 61 * DAY);
    await billing.runCreditCycles({ db: t.database.db }, day61);
    expect(await balance(who)).toBe(5);
    expect(await billing.subscriptionStatus({ db: t.database.db }, who.id, day61)).toMatchObject({
      type: 'free',
      previous_type: 'pro_monthly',
      previous_subscriptionCode: 102,
    });
    const usage = (await get(who, `/credit-transactions/generation-history/${who.id}`)).json<{
      generation_history: { status: string; credits_used: number }[];
      usage_by_type: object;
    }>();
    expect(usage.generation_history.filter((g) => g.status === 'expired')).toEqual([
      expect.objectContaining({ credits_used: 40 }),
      expect.objectContaining({ credits_used: 40 }),
    ]);
    expect(usage.usage_by_type).toEqual({});
    expect(await credits.findBalanceMismatches(t.database.db)).toEqual([]);
  });

  it('spreads a yearly plan over twelve cycles of 20 and ends it after 365 days', async () => {
    const who = await customer();
    await sandboxPurchase(who, 'plus_yearly');
    const start = Date.now();
    expect(await balance(who)).toBe(5 + 20);
    for (let cycle = 1; cycle < 12; cycle++) {
      await billing.runCreditCycles(
        { db: t.database.db },
        new Date(start + (cycle * 30 + 1) * DAY),
      );
      expect(await balance(who)).toBe(5 + 20);
    }
    await billing.runCreditCycles({ db: t.database.db }, new Date(start + 364 * DAY));
    expect(await balance(who)).toBe(25);
    await billing.runCreditCycles({ db: t.database.db }, new Date(start + 366 * DAY));
    expect(await balance(who)).toBe(5);
    const entries = await credits.listEntries(t.database.db, who.id);
    expect(
      entries.filter((e) => e.kind === 'grant' && e.referenceType === 'subscription'),
    ).toHaveLength(12);
  });

  it('replaces a different plan now and keeps it as the previous one', async () => {
    const who = await customer();
    await sandboxPurchase(who, 'plus_monthly');
    await sandboxPurchase(who, 'pro_4months');
    expect(await status(who)).toMatchObject({
      type: 'pro_4months',
      subscriptionCode: 402,
      previous_type: 'plus_monthly',
      previous_subscriptionCode: 103,
    });
    // Plus's 20 stay until their cycle ends; Pro's first 40 arrive now.
    expect(await balance(who)).toBe(5 + 20 + 40);
  });

  it('cancels and refunds a plan from the operator side, removing unspent plan credits', async () => {
    const who = await customer();
    const orderId = await sandboxPurchase(who, 'pro_monthly');
    await credits.reserve(t.database.db, {
      userId: who.id,
      reservationId: randomUUID(),
      amount: 10,
    });
    await billing.cancelSubscription({ db: t.database.db }, who.id, {
      refund: true,
      reason: 'Customer asked by email',
    });
    // 10 were spent from the plan's 40 (soonest-expiring first): 30 removed, welcome 5 kept.
    expect(await balance(who)).toBe(5);
    expect((await post(who, '/order/status', { orderId })).json()).toMatchObject({
      status: 'refunded',
    });
    expect(await status(who)).toMatchObject({ type: 'free', previous_type: 'pro_monthly' });
  });
});

describe('credit history', () => {
  it('lists orders and welcome credits, and usage with failed generations refunded', async () => {
    const who = await customer();
    await sandboxPurchase(who, 'topup_monthly', 'paid', 'USD');
    await sandboxPurchase(who, 'plus_monthly', 'failed');
    const db = t.database.db;
    const ok = randomUUID();
    const bad = randomUUID();
    for (const [id, type] of [
      [ok, 'upscaler'],
      [bad, 'video-generation'],
    ] as const) {
      await generations.createGeneration(db, {
        id,
        userId: who.id,
        type,
        credits: 4,
        prompt: `${type} prompt`,
        inputImageUrls: ['/media/in.jpg'],
      });
      await credits.reserve(db, { userId: who.id, reservationId: id, amount: 4 });
    }
    await generations.finishGeneration(db, ok, {
      status: 'succeeded',
      imageUrls: ['/media/a.jpg'],
    });
    await credits.capture(db, ok);
    await generations.finishGeneration(db, bad, { status: 'failed', error: 'provider error' });
    await credits.release(db, bad);

    const orders = (await get(who, `/credit-transactions/order-history/${who.id}`)).json<{
      current_balance: number;
      total_credits_purchased: number;
      total_orders: number;
      order_history: Record<string, unknown>[];
    }>();
    // Purchases are purchases: the 5 welcome credits are listed but not counted as bought.
    expect(orders).toMatchObject({
      current_balance: 41,
      total_credits_purchased: 40,
      total_orders: 1,
    });
    expect(orders.order_history).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          plan_display_name: 'Credit Topup (40 credits)',
          credits_received: 40,
          amount: 10,
          currency: 'USD',
          status: 'completed',
          source: 'order',
        }),
        expect.objectContaining({
          plan_display_name: 'Plus Monthly',
          credits_received: 0,
          amount: 400,
          currency: 'INR',
          status: 'failed',
        }),
        expect.objectContaining({ plan_display_name: 'Welcome credits', credits_received: 5 }),
      ]),
    );

    const usage = (await get(who, `/credit-transactions/generation-history/${who.id}`)).json<{
      usage_by_type: Record<string, unknown>;
      generation_history: Record<string, unknown>[];
    }>();
    expect(usage.usage_by_type).toEqual({
      upscaler: { display_name: 'Image Upscaler', credits_used: 4, count: 1 },
    });
    expect(usage.generation_history).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: ok, status: 'succeeded', credits_used: 4 }),
        expect.objectContaining({
          id: bad,
          status: 'refunded',
          generation_type: 'video-generation',
        }),
      ]),
    );
    const failed = usage.generation_history.find((item) => item.id === bad);
    expect(failed?.details).toMatchObject({ numberOfVideos: 0, inputImageUrls: ['/media/in.jpg'] });
  });

  it('keeps the ledger and orders when the account is deleted', async () => {
    const who = await customer();
    await sandboxPurchase(who, 'topup_monthly', 'paid', 'USD');
    const res = await post(who, '/user/delete-account');
    expect(res.statusCode, res.body).toBe(200);
    expect((await credits.listEntries(t.database.db, who.id)).length).toBeGreaterThan(0);
    const { rows } = await t.database.pool.query(
      'select count(*)::int as n from orders where user_id = $1',
      [who.id],
    );
    expect(rows[0]).toEqual({ n: 1 });
    expect(await credits.findBalanceMismatches(t.database.db)).toEqual([]);
  });
});

describe('late and overlapping plan payments', () => {
  it('keeps every cycle of a plan an out-of-order checkout replaced without a credit', async () => {
    const who = await customer();
    // A Pro checkout opened while nothing ran carries no credit; Plus is bought and paid first.
    const link = await post(who, '/generate-payment-link-inr', { service_type: 'pro_4months' });
    const proOrder = link.json<{ orderId: string }>().orderId;
    await sandboxPurchase(who, 'plus_4months');
    const done = await post(who, '/payments/sandbox/complete', {
      orderId: proOrder,
      outcome: 'paid',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(await status(who)).toMatchObject({ type: 'pro_4months', previous_type: 'plus_4months' });
    const start = Date.now();
    for (let cycle = 1; cycle < 4; cycle++) {
      await billing.runCreditCycles(
        { db: t.database.db },
        new Date(start + (cycle * 30 + 1) * DAY),
      );
    }
    const plusCycles = (await credits.listEntries(t.database.db, who.id)).filter(
      (e) => e.kind === 'grant' && e.reason?.startsWith('Plus 4 Months'),
    );
    expect(plusCycles.map((e) => e.amount)).toEqual([20, 20, 20, 20]);
  });

  it('does not let credits held by a running generation come back after a refund', async () => {
    const who = await customer();
    await sandboxPurchase(who, 'pro_monthly');
    const work = randomUUID();
    await credits.reserve(t.database.db, { userId: who.id, reservationId: work, amount: 30 });
    await billing.cancelSubscription({ db: t.database.db }, who.id, {
      refund: true,
      reason: 'Refunded by support',
    });
    expect(await balance(who)).toBe(5);
    await credits.release(t.database.db, work);
    // Soonest-expiring first: all 30 came from the plan's lot, which the refund ended.
    expect(await balance(who)).toBe(5);
    expect(await credits.findBalanceMismatches(t.database.db)).toEqual([]);
  });
});

describe('plan changes (ADR 023)', () => {
  const plusLeft = (who: Customer) =>
    credits
      .listEntries(t.database.db, who.id)
      .then(
        (entries) =>
          entries.filter((e) => e.kind === 'grant' && e.reason?.startsWith('Plus')).length,
      );

  it('schedules Pro → Plus for the end of Pro and starts it there with the cycle job', async () => {
    const who = await customer();
    await sandboxPurchase(who, 'pro_monthly');
    const pro = await status(who);
    const link = await post(who, '/generate-payment-link-inr', { service_type: 'plus_monthly' });
    const orderId = link.json<{ orderId: string }>().orderId;
    const checkout = (await get(who, `/payments/sandbox/orders/${orderId}`)).json<
      Record<string, unknown>
    >();
    const day = new Date(String(pro.endingTimestamp)).toLocaleDateString('en-US', {
      month: 'long',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
    // Said before paying: full price, nothing replaced now.
    expect(checkout).toMatchObject({
      amount: 400,
      plan_change: `Your current plan stays until it ends; Plus Monthly starts on ${day}.`,
    });
    await post(who, '/payments/sandbox/complete', { orderId, outcome: 'paid' });
    expect((await post(who, '/order/status', { orderId })).json()).toMatchObject({
      message: `Payment successful! Your Plus Monthly plan starts on ${day}.`,
    });
    // Pro (and video) stay until Pro's end; Plus is shown as scheduled and grants nothing yet.
    expect(await status(who)).toMatchObject({
      type: 'pro_monthly',
      scheduled_type: 'plus_monthly',
      scheduled_start: pro.endingTimestamp,
    });
    expect(await balance(who)).toBe(5 + 40);
    expect(await plusLeft(who)).toBe(0);

    const after = new Date(Date.parse(String(pro.endingTimestamp)) + 60_000);
    await billing.runCreditCycles({ db: t.database.db }, after);
    expect(await billing.subscriptionStatus({ db: t.database.db }, who.id, after)).toMatchObject({
      type: 'plus_monthly',
      previous_type: 'pro_monthly',
      scheduled_type: null,
    });
    expect(await plusLeft(who)).toBe(1);
    const { rows } = await t.database.pool.query<{ type: string; status: string }>(
      'select type, status from subscriptions where user_id = $1 order by started_at',
      [who.id],
    );
    expect(rows).toEqual([
      { type: 'pro_monthly', status: 'expired' },
      { type: 'plus_monthly', status: 'active' },
    ]);
  });

  it('also schedules a shorter period of the same plan, and moves it when the plan is extended', async () => {
    const who = await customer();
    await sandboxPurchase(who, 'plus_4months');
    await sandboxPurchase(who, 'plus_monthly');
    const first = await status(who);
    expect(first).toMatchObject({ type: 'plus_4months', scheduled_type: 'plus_monthly' });
    expect(first.scheduled_start).toBe(first.endingTimestamp);
    // Buying the running plan again still extends it; the waiting plan moves to its new end.
    await sandboxPurchase(who, 'plus_4months');
    const second = await status(who);
    expect(
      Date.parse(String(second.endingTimestamp)) - Date.parse(String(first.endingTimestamp)),
    ).toBe(120 * DAY);
    expect(second.scheduled_start).toBe(second.endingTimestamp);
  });

  it('starts an upgrade now and takes the unused cycles of the old plan off its price', async () => {
    const who = await customer();
    await sandboxPurchase(who, 'plus_4months');
    const start = Date.now();
    // Move into the second 30-day cycle: two of Plus's four cycles granted, two left.
    await billing.runCreditCycles({ db: t.database.db }, new Date(start + 31 * DAY));
    expect(await plusLeft(who)).toBe(2);
    expect(await status(who)).toMatchObject({ upgrade_credit: { INR: 680, USD: 8.5 } });

    const link = await post(who, '/generate-payment-link-inr', { service_type: 'pro_4months' });
    const orderId = link.json<{ orderId: string }>().orderId;
    expect((await get(who, `/payments/sandbox/orders/${orderId}`)).json()).toMatchObject({
      amount: 2720 - 680,
      plan_change:
        'Upgrade now: Pro 4 Months starts at once, and ₹680.00 for the unused time of your current plan is taken off the price.',
    });
    await post(who, '/payments/sandbox/complete', { orderId, outcome: 'paid' });
    expect(await status(who)).toMatchObject({ type: 'pro_4months', previous_type: 'plus_4months' });
    // The credited cycles are not granted any more; Pro's come on its own dates.
    for (let cycle = 2; cycle < 6; cycle++) {
      await billing.runCreditCycles(
        { db: t.database.db },
        new Date(start + (cycle * 30 + 1) * DAY),
      );
    }
    expect(await plusLeft(who)).toBe(2);
    const proCycles = (await credits.listEntries(t.database.db, who.id)).filter(
      (e) => e.kind === 'grant' && e.reason?.startsWith('Pro 4 Months'),
    );
    expect(proCycles.length).toBe(4);
  });

  it('says a first plan starts at once and a repeat extends, with no credit', async () => {
    const who = await customer();
    const first = await post(who, '/generate-payment-link', { service_type: 'pro_monthly' });
    const firstId = first.json<{ orderId: string }>().orderId;
    expect((await get(who, `/payments/sandbox/orders/${firstId}`)).json()).toMatchObject({
      amount: 10,
      plan_change: 'Pro Monthly starts as soon as the payment is confirmed.',
    });
    await post(who, '/payments/sandbox/complete', { orderId: firstId, outcome: 'paid' });
    const again = await post(who, '/generate-payment-link', { service_type: 'pro_monthly' });
    const againId = again.json<{ orderId: string }>().orderId;
    expect((await get(who, `/payments/sandbox/orders/${againId}`)).json()).toMatchObject({
      amount: 10,
      plan_change: 'This adds another period to your Pro Monthly plan.',
    });
  });

  const openCheckout = async (who: Customer, serviceType: string) => {
    const link = await post(who, '/generate-payment-link-inr', { service_type: serviceType });
    expect(link.statusCode, link.body).toBe(200);
    const orderId = link.json<{ orderId: string }>().orderId;
    const order = (await get(who, `/payments/sandbox/orders/${orderId}`)).json<{
      amount: number;
    }>();
    return { orderId, amount: order.amount };
  };
  const planRows = async (who: Customer) =>
    (
      await t.database.pool.query<{ type: string; status: string; cycles_total: number }>(
        'select type, status, cycles_total from subscriptions where user_id = $1 order by created_at',
        [who.id],
      )
    ).rows;

  it('credits the unused cycles once when two upgrade checkouts are open at the same time', async () => {
    const who = await customer();
    await sandboxPurchase(who, 'plus_yearly');
    // 11 of Plus's 12 cycles are unused: ₹3,520 off the first Pro checkout, nothing off the second.
    const first = await openCheckout(who, 'pro_yearly');
    const second = await openCheckout(who, 'pro_yearly');
    expect([first.amount, second.amount]).toEqual([7680 - 3520, 7680]);
    for (const { orderId } of [first, second]) {
      await post(who, '/payments/sandbox/complete', { orderId, outcome: 'paid' });
    }
    const pro = await status(who);
    // The second, paid in full, extends Pro by a whole year.
    expect(
      Date.parse(String(pro.endingTimestamp)) - Date.parse(String(pro.transactionTimestamp)),
    ).toBeGreaterThan(2 * 365 * DAY - 60_000);
    expect(await planRows(who)).toEqual([
      { type: 'plus_yearly', status: 'replaced', cycles_total: 1 },
      { type: 'pro_yearly', status: 'active', cycles_total: 24 },
    ]);
  });

  it('credits only the whole cycles the upgrade price can take; the rest keep coming', async () => {
    const who = await customer();
    for (let i = 0; i < 5; i++) await sandboxPurchase(who, 'plus_monthly');
    // Four unused Plus cycles are worth ₹1,600, more than Pro monthly's ₹800: one is credited.
    const upgrade = await openCheckout(who, 'pro_monthly');
    expect(upgrade.amount).toBe(800 - 400);
    expect(await status(who)).toMatchObject({ upgrade_credit: { INR: 1600 }, upgrade_cycles: 4 });
    await post(who, '/payments/sandbox/complete', { orderId: upgrade.orderId, outcome: 'paid' });
    expect(await planRows(who)).toEqual([
      { type: 'plus_monthly', status: 'replaced', cycles_total: 4 },
      { type: 'pro_monthly', status: 'active', cycles_total: 1 },
    ]);
  });

  it('shortens the upgrade when a credited cycle came due before the payment arrived', async () => {
    const who = await customer();
    await sandboxPurchase(who, 'plus_4months');
    const start = Date.now();
    await billing.runCreditCycles({ db: t.database.db }, new Date(start + 31 * DAY));
    const upgrade = await openCheckout(who, 'pro_4months');
    expect(upgrade.amount).toBe(2720 - 680);
    // A slow payment (a bank debit) lands after Plus's third cycle came due: one credited cycle
    // is the user's already, so the ₹340 it stood for is taken from Pro (3 of its 4 cycles).
    const late = new Date(start + 61 * DAY);
    await billing.handlePaymentEvent(
      { db: t.database.db },
      {
        provider: 'sandbox',
        eventId: `late:${upgrade.orderId}`,
        type: 'x',
        orderId: upgrade.orderId,
        outcome: 'paid',
      },
      late,
    );
    expect(await planRows(who)).toEqual([
      { type: 'plus_4months', status: 'replaced', cycles_total: 3 },
      { type: 'pro_4months', status: 'active', cycles_total: 3 },
    ]);
  });

  it('starts a queued plan at once, with its credits, when an operator ends the running one', async () => {
    const who = await customer();
    await sandboxPurchase(who, 'pro_monthly');
    await sandboxPurchase(who, 'plus_monthly');
    await billing.cancelSubscription({ db: t.database.db }, who.id, {
      refund: true,
      reason: 'Refunded by support',
    });
    expect(await status(who)).toMatchObject({ type: 'plus_monthly', scheduled_type: null });
    expect(await balance(who)).toBe(5 + 20);
  });
});
