import { toolLabel } from '@studio/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../../test/harness';

// The generation history a page at a time (ADR 044): keyset cursors over generations and the
// ledger's expiries merged newest first, totals from an aggregate whatever the page.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '100' } });
});

interface Item {
  id: string;
  timestamp: string;
  generation_type: string;
  status: string;
  credits_used: number;
}
interface Page {
  current_balance: number;
  usage_by_type: Record<string, { display_name: string; credits_used: number; count: number }>;
  generation_history: Item[];
  next_cursor: string | null;
}

const DAY = 24 * 60 * 60 * 1000;

async function customer() {
  const { cookie } = await signUp(t.app);
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/session', headers: { cookie } });
  return { cookie, id: res.json<{ user: { id: string } }>().user.id };
}

type Customer = Awaited<ReturnType<typeof customer>>;

function history(who: Customer, query: Record<string, string> = {}) {
  const search = new URLSearchParams(query).toString();
  return t.app.inject({
    method: 'GET',
    url: `/api/v1/credit-transactions/generation-history/${who.id}${search ? `?${search}` : ''}`,
    headers: { cookie: who.cookie },
  });
}

async function page(who: Customer, query: Record<string, string> = {}): Promise<Page> {
  const res = await history(who, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Page>();
}

/**
 * 23 generations a day apart, newest first gen_a_01 (1 day old) … gen_a_23: every 5th failed,
 * alternately upscaler (2 credits) and photoshoot (3 credits, prompt 'navy dress'); and two plan
 * expiries, one at exactly the instant of gen_a_03 (the tie the order must break the same way
 * on every page) and one 10.5 days old.
 */
async function seed(who: Customer, now: number) {
  const at = (daysAgo: number) => new Date(now - daysAgo * DAY).toISOString();
  for (let i = 1; i <= 23; i++) {
    const upscale = i % 2 === 1;
    await t.database.pool.query(
      `INSERT INTO generations (id, user_id, type, status, prompt, credits, image_urls, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8)`,
      [
        `gen_${who.id.slice(0, 6)}_${String(i).padStart(2, '0')}`,
        who.id,
        upscale ? 'upscaler' : 'photoshoot',
        i % 5 === 0 ? 'failed' : 'succeeded',
        upscale ? '' : 'navy dress',
        upscale ? 2 : 3,
        JSON.stringify(i % 5 === 0 ? [] : [`/api/v1/media/out_${String(i)}`]),
        at(i),
      ],
    );
  }
  for (const [key, daysAgo] of [
    ['tie', 3],
    ['older', 10.5],
  ] as const)
    await t.database.pool.query(
      `INSERT INTO credit_entries (user_id, kind, amount, balance_after, idempotency_key,
                                   reference_type, created_at)
       VALUES ($1, 'expire', -4, 0, $2, 'lot', $3)`,
      [who.id, `expire:${who.id}:${key}`, at(daysAgo)],
    );
}

/** A generation by its number, an expiry by its kind. */
const short = (item: Item) =>
  item.generation_type === 'credit_expiry' ? 'expiry' : item.id.slice(-2);

async function walk(who: Customer, query: Record<string, string>) {
  const pages: Page[] = [];
  let cursor: string | null = null;
  do {
    const next: Page = await page(who, cursor === null ? query : { ...query, cursor });
    pages.push(next);
    cursor = next.next_cursor;
  } while (cursor !== null && pages.length < 50);
  return pages;
}

describe('generation history pages (ADR 044)', () => {
  it('answers the first page newest first with a cursor, and all-time totals from every row', async () => {
    const who = await customer();
    await seed(who, Date.now());

    const first = await page(who, { limit: '5' });

    expect(first.generation_history.map(short)).toEqual([
      '01',
      '02',
      '03',
      // The expiry at gen 03's instant comes right after it.
      'expiry',
      '04',
    ]);
    expect(first.generation_history[3]).toMatchObject({
      generation_type: 'credit_expiry',
      status: 'expired',
      credits_used: 4,
    });
    expect(first.next_cursor).toEqual(expect.any(String));
    // 23 rows: 12 upscales (odd), 11 photoshoots; 5, 10, 15, 20 failed (2 upscales, 2 photoshoots).
    expect(first.usage_by_type).toEqual({
      upscaler: { display_name: 'Image Upscaler', credits_used: 20, count: 10 },
      photoshoot: { display_name: toolLabel('photoshoot'), credits_used: 27, count: 9 },
    });
    // The welcome credits of sign-up (the expiries were inserted without touching the balance).
    expect(first.current_balance).toBe(5);
  });

  it('walks to the last page without repeating or skipping a row, the totals on every page', async () => {
    const who = await customer();
    await seed(who, Date.now());

    const pages = await walk(who, { limit: '4' });

    // 23 generations + 2 expiries = 25 rows: 6 pages of 4 and a last one of 1.
    expect(pages.map((p) => p.generation_history.length)).toEqual([4, 4, 4, 4, 4, 4, 1]);
    expect(pages.at(-1)?.next_cursor).toBeNull();
    const items = pages.flatMap((p) => p.generation_history);
    expect(new Set(items.map((item) => item.id)).size).toBe(25);
    const times = items.map((item) => item.timestamp);
    expect(times).toEqual([...times].sort().reverse());
    for (const p of pages) expect(p.usage_by_type).toEqual(pages[0]?.usage_by_type);
    expect(items.filter((item) => item.status === 'refunded')).toHaveLength(4);
  });

  it('answers the next page after the one before and an exact last page with no cursor', async () => {
    const who = await customer();
    await seed(who, Date.now());

    const first = await page(who, { limit: '20' });
    const second = await page(who, { limit: '20', cursor: first.next_cursor ?? '' });

    expect(second.generation_history.map(short)).toEqual(['19', '20', '21', '22', '23']);
    expect(second.next_cursor).toBeNull();
    const exact = await page(who, { limit: '25' });
    expect(exact.generation_history).toHaveLength(25);
    expect(exact.next_cursor).toBeNull();
  });

  it('narrows the list and the totals to a period, and the list alone to dates and a search', async () => {
    const who = await customer();
    const now = Date.now();
    await seed(who, now);

    const week = await page(who, { period: '7d', limit: '50' });
    expect(week.generation_history.map(short)).toEqual([
      '01',
      '02',
      '03',
      'expiry',
      '04',
      '05',
      '06',
    ]);
    // Days 1–6: upscales 1, 3 (5 failed), photoshoots 2, 4, 6.
    expect(week.usage_by_type).toEqual({
      upscaler: { display_name: 'Image Upscaler', credits_used: 4, count: 2 },
      photoshoot: { display_name: toolLabel('photoshoot'), credits_used: 9, count: 3 },
    });

    const navy = await page(who, { search: 'NAVY', limit: '50' });
    expect(navy.generation_history.every((item) => item.generation_type === 'photoshoot')).toBe(
      true,
    );
    expect(navy.generation_history).toHaveLength(11);
    // A search narrows the list, never the totals.
    expect(navy.usage_by_type.upscaler?.count).toBe(10);
    const byName = await page(who, { search: 'image upscal', limit: '50' });
    expect(byName.generation_history).toHaveLength(12);
    const expiries = await page(who, { search: 'expired plan', limit: '50' });
    expect(expiries.generation_history.map((item) => item.status)).toEqual(['expired', 'expired']);
    const wildcard = await page(who, { search: '%', limit: '50' });
    expect(wildcard.generation_history).toEqual([]);

    const range = await page(who, {
      from: new Date(now - 11 * DAY).toISOString(),
      to: new Date(now - 9.5 * DAY).toISOString(),
      limit: '50',
    });
    expect(range.generation_history.map(short)).toEqual(['10', 'expiry', '11']);
  });

  it('refuses a cursor it did not give with 400 and a message that says what to send', async () => {
    const who = await customer();
    for (const cursor of [
      'not-a-cursor',
      Buffer.from('["g","yesterday","gen_1"]').toString('base64url'),
      Buffer.from('["e","2026-11-24T10:00:00.000000Z","gen_1"]').toString('base64url'),
    ]) {
      const res = await history(who, { cursor });
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        error: {
          code: 'bad_request',
          message:
            'The cursor is not one this list gave: pass next_cursor from the previous page unchanged.',
        },
      });
    }
    expect((await history(who, { limit: '51' })).statusCode).toBe(400);
    expect((await history(who, { period: '1y' })).statusCode).toBe(400);
  });
});

