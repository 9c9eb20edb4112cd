import { randomBytes } from 'node:crypto';
import type { AnalyticsResponse } from '@studio/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { giveCredits, userIdOf } from '../../../test/generation-helpers';
import { createTestApp, signUp, TEST_ORIGIN, type TestApp } from '../../../test/harness';
import { sql } from 'drizzle-orm';
import { capture, release, reserve } from '../credits/credits.service';
import { createGeneration } from '../generations/generations.service';
import { analytics } from './analytics.service';

let t: TestApp;
let cookie: string;
let userId: string;
let otherId: string;

// Wednesday 11 March 2026, noon UTC (21:00 in Tokyo, which has no daylight saving).
const NOW = new Date('2026-03-11T12:00:00Z');

async function generation(
  owner: string,
  at: string,
  type: string,
  status: 'succeeded' | 'failed' | 'queued',
  options: { images?: number; credits?: number; refunded?: boolean } = {},
) {
  const credits = options.credits ?? 1;
  const id = `gen_${randomBytes(6).toString('hex')}`;
  const createdAt = new Date(at);
  const images = status === 'succeeded' ? (options.images ?? 1) : 0;
  await createGeneration(t.database.db, {
    id,
    userId: owner,
    type,
    status,
    credits,
    imageUrls: Array.from({ length: images }, (_, i) => `/api/v1/media/${id}_${String(i)}`),
    createdAt,
  });
  // As the generate call and the worker leave it: reserved, then captured or released.
  await reserve(t.database.db, {
    userId: owner,
    reservationId: id,
    amount: credits,
    now: createdAt,
  });
  if (status === 'succeeded') await capture(t.database.db, id, createdAt);
  if (options.refunded) await release(t.database.db, id, createdAt);
}

beforeAll(async () => {
  t = await createTestApp();
  ({ cookie } = await signUp(t.app));
  userId = await userIdOf(t.app, cookie);
  const other = await signUp(t.app);
  otherId = await userIdOf(t.app, other.cookie);
  await giveCredits(t.database.db, userId, 100);
  await giveCredits(t.database.db, otherId, 100);

  // Tue 10 Mar 16:00 UTC is already Wed 11 Mar 01:00 in Tokyo.
  await generation(userId, '2026-03-10T16:00:00Z', 'photoshoot', 'succeeded', {
    images: 2,
    credits: 2,
  });
  await generation(userId, '2026-03-09T10:00:00Z', 'photoshoot', 'succeeded', { credits: 1 });
  await generation(userId, '2026-03-11T09:00:00Z', 'photoshoot', 'failed', {
    credits: 1,
    refunded: true,
  });
  await generation(userId, '2026-03-11T10:00:00Z', 'photoshoot', 'queued');
  await generation(userId, '2026-03-11T08:00:00Z', 'try-on', 'succeeded', { credits: 1 });
  await generation(userId, '2026-03-05T12:00:00Z', 'realistic-try-on', 'succeeded');
  await generation(userId, '2026-03-04T12:00:00Z', 'fashion-extractor', 'succeeded');
  await generation(userId, '2026-03-03T12:00:00Z', 'upscaler', 'succeeded');
  await generation(userId, '2026-01-20T12:00:00Z', 'photoshoot', 'succeeded', { images: 4 });
  // Before every window.
  await generation(userId, '2025-12-01T12:00:00Z', 'photoshoot', 'succeeded', { images: 9 });
  // Someone else's work on the same days never shows.
  await generation(otherId, '2026-03-11T10:00:00Z', 'photoshoot', 'succeeded', {
    images: 5,
    credits: 5,
  });
  await generation(otherId, '2026-03-04T10:00:00Z', 'fashion-extractor', 'succeeded');
});

const at = (range: '7d' | '30d' | '90d', timeZone: string) =>
  analytics(t.database.db, { userId, range, timeZone, now: NOW });

const column = (result: Omit<AnalyticsResponse, 'success'>, key: 'productImages' | 'label') =>
  result.periods.map((period) => period[key]);

