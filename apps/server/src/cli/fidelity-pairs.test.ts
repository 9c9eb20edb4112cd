import { describe, expect, it } from 'vitest';
import { parsePairs } from './fidelity-pairs';

const HEADER = 'garment,result,category,expected';

describe('the evaluation set’s pairs.csv', () => {
  it('reads each pair with its category and expected verdict', () => {
    expect(
      parsePairs(`${HEADER}\ng/a.png,r/a-1.jpg,tops,match\r\ng/a.png,r/a-2.jpg,auto,mismatch\n\n`),
    ).toEqual([
      { garment: 'g/a.png', result: 'r/a-1.jpg', category: 'tops', expected: 'match' },
      { garment: 'g/a.png', result: 'r/a-2.jpg', category: 'auto', expected: 'mismatch' },
    ]);
  });

  it('refuses a missing header, an unknown category or verdict, and extra columns, by line', () => {
    expect(() => parsePairs('g.png,r.jpg,tops,match')).toThrow(/must start with the header/);
    expect(() => parsePairs(`${HEADER}\ng.png,r.jpg,shoes,match`)).toThrow(/line 2/);
    expect(() => parsePairs(`${HEADER}\ng.png,r.jpg,tops,match\ng.png,r.jpg,tops,same`)).toThrow(
      /line 3/,
    );
    expect(() => parsePairs(`${HEADER}\ng.png,r.jpg,tops,match,x`)).toThrow(/line 2/);
  });
});
