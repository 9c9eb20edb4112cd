import { describe, expect, it } from 'vitest';
import { limitField, policyField, type PolicyState } from './ratelimit-fields';

const states: PolicyState[] = [
  { name: 'api-key', quota: 600, windowSeconds: 60, remaining: 599, resetSeconds: 42 },
  { name: 'generate', quota: 20, windowSeconds: 60, remaining: 0, resetSeconds: 7 },
];

describe('the RateLimit fields (draft-ietf-httpapi-ratelimit-headers-10)', () => {
  it('writes each limit as a String item with q and w, and r and t', () => {
    expect(policyField(states)).toBe('"api-key";q=600;w=60, "generate";q=20;w=60');
    expect(limitField(states)).toBe('"api-key";r=599;t=42, "generate";r=0;t=7');
  });

  it('refuses a name that would need escaping rather than write a broken field', () => {
    expect(() => policyField([{ ...states[0], name: 'a "b"' } as PolicyState])).toThrow();
  });
});
