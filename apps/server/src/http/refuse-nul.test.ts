import { describe, expect, it } from 'vitest';
import { findNul } from './refuse-nul';

describe('findNul', () => {
  it('names the path of the first string holding U+0000', () => {
    expect(findNul({ a: [{ b: 'ok' }, { c: 'x\u0000' }] })).toBe('a.1.c');
    expect(findNul('\u0000')).toBe('');
    expect(findNul({ a: 'clean', n: 1, t: true, z: null })).toBeUndefined();
  });

  it('walks a body nested 200,000 levels deep without overflowing the stack', () => {
    const deep: unknown = JSON.parse(`${'['.repeat(200_000)}"\\u0000"${']'.repeat(200_000)}`);
    expect(findNul(deep)).toMatch(/^0(\.0)+$/);
  });

  it('leaves raw bytes alone: a signed webhook body is verified as received', () => {
    expect(findNul(Buffer.from('a\u0000b'))).toBeUndefined();
  });
});