describe('analytics over the last 7 days', () => {
  it('labels the days by weekday ending today and counts succeeded product images per day', async () => {
    const result = await at('7d', 'UTC');
    expect(column(result, 'label')).toEqual(['Thu', 'Fri', 'Sat', 'Sun', 'Mon', 'Tue', 'Wed']);
    expect(column(result, 'productImages')).toEqual([0, 0, 0, 0, 1, 2, 0]);
    expect(result.periods[0]).toMatchObject({ start: '2026-03-05', end: '2026-03-05' });
    expect(result.totals).toEqual({ productImages: 3, tryOnSessions: 2, fashionExtractions: 0 });
    expect(result.averages).toEqual({ productImages: 0, tryOnSessions: 0, fashionExtractions: 0 });
    expect(result.peak).toBe('Tue');
  });

  it('places work on the day it was in the user’s time zone', async () => {
    const result = await at('7d', 'Asia/Tokyo');
    expect(column(result, 'label')).toEqual(['Thu', 'Fri', 'Sat', 'Sun', 'Mon', 'Tue', 'Wed']);
    expect(column(result, 'productImages')).toEqual([0, 0, 0, 0, 1, 0, 2]);
    expect(result.peak).toBe('Wed');
  });

  it('counts only succeeded work in the success rate, and credits not refunded per tool', async () => {
    const result = await at('7d', 'UTC');
    // Two photoshoots, a try-on and a realistic try-on succeeded; the failed one counts as finished.
    expect(result.outcomes).toEqual({ succeeded: 4, finished: 5 });
    // Photoshoots: 2 + 1 captured, 1 still held by the queued one, the failed one refunded.
    expect(result.tools).toEqual([
      { type: 'photoshoot', label: 'Product AI Photoshoot', credits: 4, succeeded: 2 },
      {
        type: 'realistic-try-on',
        label: 'Advance Clothes AI Photoshoot',
        credits: 1,
        succeeded: 1,
      },
      { type: 'try-on', label: 'Clothes AI Photoshoot', credits: 1, succeeded: 1 },
    ]);
  });

  it('reports per tool exactly what the credit ledger kept for the range’s work', async () => {
    const result = await at('90d', 'UTC');
    const ledger = await t.database.db.execute<{ type: string; credits: number }>(sql`
      select g.type, (-sum(e.amount))::int as credits
      from credit_entries e join generations g on g.id = e.reference_id
      where e.user_id = ${userId} and e.reference_type = 'generation'
        and g.created_at >= '2025-12-12T00:00:00Z'
      group by g.type`);
    const fromLedger = Object.fromEntries(ledger.rows.map((row) => [row.type, row.credits]));
    const reported = Object.fromEntries(result.tools.map((tool) => [tool.type, tool.credits]));
    expect(reported).toEqual(fromLedger);
  });
});

describe('analytics over 30 and 90 days', () => {
  it('splits 30 days into Week 1–4 ending today', async () => {
    const result = await at('30d', 'UTC');
    expect(column(result, 'label')).toEqual(['Week 1', 'Week 2', 'Week 3', 'Week 4']);
    expect(result.periods.map((p) => [p.start, p.end])).toEqual([
      ['2026-02-10', '2026-02-18'],
      ['2026-02-19', '2026-02-25'],
      ['2026-02-26', '2026-03-04'],
      ['2026-03-05', '2026-03-11'],
    ]);
    expect(result.periods.map((p) => p.fashionExtractions)).toEqual([0, 0, 1, 0]);
    expect(result.totals).toEqual({ productImages: 3, tryOnSessions: 2, fashionExtractions: 1 });
    // 3/4 → 1, 2/4 → 1 (half rounds up), 1/4 → 0.
    expect(result.averages).toEqual({ productImages: 1, tryOnSessions: 1, fashionExtractions: 0 });
    expect(result.peak).toBe('Week 4');
  });

  it('splits 90 days into Month 1–3 and names the month with most product images', async () => {
    const result = await at('90d', 'UTC');
    expect(column(result, 'label')).toEqual(['Month 1', 'Month 2', 'Month 3']);
    expect(result.periods[0]).toMatchObject({ start: '2025-12-12', end: '2026-01-10' });
    expect(column(result, 'productImages')).toEqual([0, 4, 3]);
    expect(result.totals.productImages).toBe(7);
    expect(result.averages.productImages).toBe(2);
    expect(result.peak).toBe('Month 2');
  });
});

describe('GET /api/v1/analytics', () => {
  const get = (query: string, headers: Record<string, string> = { cookie }) =>
    t.app.inject({ method: 'GET', url: `/api/v1/analytics${query}`, headers });

  it('answers a fresh account with zeros and no peak, labelled by today in its zone', async () => {
    const fresh = await signUp(t.app);
    const res = await get('?range=7d&tz=Pacific%2FKiritimati', { cookie: fresh.cookie });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<AnalyticsResponse>();
    const today = new Intl.DateTimeFormat('en-US', {
      weekday: 'short',
      timeZone: 'Pacific/Kiritimati',
    }).format(new Date());
    expect(body.periods).toHaveLength(7);
    expect(body.periods.at(-1)?.label).toBe(today);
    expect(body.totals).toEqual({ productImages: 0, tryOnSessions: 0, fashionExtractions: 0 });
    expect(body.peak).toBeNull();
    expect(body.tools).toEqual([]);
    expect(body.outcomes).toEqual({ succeeded: 0, finished: 0 });
  });

  it('defaults to 7 days in UTC', async () => {
    const res = await get('');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AnalyticsResponse>()).toMatchObject({ range: '7d', timeZone: 'UTC' });
  });

  it.each([
    ['an unknown range', '?range=1y'],
    ['an unknown zone', '?tz=Mars%2FOlympus'],
    ['an empty zone', '?tz='],
    ['an overlong zone', `?tz=${'A'.repeat(65)}`],
    ['SQL in the zone', "?tz=UTC'%3B%20drop%20table%20generations--"],
  ])('refuses %s with 400', async (_, query) => {
    const res = await get(query);
    expect(res.statusCode, res.body).toBe(400);
  });

  it('accepts a zone by its alias as well as its canonical name', async () => {
    for (const zone of ['Asia/Kolkata', 'Asia/Calcutta', 'America/New_York']) {
      const res = await get(`?range=30d&tz=${encodeURIComponent(zone)}`);
      expect(res.statusCode, `${zone}: ${res.body}`).toBe(200);
      expect(res.json<AnalyticsResponse>().timeZone).toBe(zone);
    }
  });

  it('needs a session', async () => {
    const res = await get('', { origin: TEST_ORIGIN });
    expect(res.statusCode).toBe(401);
  });
});
