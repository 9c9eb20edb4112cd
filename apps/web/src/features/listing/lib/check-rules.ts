import type { ListingCheck, ListingCheckItem } from '@studio/contract';
import {
  LISTING_RULE_LABELS,
  slotRules,
  type ListingRule,
  type ListingSlot,
  type MarketplaceId,
  type RuleSource,
  type SlotRules,
} from '@studio/contract/listing';

/** Where each measured rule of a check lives in a slot's rules. */
const RULE_KEYS = {
  background: 'background',
  fill: 'fill',
  aspect: 'aspect',
  pixels: 'pixels',
  format: 'format',
  colour: 'colour',
  'file-size': 'fileSize',
} as const satisfies Record<ListingRule, keyof SlotRules>;

const isMeasured = (rule: string): rule is ListingRule => rule in RULE_KEYS;

/** A check's rule in words ('Product fill'); a rule this build does not know keeps its id. */
export function ruleLabel(rule: string): string {
  return isMeasured(rule) ? LISTING_RULE_LABELS[rule] : rule;
}

/** The public page a rule was read from (measured or content rule), if the contract names one. */
export function ruleSource(
  marketplace: MarketplaceId,
  slot: ListingSlot,
  rule: string,
): RuleSource | null {
  const rules = slotRules(marketplace, slot);
  if (!rules) return null;
  if (isMeasured(rule)) return rules[RULE_KEYS[rule]]?.source ?? null;
  return rules.content.find((content) => content.id === rule)?.source ?? null;
}

/** The required rules an image breaks: what makes it non-compliant, and what a badge counts. */
export function issuesOf(check: ListingCheck): ListingCheckItem[] {
  return check.checks.filter((item) => item.level === 'required' && !item.passed);
}

/** What Fix would repair, and what it cannot (named for the seller, never hidden). */
export function fixOutlook(check: ListingCheck): {
  fixable: ListingCheckItem[];
  notFixable: ListingCheckItem[];
} {
  const issues = issuesOf(check);
  return {
    fixable: issues.filter((item) => item.fixable),
    notFixable: issues.filter((item) => !item.fixable),
  };
}

/** 'Background and Product fill': rule labels as a list in a sentence. */
export function ruleList(items: readonly ListingCheckItem[]): string {
  const labels = items.map((item) => ruleLabel(item.rule));
  if (labels.length <= 1) return labels.join('');
  return `${labels.slice(0, -1).join(', ')} and ${labels.at(-1) ?? ''}`;
}

/** '2 issues', '1 issue'. */
export function issueCount(count: number): string {
  return `${String(count)} issue${count === 1 ? '' : 's'}`;
}