interface OrderPage {
  current_balance: number;
  total_credits_purchased: number;
  total_orders: number;
  total_items: number;
  order_history: { id: string; plan_display_name: string; status: string; source: string }[];
  next_cursor: string | null;
}

function orderHistory(who: Customer, query: Record<string, string> = {}) {
  const search = new URLSearchParams(query).toString();
  return t.app.inject({
    method: 'GET',
    url: `/api/v1/credit-transactions/order-history/${who.id}${search ? `?${search}` : ''}`,
    headers: { cookie: who.cookie },
  });
}

async function orderPage(who: Customer, query: Record<string, string> = {}): Promise<OrderPage> {
  const res = await orderHistory(who, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<OrderPage>();
}

/** 12 orders a day apart (1 … 12 days old): every 3rd failed, the rest Pro Monthly paid (40). */
async function seedOrders(who: Customer, now: number) {
  await t.database.pool.query(
    `INSERT INTO orders (user_id, service_type, currency, amount_minor, credits, provider, status,
                         created_at)
     SELECT $1, CASE WHEN i % 3 = 0 THEN 'plus_monthly' ELSE 'pro_monthly' END, 'USD', 1000, 40,
            'sandbox', CASE WHEN i % 3 = 0 THEN 'failed' ELSE 'completed' END,
            to_timestamp($2 / 1000.0) - i * interval '1 day'
     FROM generate_series(1, 12) AS i`,
    [who.id, now],
  );
}

describe('order history pages (ADR 044)', () => {
  it('walks the orders and the welcome credits a page at a time, with totals on every page', async () => {
    const who = await customer();
    await seedOrders(who, Date.now());

    const first = await orderPage(who, { limit: '5' });
    // 12 orders and the welcome credits of sign-up (now, so first).
    expect(first.total_items).toBe(13);
    expect(first.order_history[0]).toMatchObject({ source: 'welcome', status: 'completed' });
    expect(first.order_history).toHaveLength(5);
    // 8 of the 12 were paid: 320 credits; the welcome credits are listed, not bought.
    expect(first).toMatchObject({ total_credits_purchased: 320, total_orders: 8 });

    const pages = [first];
    while (pages.at(-1)?.next_cursor)
      pages.push(await orderPage(who, { limit: '5', cursor: pages.at(-1)?.next_cursor ?? '' }));
    expect(pages.map((p) => p.order_history.length)).toEqual([5, 5, 3]);
    expect(new Set(pages.flatMap((p) => p.order_history.map((o) => o.id))).size).toBe(13);
    for (const p of pages) expect(p.total_orders).toBe(8);
  });

  it('narrows the totals to a period and the list to a search by plan name, id or status', async () => {
    const who = await customer();
    // A minute back, so day 7 sits a minute outside the server's window whatever its clock does
    // between here and the request (it once counted day 7 when the window began on its instant).
    await seedOrders(who, Date.now() - 60_000);

    const week = await orderPage(who, { period: '7d', limit: '50' });
    // Days 1–6: 3 and 6 failed, 4 paid; listed with the welcome credits.
    expect(week).toMatchObject({ total_credits_purchased: 160, total_orders: 4, total_items: 7 });

    const plus = await orderPage(who, { search: 'plus MONTH', limit: '50' });
    expect(plus.order_history.map((o) => o.plan_display_name)).toEqual(
      Array.from({ length: 4 }, () => 'Plus Monthly'),
    );
    expect(plus.total_items).toBe(4);
    // A search narrows the list, never the totals.
    expect(plus.total_orders).toBe(8);
    expect((await orderPage(who, { search: 'failed' })).total_items).toBe(4);
    const id = plus.order_history[0]?.id ?? '';
    expect((await orderPage(who, { search: id.slice(0, 8) })).order_history[0]?.id).toBe(id);
    expect((await orderPage(who, { search: 'welcome' })).order_history).toHaveLength(1);
  });

  it("refuses a cursor it did not give, also the generation history's, with 400", async () => {
    const who = await customer();
    await seed(who, Date.now());
    const usage = await page(who, { limit: '2' });

    for (const cursor of ['%%%', usage.next_cursor ?? '']) {
      const res = await orderHistory(who, { cursor });
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'bad_request' } });
    }
  });
});
