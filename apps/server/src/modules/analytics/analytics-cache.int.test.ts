import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { userIdOf } from '../../../test/generation-helpers';
import { createTestApp, signUp, type TestApp } from '../../../test/harness';
import { deleteGenerations } from '../gallery/gallery.repository';
import * as generations from '../generations/generations.repository';
import { activityVersion } from './analytics.repository';
import { cachedAnalytics } from './analytics.service';

let t: TestApp;
let userId: string;
let answer: ReturnType<typeof cachedAnalytics>;

// Wednesday 11 March 2026, 20:00 UTC: already Thursday in Tokyo, still Wednesday in UTC.
const NOW = new Date('2026-03-11T20:00:00Z');

async function photoshoot(status: 'queued' | 'succeeded', images = 1): Promise<string> {
  const id = `gen_${randomBytes(6).toString('hex')}`;
  await generations.insertGeneration(t.database.db, {
    id,
    userId,
    type: 'photoshoot',
    status,
    credits: 1,
    imageUrls: Array.from(
      { length: status === 'succeeded' ? images : 0 },
      (_, i) => `/api/v1/media/${id}_${String(i)}`,
    ),
    createdAt: new Date('2026-03-11T10:00:00Z'),
  });
  return id;
}

const productImages = async (timeZone = 'UTC', now = NOW) =>
  (await answer({ userId, range: '7d', timeZone, now })).totals.productImages;

beforeAll(async () => {
  t = await createTestApp();
  userId = await userIdOf(t.app, (await signUp(t.app)).cookie);
  answer = cachedAnalytics(t.database.db);
});

describe('cached analytics stay exact', () => {
  it('counts a generation created after an answer was cached', async () => {
    expect(await productImages()).toBe(0);
    await photoshoot('succeeded', 2);
    expect(await productImages()).toBe(2);
  });

  it('counts a run once it finishes, through whatever path updates the row', async () => {
    const id = await photoshoot('queued');
    const before = await productImages();
    await generations.finish(t.database.db, id, {
      status: 'succeeded',
      imageUrls: ['/api/v1/media/a', '/api/v1/media/b', '/api/v1/media/c'],
    });
    expect(await productImages()).toBe(before + 3);
  });

  it('drops deleted generations from the next answer', async () => {
    const id = await photoshoot('succeeded', 4);
    const before = await productImages();
    await deleteGenerations(t.database.db, userId, [id]);
    expect(await productImages()).toBe(before - 4);
  });

  it('keeps the version still for progress and lease renewals, which change no figure', async () => {
    const id = await photoshoot('queued');
    const version = await activityVersion(t.database.db, userId);
    await generations.setProgress(t.database.db, id, 40);
    await generations.updateGeneration(t.database.db, id, { progress: 60 });
    expect(await activityVersion(t.database.db, userId)).toBe(version);
    await generations.updateGeneration(t.database.db, id, { status: 'canceled' });
    expect(await activityVersion(t.database.db, userId)).toBe(version + 1);
  });

  it('answers requests that arrive together from one computation', async () => {
    await photoshoot('succeeded');
    const input = { userId, range: '30d' as const, timeZone: 'UTC', now: NOW };
    const [first, second] = await Promise.all([answer(input), answer(input)]);
    expect(second).toBe(first);
  });

  it('answers each zone for its own local date, and moves on at local midnight', async () => {
    const utc = await answer({ userId, range: '7d', timeZone: 'UTC', now: NOW });
    const tokyo = await answer({ userId, range: '7d', timeZone: 'Asia/Tokyo', now: NOW });
    expect(utc.periods.at(-1)?.label).toBe('Wed');
    expect(tokyo.periods.at(-1)?.label).toBe('Thu');
    const nextDay = new Date('2026-03-12T00:30:00Z');
    const later = await answer({ userId, range: '7d', timeZone: 'UTC', now: nextDay });
    expect(later.periods.at(-1)?.label).toBe('Thu');
  });
});
