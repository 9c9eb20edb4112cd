import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readZipToken, signZipToken, ZIP_TOKEN_TTL_MS, zipTokenKey } from './zip-token';

const key = zipTokenKey('test-secret-test-secret-test-secret-0123', 'gallery-zip');
const grant = { userId: 'user_1', ids: ['gen_a', 'gen_b'] };
const now = Date.UTC(2026, 10, 24, 12, 0, 0);

describe('zip download tokens', () => {
  it('reads back what it signed until five minutes have passed', () => {
    const { token, expiresAt } = signZipToken(key, grant, now);

    expect(expiresAt.getTime()).toBe(now + ZIP_TOKEN_TTL_MS);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(readZipToken(key, token, now + ZIP_TOKEN_TTL_MS - 1)).toEqual({
      ok: true,
      statement: { ...grant, exp: now + ZIP_TOKEN_TTL_MS },
    });
    expect(readZipToken(key, token, now + ZIP_TOKEN_TTL_MS)).toEqual({
      ok: false,
      reason: 'expired',
      userId: 'user_1',
    });
  });

  it('refuses a token whose statement or signature was changed', () => {
    const { token } = signZipToken(key, grant, now);
    const [payload = '', sig = ''] = token.split('.');
    const widened = Buffer.from(
      JSON.stringify({ u: 'user_1', g: ['gen_a', 'gen_b', 'gen_c'], e: now / 1000 + 300 }),
    ).toString('base64url');
    const flipped = `${sig.slice(0, -2)}${sig.at(-2) === 'A' ? 'B' : 'A'}${sig.slice(-1)}`;

    for (const forged of [
      `${widened}.${sig}`,
      `${payload}.${flipped}`,
      `${payload}.`,
      payload,
      `${token}.x`,
      '',
    ]) {
      expect(readZipToken(key, forged, now)).toEqual({ ok: false, reason: 'invalid' });
    }
  });

  it('refuses a token signed with another key, even an expired one, as invalid', () => {
    const other = zipTokenKey('another-secret-another-secret-another-0', 'gallery-zip');
    const { token } = signZipToken(other, grant, now);

    expect(readZipToken(key, token, now)).toEqual({ ok: false, reason: 'invalid' });
    expect(readZipToken(key, token, now + ZIP_TOKEN_TTL_MS * 2)).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });

  it('refuses a well-signed payload that is not a statement', () => {
    const payload = Buffer.from(JSON.stringify({ u: 'user_1', g: [] })).toString('base64url');
    const sig = createHmac('sha256', key).update(payload).digest('base64url');

    expect(readZipToken(key, `${payload}.${sig}`, now)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('derives a key of its own from the auth secret, one per kind of link', () => {
    const secret = 'test-secret-test-secret-test-secret-0123';
    expect(zipTokenKey(secret, 'gallery-zip').equals(key)).toBe(true);
    expect(key.equals(Buffer.from(secret))).toBe(false);
    expect(key).toHaveLength(32);
    const pack = zipTokenKey(secret, 'listing-pack');
    expect(pack.equals(key)).toBe(false);
    expect(readZipToken(pack, signZipToken(key, grant, now).token, now)).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });
});
