import { Fragment, useId } from 'react';
import type { ListingCheck } from '@studio/contract';
import type { MarketplaceId } from '@studio/contract/listing';
import { cn } from '@/lib/cn';
import { ruleLabel, ruleSource } from '../lib/check-rules';
import { RuleSourceLink, UNCONFIRMED_NOTE } from './rule-source-link';
import { TableHead } from './table-head';

type Item = ListingCheck['checks'][number];

function Verdict({ item }: { item: Item }) {
  if (item.passed) return <span className="font-medium text-success">✓ Passes</span>;
  const advice = item.level === 'recommended';
  return (
    <span className="flex flex-col gap-0.5">
      <span className={cn('font-medium', advice ? 'text-warning' : 'text-destructive')}>
        {advice ? '! Advice' : '✗ Fails'}
      </span>
      <span className="text-xs text-muted-foreground">
        {item.fixable ? 'Fix repairs it' : 'Not fixable here'}
      </span>
    </span>
  );
}

interface CheckTableProps {
  check: ListingCheck;
  marketplace: MarketplaceId;
  /** The table's name ('Amazon main image rules'). */
  caption: string;
}

/**
 * Every measured rule: what the marketplace requires, what the image has, whether it passes and
 * whether Fix can repair it, with the page the rule was read on. Four narrow columns that wrap,
 * so the table fits a 390 px phone without scrolling sideways.
 */
export function CheckTable({ check, marketplace, caption }: CheckTableProps) {
  const sources = check.checks.map((item) => ruleSource(marketplace, check.slot, item.rule));
  return (
    <div className="flex flex-col gap-2">
      <table className="w-full table-fixed border-collapse text-left text-xs sm:text-sm">
        <caption className="sr-only">{caption}</caption>
        <TableHead
          columns={[
            { label: 'Rule', className: 'w-[28%]' },
            { label: 'Required' },
            { label: 'Actual' },
            { label: 'Result', className: 'w-[22%]' },
          ]}
        />
        <tbody>
          {check.checks.map((item, index) => {
            const label = ruleLabel(item.rule);
            // A failing rule's message gets a row of its own, the table's full width.
            return (
              <Fragment key={item.rule}>
                <tr className={cn('align-top', item.passed && 'border-b border-border')}>
                  <th scope="row" className="py-2 pr-2 font-medium break-words">
                    {label}
                    <RuleSourceLink source={sources[index] ?? null} rule={label} />
                  </th>
                  <td className="py-2 pr-2 break-words">{item.required}</td>
                  <td className="py-2 pr-2 break-words">{item.actual}</td>
                  <td className="py-2 break-words">
                    <Verdict item={item} />
                  </td>
                </tr>
                {item.passed ? null : (
                  <tr className="border-b border-border">
                    <td colSpan={4} className="pb-2 text-xs text-muted-foreground">
                      {item.message}
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
      {sources.some((source) => source?.confirmed === false) ? (
        <p className="text-xs text-muted-foreground">{UNCONFIRMED_NOTE}</p>
      ) : null}
    </div>
  );
}

/** The rules no measurement decides (no text on the image, on a model…): for the seller to check. */
export function NotCheckedRules({
  check,
  marketplace,
}: {
  check: ListingCheck;
  marketplace: MarketplaceId;
}) {
  const headingId = useId();
  if (check.notChecked.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-1.5">
      <h3 id={headingId} className="text-sm font-semibold">
        Check these yourself
      </h3>
      <ul className="flex flex-col gap-1.5 text-sm">
        {check.notChecked.map((rule) => (
          <li key={rule.rule} className="flex flex-col gap-0.5">
            <span>
              {rule.message}
              {rule.level === 'recommended' ? (
                <span className="text-muted-foreground"> (advice)</span>
              ) : null}
            </span>
            <RuleSourceLink
              source={ruleSource(marketplace, check.slot, rule.rule)}
              rule={rule.message}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
