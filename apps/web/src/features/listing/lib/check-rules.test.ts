import { describe, expect, it } from 'vitest';
import { checkFixture, checkItem } from '@/testing/listing-handlers';
import { fixOutlook, issueCount, issuesOf, ruleLabel, ruleList, ruleSource } from './check-rules';

describe('check rules', () => {
  it('finds each rule’s source in the contract’s data, measured or content', () => {
    expect(ruleSource('amazon', 'main', 'background')?.url).toContain('sellercentral.amazon');
    expect(ruleSource('amazon', 'main', 'file-size')?.confirmed).toBe(false);
    expect(ruleSource('amazon', 'main', 'no-text')?.quote).toMatch(/text, logos/);
    expect(ruleSource('myntra', 'swatch', 'background')).toBeNull();
    expect(ruleSource('amazon', 'main', 'unknown-rule')).toBeNull();
  });

  it('counts only required rules that fail as issues, and splits them by what Fix repairs', () => {
    const check = checkFixture({ failing: ['background', 'pixels'], notFixable: ['pixels'] });
    check.checks.push(
      checkItem({ rule: 'aspect', level: 'recommended', passed: false, fixable: true }),
    );
    expect(issuesOf(check).map((item) => item.rule)).toEqual(['background', 'pixels']);
    const { fixable, notFixable } = fixOutlook(check);
    expect(ruleList(fixable)).toBe('Background');
    expect(ruleList(notFixable)).toBe('Size in pixels');
    expect(ruleList(issuesOf(check))).toBe('Background and Size in pixels');
  });

  it('says rules and counts in words', () => {
    expect(ruleLabel('file-size')).toBe('File size');
    expect(ruleLabel('something-new')).toBe('something-new');
    expect(issueCount(1)).toBe('1 issue');
    expect(issueCount(3)).toBe('3 issues');
  });
});
