import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box';

const AUTH = 'test-secret-test-secret-test-secret-0123';

describe('secret box', () => {
  it('opens what it sealed, and the sealed text does not hold the secret', () => {
    const box = createSecretBox(AUTH, 'webhook-secrets');
    const sealed = box.seal('whsec_c2VjcmV0', 'ep_1');
    expect(sealed).not.toContain('whsec_');
    expect(sealed).not.toBe(box.seal('whsec_c2VjcmV0', 'ep_1')); // a fresh IV each time
    expect(box.open(sealed, 'ep_1')).toBe('whsec_c2VjcmV0');
  });

  it('refuses another row, another label, another auth secret and a tampered text', () => {
    const box = createSecretBox(AUTH, 'webhook-secrets');
    const sealed = box.seal('whsec_c2VjcmV0', 'ep_1');
    expect(() => box.open(sealed, 'ep_2')).toThrow();
    expect(() => createSecretBox(AUTH, 'other').open(sealed, 'ep_1')).toThrow();
    expect(() => createSecretBox(`${AUTH}x`, 'webhook-secrets').open(sealed, 'ep_1')).toThrow();
    const [v, iv, body = '', tag] = sealed.split('.');
    const flipped = `${body.startsWith('A') ? 'B' : 'A'}${body.slice(1)}`;
    expect(() => box.open([v, iv, flipped, tag].join('.'), 'ep_1')).toThrow();
    expect(() => box.open('plain-text', 'ep_1')).toThrow('not a sealed secret');
  });
});
