import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSessionCache } from './session-cache';

const user = {
  id: 'user-1',
  name: 'Ann',
  email: 'ann@example.com',
  emailVerified: true,
  image: null,
};
/** The cache's clock: the faked Date, which the tests move. */
const perf = { now: () => Date.now() };
const farFuture = new Date(Date.UTC(2100, 0, 1));

describe('session cache', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('spreads the lives of sessions seen together over half to all of the window', () => {
    const shortest = createSessionCache(10_000, { random: () => 0, perf });
    const longest = createSessionCache(10_000, { random: () => 0.999, perf });
    for (const cache of [shortest, longest]) cache.set('a=1', user, farFuture, cache.epoch());

    vi.advanceTimersByTime(5_001);
    expect(shortest.get('a=1')).toBeUndefined();
    expect(longest.get('a=1')).toEqual(user);

    vi.advanceTimersByTime(5_000);
    expect(longest.get('a=1')).toBeUndefined();
  });

  it('never keeps a session past its own expiry', () => {
    const cache = createSessionCache(10_000, { random: () => 0.999, perf });
    cache.set('a=1', user, new Date(Date.now() + 2_000), cache.epoch());
    vi.advanceTimersByTime(2_001);
    expect(cache.get('a=1')).toBeUndefined();
  });

  it('drops a lookup that began before the cache was cleared', () => {
    const cache = createSessionCache(10_000);
    const seen = cache.epoch();
    cache.clear();
    cache.set('a=1', user, farFuture, seen);
    expect(cache.get('a=1')).toBeUndefined();
  });
});
