import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  ed25519Keys,
  headerProblem,
  signedByOneOf,
  signedMessage,
  type FalWebhookHeaders,
} from './webhook-signature';

const NOW_MS = Date.UTC(2026, 10, 24, 12, 0, 0);
const NOW_S = NOW_MS / 1000;
const body = Buffer.from('{"request_id":"req-1","status":"OK","payload":{"images":[]}}');

function keyPair() {
  const pair = generateKeyPairSync('ed25519');
  return { ...pair, jwk: pair.publicKey.export({ format: 'jwk' }) };
}

function signed(privateKey: ReturnType<typeof keyPair>['privateKey'], timestamp = NOW_S) {
  const unsigned = { requestId: 'req-1', userId: 'user-1', timestamp: String(timestamp) };
  const digest = createHash('sha256').update(body).digest('hex');
  const message = `req-1\nuser-1\n${String(timestamp)}\n${digest}`;
  const signature = sign(null, Buffer.from(message), privateKey).toString('hex');
  return { ...unsigned, signature } satisfies FalWebhookHeaders;
}

describe("fal's webhook signature (ADR 035)", () => {
  it('signs request id, user id, timestamp and the hex SHA-256 of the raw body, one per line', () => {
    const headers = { requestId: 'a', userId: 'b', timestamp: '1', signature: '' };
    const digest = createHash('sha256').update(body).digest('hex');
    expect(signedMessage(headers, body).toString()).toBe(`a\nb\n1\n${digest}`);
  });

  it('accepts a signature by any key of the set, whatever its place', () => {
    const signer = keyPair();
    const keys = ed25519Keys({ keys: [keyPair().jwk, signer.jwk] });
    expect(signedByOneOf(signed(signer.privateKey), body, keys)).toBe(true);
  });

  it('refuses another key, another body, and any changed signed header', () => {
    const signer = keyPair();
    const keys = ed25519Keys({ keys: [signer.jwk] });
    const headers = signed(signer.privateKey);
    expect(signedByOneOf(signed(keyPair().privateKey), body, keys)).toBe(false);
    expect(signedByOneOf(headers, Buffer.from(`${body.toString()} `), keys)).toBe(false);
    expect(signedByOneOf({ ...headers, requestId: 'req-2' }, body, keys)).toBe(false);
    expect(signedByOneOf({ ...headers, userId: 'user-2' }, body, keys)).toBe(false);
    expect(signedByOneOf({ ...headers, timestamp: String(NOW_S + 1) }, body, keys)).toBe(false);
    expect(signedByOneOf(headers, body, [])).toBe(false);
  });

  it('keeps only ED25519 keys of a JWKS and survives a malformed one', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({
      format: 'jwk',
    });
    const keys = ed25519Keys({
      keys: [keyPair().jwk, rsa, { kty: 'OKP', crv: 'Ed25519', x: '!!' }, 'junk'],
    });
    expect(keys).toHaveLength(1);
    expect(ed25519Keys({ nope: [] })).toEqual([]);
  });

  it('allows fal’s 5 minutes of clock difference either way, not more', () => {
    const headers = signed(keyPair().privateKey);
    expect(headerProblem(headers, NOW_MS)).toBeNull();
    expect(headerProblem({ ...headers, timestamp: String(NOW_S - 300) }, NOW_MS)).toBeNull();
    expect(headerProblem({ ...headers, timestamp: String(NOW_S + 300) }, NOW_MS)).toBeNull();
    expect(headerProblem({ ...headers, timestamp: String(NOW_S - 301) }, NOW_MS)).toBe(
      'stale timestamp',
    );
    expect(headerProblem({ ...headers, timestamp: String(NOW_S + 301) }, NOW_MS)).toBe(
      'stale timestamp',
    );
  });

  it('refuses missing or malformed headers before any key is tried', () => {
    const headers = signed(keyPair().privateKey);
    expect(headerProblem({ ...headers, signature: undefined }, NOW_MS)).toBe('missing headers');
    expect(headerProblem({ ...headers, userId: '' }, NOW_MS)).toBe('missing headers');
    expect(headerProblem({ ...headers, signature: 'zz'.repeat(64) }, NOW_MS)).toBe(
      'missing headers',
    );
    expect(headerProblem({ ...headers, signature: headers.signature.slice(2) }, NOW_MS)).toBe(
      'missing headers',
    );
    expect(headerProblem({ ...headers, timestamp: '2026-11-24T12:00:00Z' }, NOW_MS)).toBe(
      'missing headers',
    );
    expect(headerProblem({ ...headers, requestId: 'a b' }, NOW_MS)).toBe('missing headers');
  });
});
