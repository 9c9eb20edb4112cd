import { describe, expect, it } from 'vitest';
import { idempotencyKeySchema, requestFingerprint, unquoteKey } from './idempotency-key';

describe('the Idempotency-Key header', () => {
  it("takes a bare key or the IETF draft's quoted string, trimmed, as the same key", () => {
    expect(idempotencyKeySchema.parse('8e03978e-40d5-43e8-bc93-6894a57f9324')).toBe(
      '8e03978e-40d5-43e8-bc93-6894a57f9324',
    );
    expect(idempotencyKeySchema.parse(' "8e03978e-40d5" ')).toBe('8e03978e-40d5');
    expect(unquoteKey('"say \\"hi\\" \\\\ there"')).toBe('say "hi" \\ there');
    expect(unquoteKey('"unbalanced')).toBe('"unbalanced');
  });

  it('refuses keys under 8 or over 255 characters, and anything but printable ASCII', () => {
    expect(idempotencyKeySchema.safeParse('x'.repeat(255)).success).toBe(true);
    expect(idempotencyKeySchema.safeParse(`"${'x'.repeat(255)}"`).success).toBe(true);
    for (const bad of [
      'short',
      '""',
      'x'.repeat(256),
      'tab\tinside-key',
      'naïve-key-1',
      '"a\u0001b-key"',
    ]) {
      expect(idempotencyKeySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('requestFingerprint', () => {
  it('is the route and the body, so the same body on another route is another request', () => {
    expect(requestFingerprint('uploads', ['a'])).toBe(requestFingerprint('uploads', ['a']));
    expect(requestFingerprint('uploads', ['a'])).not.toBe(requestFingerprint('uploads', ['b']));
    expect(requestFingerprint('uploads', ['a'])).not.toBe(requestFingerprint('packs', ['a']));
    expect(requestFingerprint('upscaler', { a: 1 })).toMatch(/^[0-9a-f]{64}$/);
  });
});
