import { describe, expect, it } from 'vitest';
import { webhookDelivery } from '@/testing/webhook-handlers';
import { deliveryOutcomeText, deliveryStatus, nextAttemptText } from './delivery-display';

const delivery = webhookDelivery;

describe('deliveryStatus', () => {
  it('tells a first send from a retry while pending', () => {
    expect(deliveryStatus(delivery({ status: 'pending', attempts: 0 })).text).toBe('Sending');
    expect(deliveryStatus(delivery({ status: 'pending', attempts: 2 })).text).toBe('Retrying');
  });

  it('marks delivered and failed apart', () => {
    expect(deliveryStatus(delivery({})).tone).toBe('success');
    expect(deliveryStatus(delivery({ status: 'failed' })).tone).toBe('destructive');
  });
});

describe('deliveryOutcomeText', () => {
  it('gives the status code, and the attempts once there were several', () => {
    expect(deliveryOutcomeText(delivery({}))).toBe('HTTP 200');
    expect(deliveryOutcomeText(delivery({ lastStatusCode: 500, attempts: 3 }))).toBe(
      'HTTP 500 · 3 attempts',
    );
  });

  it('gives the error when the receiver never answered', () => {
    expect(
      deliveryOutcomeText(delivery({ lastStatusCode: null, lastError: 'Timed out', attempts: 2 })),
    ).toBe('Timed out · 2 attempts');
  });

  it('says nothing before the first attempt', () => {
    expect(deliveryOutcomeText(delivery({ status: 'pending', attempts: 0 }))).toBeNull();
  });
});

describe('nextAttemptText', () => {
  it('names the next attempt only while one is due', () => {
    const pending = delivery({ status: 'pending', nextAttemptAt: '2026-11-29T10:05:00.000Z' });
    expect(nextAttemptText(pending)).toMatch(/^Next attempt Nov 29, 2026/);
    expect(nextAttemptText({ ...pending, status: 'failed' })).toBeNull();
  });
});
