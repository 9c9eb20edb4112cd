import { useId, useState } from 'react';
import type { GenerationHistoryItem } from '@studio/contract';
import { CREDIT_CYCLE_DAYS } from '@studio/contract/plans';
import { ChevronDown } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatCredits, formatDateTime } from '@/lib/format';
import { USAGE_OUTCOME_LABELS, usageOutcomeTone } from '../lib/status-tone';
import { getUsageOutcome, type UsageOutcome } from '../lib/usage-outcome';
import { HistoryCell, HistoryRow, HistoryRowGroup } from './history-table';
import { StatusBadge } from './status-badge';
import { UsageDetails } from './usage-details';

export const USAGE_COLUMN_COUNT = 5;

/** Failed generations show their charge as refunded (spec §4); only successes read as spent. */
function CreditsText({ credits, outcome }: { credits: number; outcome: UsageOutcome }) {
  if (outcome === 'failed') {
    return <span className="text-success">{formatCredits(credits)} refunded</span>;
  }
  if (outcome === 'succeeded') return <span>-{formatCredits(credits)}</span>;
  return <span className="text-muted-foreground">{formatCredits(credits)}</span>;
}

/** One usage entry; generations expand to their details, lapsed plan credits do not. */
export function UsageRow({ item }: { item: GenerationHistoryItem }) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const outcome = getUsageOutcome(item);
  const date = formatDateTime(item.timestamp) ?? 'Invalid Date';
  const expandable = outcome !== 'expired' && outcome !== 'removed';

  return (
    <HistoryRowGroup>
      <HistoryRow>
        <HistoryCell label="Date" className="whitespace-nowrap">
          {date}
        </HistoryCell>
        <HistoryCell label="Generation">
          <div className="min-w-0">
            <span className="block font-medium">{item.display_name}</span>
            {outcome === 'expired' ? (
              <span className="block text-xs text-muted-foreground">
                Unused plan credits lapse at the end of each {CREDIT_CYCLE_DAYS}-day cycle.
              </span>
            ) : item.prompt.trim() !== '' ? (
              <span className="line-clamp-1 text-xs break-words text-muted-foreground">
                {item.prompt}
              </span>
            ) : null}
          </div>
        </HistoryCell>
        <HistoryCell
          label="Credits"
          alignEnd
          className="font-medium whitespace-nowrap tabular-nums"
        >
          <CreditsText credits={item.credits_used} outcome={outcome} />
        </HistoryCell>
        <HistoryCell label="Status">
          <StatusBadge tone={usageOutcomeTone(outcome)}>
            {USAGE_OUTCOME_LABELS[outcome]}
          </StatusBadge>
        </HistoryCell>
        <HistoryCell alignEnd className="@max-2xl:pt-2">
          {expandable ? (
            <Button
              variant="ghost"
              size="sm"
              aria-expanded={open}
              aria-controls={detailsId}
              // Names the entry, since every row has a Details button; starts with the visible word.
              aria-label={`Details for ${item.display_name}, ${date}`}
              className="@max-2xl:w-full"
              onClick={() => {
                setOpen((value) => !value);
              }}
            >
              Details
              <ChevronDown
                aria-hidden="true"
                className={cn('transition-transform', open && 'rotate-180')}
              />
            </Button>
          ) : null}
        </HistoryCell>
      </HistoryRow>
      {expandable && open ? (
        <HistoryRow id={detailsId}>
          <HistoryCell colSpan={USAGE_COLUMN_COUNT} className="pt-0">
            <UsageDetails item={item} outcome={outcome} />
          </HistoryCell>
        </HistoryRow>
      ) : null}
    </HistoryRowGroup>
  );
}
