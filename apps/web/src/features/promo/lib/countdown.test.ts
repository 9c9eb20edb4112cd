import { describe, expect, it } from 'vitest';
import { countdownShows, countdownSummary, formatCountdown } from './countdown';
import { secondsUntil } from './promo-rules';

describe('promo banner countdown', () => {
  const now = Date.parse('2026-12-01T10:00:00Z');

  it('counts whole seconds to the end, never below zero or from an unreadable date', () => {
    expect(secondsUntil('2026-12-01T10:00:05Z', now)).toBe(5);
    expect(secondsUntil('2026-12-01T10:00:04.200Z', now)).toBe(5);
    expect(secondsUntil('2026-12-01T09:59:00Z', now)).toBe(0);
    expect(secondsUntil('soon', now)).toBe(0);
  });

  it('ticks as hh:mm:ss, with days in front past a day', () => {
    expect(formatCountdown(0)).toBe('00:00:00');
    expect(formatCountdown(59)).toBe('00:00:59');
    expect(formatCountdown(3_661)).toBe('01:01:01');
    expect(formatCountdown(86_399)).toBe('23:59:59');
    expect(formatCountdown(86_400 + 3_600 + 1)).toBe('1d 01:00:01');
    expect(formatCountdown(12 * 86_400)).toBe('12d 00:00:00');
  });

  it('says the time left coarsely, for a screen reader', () => {
    expect(countdownSummary(2 * 86_400 + 5)).toBe('Offer ends in 2 days');
    expect(countdownSummary(86_400)).toBe('Offer ends in 1 day');
    expect(countdownSummary(7_200)).toBe('Offer ends in 2 hours');
    expect(countdownSummary(3_600)).toBe('Offer ends in 1 hour');
    expect(countdownSummary(3_599)).toBe('Offer ends in less than an hour');
    expect(countdownSummary(59)).toBe('Offer ends in less than a minute');
  });

  it('shows the countdown for the last timer_duration minutes, or all along', () => {
    expect(countdownShows(10 * 86_400, null)).toBe(true);
    expect(countdownShows(30 * 60, 30)).toBe(true);
    expect(countdownShows(30 * 60 + 1, 30)).toBe(false);
  });
});
