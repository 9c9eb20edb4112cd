import fs from 'node:fs';
import path from 'node:path';
import { MARKETPLACE_IDS, sourcesOf } from '@studio/contract/listing';
import { describe, expect, it } from 'vitest';

describe('ADR 057', () => {
  it('lists every page a marketplace rule was read from', () => {
    const adr = fs.readFileSync(
      path.resolve(
        import.meta.dirname,
        '../../../../../docs/decisions/057-marketplace-rules-and-listing-packs.md',
      ),
      'utf8',
    );
    const urls = new Set(MARKETPLACE_IDS.flatMap(sourcesOf).map((source) => source.url));
    expect(urls.size).toBeGreaterThan(10);
    expect([...urls].filter((url) => !adr.includes(url))).toEqual([]);
  });
});
