import { promoBannerSchema } from '@studio/contract';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { createTestApp, type TestApp } from '../../../test/harness';
import { promoBanners } from '../../db/schema';
import * as promo from './promo.service';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PROMO_LINK_HOSTS: 'shop.example.com, *.brand.example' } });
});
beforeEach(async () => {
  await t.database.db.delete(promoBanners);
});

const base = {
  title: 'Festive sale',
  discount: '50% OFF',
  subMessage: 'On every Pro plan',
  ctaText: 'Upgrade now',
  ctaLink: '/subscription',
  variant: 'urgent',
};

async function insert(values: Partial<typeof promoBanners.$inferInsert> = {}) {
  const [row] = await t.database.db
    .insert(promoBanners)
    .values({ ...base, startsAt: at(-HOUR), endDate: at(HOUR), ...values })
    .returning();
  if (!row) throw new Error('no row');
  return row;
}

// No cookie: the banner is the same for everyone.
const getBanner = () => t.app.inject({ method: 'GET', url: '/api/v1/promo-banner' });

describe('GET /api/v1/promo-banner', () => {
  it('answers 204 with no body when there is no banner', async () => {
    const res = await getBanner();
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
  });

  it('serves the live banner with the spec field names, without a session', async () => {
    const endDate = at(2 * HOUR);
    await insert({ endDate, timerDuration: 90, variant: 'gift' });
    const res = await getBanner();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    // The raw JSON, so nothing is filled in by a lenient read.
    expect(res.json()).toEqual({
      title: 'Festive sale',
      discount: '50% OFF',
      sub_message: 'On every Pro plan',
      cta_text: 'Upgrade now',
      cta_link: '/subscription',
      variant: 'gift',
      end_date: endDate.toISOString(),
      timer_duration: 90,
    });
    expect(() => z.encode(promoBannerSchema, res.json())).not.toThrow();
  });

  it('does not serve an ended, a future or a stopped banner', async () => {
    await insert({ startsAt: at(-2 * HOUR), endDate: at(-MINUTE), title: 'Ended' });
    await insert({ startsAt: at(HOUR), endDate: at(2 * HOUR), title: 'Future' });
    await insert({ active: false, title: 'Stopped' });
    expect((await getBanner()).statusCode).toBe(204);
  });

  it('serves the latest of several live banners', async () => {
    await insert({ startsAt: at(-3 * HOUR), title: 'Older' });
    await insert({ startsAt: at(-MINUTE), title: 'Newest' });
    await insert({ startsAt: at(-2 * HOUR), title: 'Middle' });
    await insert({ startsAt: at(HOUR), endDate: at(2 * HOUR), title: 'Not yet' });
    expect((await getBanner()).json()).toMatchObject({ title: 'Newest' });
  });

  it('does not serve a row edited by hand into something unsafe or unbounded', async () => {
    await insert({ ctaLink: 'javascript:alert(1)' });
    expect((await getBanner()).statusCode).toBe(204);
    await t.database.db.delete(promoBanners);
    await insert({ ctaLink: 'https://evil.example/x' });
    expect((await getBanner()).statusCode).toBe(204);
    await t.database.db.delete(promoBanners);
    await insert({ title: 'x'.repeat(200) });
    expect((await getBanner()).statusCode).toBe(204);
  });

  it('serves an https link to an allowlisted host', async () => {
    await insert({ ctaLink: 'https://deals.brand.example/diwali?utm=dash' });
    expect((await getBanner()).json()).toMatchObject({
      cta_link: 'https://deals.brand.example/diwali?utm=dash',
    });
  });
});

describe('promo banner input', () => {
  const deps = () => ({ db: t.database.db, linkHosts: ['shop.example.com'] });
  const now = new Date('2026-12-01T10:00:00Z');
  const input = {
    title: '  Festive sale ',
    ctaText: 'Upgrade now',
    ctaLink: '/subscription',
    endDate: '2026-12-02T10:00:00+05:30',
  };
  const refusal = async (raw: Record<string, unknown>) => {
    try {
      await promo.createBanner(deps(), { ...input, ...raw }, now);
    } catch (error) {
      return (error as Error).message;
    }
    return 'accepted';
  };

  it('stores a trimmed banner starting now, with defaults', async () => {
    const row = await promo.createBanner(deps(), input, now);
    expect(row).toMatchObject({
      title: 'Festive sale',
      discount: '',
      subMessage: '',
      variant: 'default',
      startsAt: now,
      endDate: new Date('2026-12-02T04:30:00Z'),
      timerDuration: null,
      active: true,
    });
  });

  it('refuses links that are not a same-site path or an allowlisted https URL', async () => {
    for (const ctaLink of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'http://shop.example.com/x',
      '//evil.example/x',
      '/\\evil.example',
      'subscription',
      'https://user:pw@shop.example.com/',
      '/a b',
    ]) {
      expect(await refusal({ ctaLink }), ctaLink).toContain('same-site path');
    }
    expect(await refusal({ ctaLink: 'https://evil.example/' })).toContain('PROMO_LINK_HOSTS');
    expect(await refusal({ ctaLink: 'https://shop.example.com/sale' })).toBe('accepted');
  });

  it('bounds every field', async () => {
    expect(await refusal({ title: ' ' })).toContain('must not be blank');
    expect(await refusal({ title: 'x'.repeat(81) })).toContain('at most 80 characters');
    expect(await refusal({ discount: 'x'.repeat(41) })).toContain('at most 40 characters');
    expect(await refusal({ subMessage: 'x'.repeat(201) })).toContain('at most 200 characters');
    expect(await refusal({ ctaText: 'x'.repeat(41) })).toContain('at most 40 characters');
    expect(await refusal({ ctaText: undefined })).toContain('ctaText');
    expect(await refusal({ title: 'two\nlines' })).toContain('one line of plain text');
    expect(await refusal({ ctaLink: `/${'x'.repeat(500)}` })).toContain('same-site path');
    expect(await refusal({ variant: 'loud' })).toContain('variant');
    expect(await refusal({ endDate: '2026-12-02' })).toContain('ISO 8601');
    expect(await refusal({ endDate: '2026-12-01T09:00:00Z' })).toContain('must be in the future');
    expect(await refusal({ startsAt: '2026-12-03T00:00:00Z' })).toContain('after the start');
    expect(await refusal({ endDate: '2028-01-01T00:00:00Z' })).toContain('at most 366 days');
    expect(await refusal({ startsAt: '2028-01-01T00:00:00Z' })).toContain('within a year');
    expect(await refusal({ timerDuration: '0' })).toContain('timerDuration');
    expect(await refusal({ timerDuration: '1.5' })).toContain('timerDuration');
    expect(await refusal({ timerDuration: String(promo.MAX_TIMER_MINUTES + 1) })).toContain(
      'timerDuration',
    );
    expect(await refusal({ timerDuration: '30', variant: 'gift' })).toBe('accepted');
  });
});
