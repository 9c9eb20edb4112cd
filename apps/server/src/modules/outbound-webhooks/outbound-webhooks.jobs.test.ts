import { describe, expect, it } from 'vitest';
import { WEBHOOK_RETRY_SCHEDULE_MS } from '../../config/env';
import { retryDelay, spoken } from './outbound-webhooks.jobs';

describe('the retry schedule', () => {
  it('waits the n-th delay after the n-th attempt, plus at most 10 % jitter, never less', () => {
    for (let attempt = 1; attempt <= WEBHOOK_RETRY_SCHEDULE_MS.length; attempt++) {
      const base = WEBHOOK_RETRY_SCHEDULE_MS[attempt - 1] ?? 0;
      for (let i = 0; i < 50; i++) {
        const delay = retryDelay(WEBHOOK_RETRY_SCHEDULE_MS, attempt);
        expect(delay).toBeGreaterThanOrEqual(base);
        expect(delay).toBeLessThanOrEqual(base * 1.1);
      }
    }
  });

  it('has no delay after the last attempt: eight attempts in all', () => {
    expect(retryDelay(WEBHOOK_RETRY_SCHEDULE_MS, 8)).toBeNull();
    expect(retryDelay([100], 1)).not.toBeNull();
    expect(retryDelay([100], 2)).toBeNull();
  });

  it('says spans as people do', () => {
    const total = WEBHOOK_RETRY_SCHEDULE_MS.reduce((sum, ms) => sum + ms, 0);
    expect(spoken(total)).toBe('28 hours');
    expect(spoken(35 * 60_000)).toBe('35 minutes');
    expect(spoken(1100)).toBe('1 second');
    expect(spoken(60_000)).toBe('1 minute');
  });
});
