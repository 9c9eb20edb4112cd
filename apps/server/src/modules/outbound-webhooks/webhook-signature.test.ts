import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { newWebhookSecret, sign, webhookHeaders } from './webhook-signature';

/*
 * Our signer checked against the Standard Webhooks reference library (standardwebhooks on npm),
 * never against itself: what it accepts is what a receiver using it accepts.
 */

const body = JSON.stringify({
  type: 'generation.succeeded',
  timestamp: '2026-11-29T10:00:00.000Z',
  data: {},
});
const now = () => Math.floor(Date.now() / 1000);

describe('webhook signatures', () => {
  it('makes whsec_ secrets of 32 random bytes in standard base64', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    expect(newWebhookSecret()).not.toBe(secret);
  });

  it('signs what the reference library verifies, and the same as its own signer', () => {
    const secret = newWebhookSecret();
    const ts = now();
    const headers = webhookHeaders([secret], 'msg_abc', ts, body);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(headers['webhook-signature']).toBe(
      new Webhook(secret).sign('msg_abc', new Date(ts * 1000), body),
    );
  });

  it('with two secrets (a rotation), a receiver holding either one verifies', () => {
    const [current, previous] = [newWebhookSecret(), newWebhookSecret()];
    const headers = webhookHeaders([current, previous], 'msg_abc', now(), body);
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(() => new Webhook(current).verify(body, headers)).not.toThrow();
    expect(() => new Webhook(previous).verify(body, headers)).not.toThrow();
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow(
      WebhookVerificationError,
    );
  });

  it('a changed body, id or timestamp no longer verifies', () => {
    const secret = newWebhookSecret();
    const ts = now();
    const headers = webhookHeaders([secret], 'msg_abc', ts, body);
    const wh = new Webhook(secret);
    expect(() => wh.verify(body.replace('succeeded', 'failed'), headers)).toThrow(
      'No matching signature found',
    );
    expect(() => wh.verify(body, { ...headers, 'webhook-id': 'msg_abd' })).toThrow();
    expect(() => wh.verify(body, { ...headers, 'webhook-timestamp': String(ts - 1) })).toThrow();
  });

  it('refuses a secret without the whsec_ prefix', () => {
    expect(() => sign('c2VjcmV0', 'msg_abc', now(), body)).toThrow('not a whsec_ secret');
  });
});
