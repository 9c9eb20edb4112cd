import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, TEST_ORIGIN, type TestApp } from '../../../test/harness';

// ADR 050: the preview a user reads before the checkout opens is what the payment then does. Each
// case previews a plan change, pays for it in the sandbox (the webhooks' fulfilment path) and
// compares the order's amount and the plans that result with what the preview said.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '100' } });
});

interface Customer {
  cookie: string;
  id: string;
}

interface Preview {
  kind: string;
  amount: number;
  price: number;
  credit: number;
  starts_at: string;
  ends_at: string;
  current: {
    outcome: string;
    ends_at: string;
    credits_left: number;
    cycles_credited: number;
  } | null;
  summary: string[];
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

async function preview(who: Customer, serviceType: string, currency: 'USD' | 'INR' = 'INR') {
  const res = await post(who, '/subscription/change-preview', {
    service_type: serviceType,
    currency,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Preview>();
}

/** Opens the checkout, reads what it charges, pays it; returns the charged amount. */
async function pay(who: Customer, serviceType: string, currency: 'USD' | 'INR' = 'INR') {
  const url = currency === 'USD' ? '/generate-payment-link' : '/generate-payment-link-inr';
  const link = await post(who, url, { service_type: serviceType, amount: 0, quantity: 1 });
  expect(link.statusCode, link.body).toBe(200);
  const { orderId } = link.json<{ orderId: string }>();
  const order = await t.app.inject({
    method: 'GET',
    url: `/api/v1/payments/sandbox/orders/${orderId}`,
    headers: { cookie: who.cookie },
  });
  const done = await post(who, '/payments/sandbox/complete', { orderId, outcome: 'paid' });
  expect(done.json()).toMatchObject({ status: 'completed' });
  return order.json<{ amount: number }>().amount;
}

async function status(who: Customer) {
  return (await post(who, '/subscription/status')).json<{
    type: string;
    endingTimestamp: string | null;
    previous_type: string | null;
    scheduled_type: string | null;
    scheduled_start: string | null;
  }>();
}

/** A new customer who has paid for `first`, and what buying `next` would then do. */
async function previewAfter(first: string, next: string) {
  const who = await customer();
  await pay(who, first);
  return { who, said: await preview(who, next) };
}

const ms = (iso: string | null) => new Date(iso ?? 0).getTime();

describe('plan-change preview (ADR 050)', () => {
  it('Plus → Pro monthly: says Plus ends now, its credits stay, and the full price is charged', async () => {
    const { who, said } = await previewAfter('plus_monthly', 'pro_monthly');
    expect(said).toMatchObject({
      kind: 'upgrade',
      price: 800,
      credit: 0,
      amount: 800,
      current: { outcome: 'replaced', credits_left: 20, cycles_credited: 0 },
    });
    expect(said.summary.join(' ')).toContain(
      'Your Plus Monthly plan ends today and Pro Monthly starts at once',
    );
    expect(said.summary.join(' ')).toContain('The 20 credits your Plus Monthly plan gave you');

    const charged = await pay(who, 'pro_monthly');
    const after = await status(who);
    expect(charged).toBe(said.amount);
    expect(after).toMatchObject({ type: 'pro_monthly', previous_type: 'plus_monthly' });
    // Judged a few milliseconds apart: the same 30 days from "now".
    expect(Math.abs(ms(after.endingTimestamp) - ms(said.ends_at))).toBeLessThan(60_000);
  });

  it('Plus → Pro yearly: the credit for unused months is the one the checkout takes off', async () => {
    const { who, said } = await previewAfter('plus_yearly', 'pro_yearly');
    // 11 of Plus yearly's 12 monthly grants are not due yet: 11 × ₹320 off ₹7,680.
    expect(said).toMatchObject({
      kind: 'upgrade',
      price: 7680,
      credit: 3520,
      amount: 4160,
      current: { outcome: 'replaced', cycles_credited: 11 },
    });

    const charged = await pay(who, 'pro_yearly');
    expect(charged).toBe(said.amount);
    const after = await status(who);
    expect(after.type).toBe('pro_yearly');
    expect(Math.abs(ms(after.endingTimestamp) - ms(said.ends_at))).toBeLessThan(60_000);
  });

  it('Pro → Plus: says Plus waits for Pro to end, and it starts exactly then', async () => {
    const who = await customer();
    await pay(who, 'pro_monthly', 'USD');
    const before = await status(who);

    const said = await preview(who, 'plus_monthly', 'USD');
    expect(said).toMatchObject({
      kind: 'scheduled',
      amount: 5,
      current: { outcome: 'continues', ends_at: before.endingTimestamp },
    });
    expect(said.starts_at).toBe(before.endingTimestamp);

    expect(await pay(who, 'plus_monthly', 'USD')).toBe(said.amount);
    const after = await status(who);
    expect(after).toMatchObject({ type: 'pro_monthly', scheduled_type: 'plus_monthly' });
    expect(ms(after.scheduled_start)).toBe(ms(said.starts_at));
  });

  it('the same plan again: says the new end, and the plan then ends exactly there', async () => {
    const { who, said } = await previewAfter('pro_monthly', 'pro_monthly');
    expect(said).toMatchObject({ kind: 'extend', amount: 800, current: { outcome: 'extended' } });

    await pay(who, 'pro_monthly');
    expect(ms((await status(who)).endingTimestamp)).toBe(ms(said.ends_at));
  });

  it('a first plan: nothing runs, the price is the catalogue price', async () => {
    const who = await customer();
    const said = await preview(who, 'plus_4months', 'USD');
    expect(said).toMatchObject({ kind: 'new', amount: 17, credit: 0, current: null });
    expect(said.summary.at(-1)).toBe(
      'Plans are prepaid and do not renew on their own: nothing more is charged when it ends.',
    );
    expect(await pay(who, 'plus_4months', 'USD')).toBe(said.amount);
  });

  it('refuses a top-up, an unknown plan and a signed-out caller', async () => {
    const who = await customer();
    const topup = await post(who, '/subscription/change-preview', {
      service_type: 'topup_monthly',
      currency: 'INR',
    });
    expect(topup.statusCode).toBe(400);
    const unknown = await post(who, '/subscription/change-preview', {
      service_type: 'gold_monthly',
      currency: 'INR',
    });
    expect(unknown.statusCode).toBe(400);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/subscription/change-preview',
      headers: { origin: TEST_ORIGIN },
      payload: { service_type: 'pro_monthly', currency: 'INR' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
