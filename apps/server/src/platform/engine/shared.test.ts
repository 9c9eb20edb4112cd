import { describe, expect, it } from 'vitest';
import { escapeXml, parseHexColour, seededRandom, variantIndex } from './shared';

describe('engine helpers', () => {
  it('escapes XML and drops characters XML cannot carry', () => {
    expect(escapeXml(`<a href="x">Tom & 'Jerry'</a>\u0000\u0007`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; &apos;Jerry&apos;&lt;/a&gt;',
    );
  });

  it('parses short and long hex colours and rejects others', () => {
    expect(parseHexColour('#0f8')).toEqual([0, 255, 136]);
    expect(parseHexColour(' AA0000 ')).toEqual([170, 0, 0]);
    expect(parseHexColour('#12345')).toBeUndefined();
    expect(parseHexColour('red')).toBeUndefined();
  });

  it('maps any variant onto a valid index', () => {
    expect(variantIndex(7, 5)).toBe(2);
    expect(variantIndex(-1, 5)).toBe(4);
    expect(variantIndex(Number.NaN, 5)).toBe(0);
  });

  it('gives a repeatable random sequence per seed', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const c = seededRandom(43);
    const first = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(first);
    expect(c()).not.toBe(first[0]);
    for (const v of first) expect(v).toBeGreaterThanOrEqual(0);
  });
});
