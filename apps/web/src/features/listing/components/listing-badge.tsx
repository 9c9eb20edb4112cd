import { useQuery } from '@tanstack/react-query';
import { CircleCheck, TriangleAlert } from 'lucide-react';
import { marketplace as marketplaceOf, type MarketplaceId } from '@studio/contract/listing';
import { Spinner } from '@/components/ui/spinner';
import { createLazyDialogButton } from '@/features/account';
import { cn } from '@/lib/cn';
import { listingCheckQueryOptions, type CheckTarget } from '../api/listing-check';
import { issueCount, issuesOf } from '../lib/check-rules';
import type { CheckDialogProps } from './check-dialog';

const OpenCheck = createLazyDialogButton<CheckDialogProps>(() => import('./check-dialog'));

interface ListingBadgeProps {
  target: CheckTarget;
  marketplace: MarketplaceId;
  subject: string;
  /** Ask for the check (the image has been seen): until then it reads 'checking…'. */
  enabled: boolean;
}

const tone = {
  pending: 'bg-muted text-foreground',
  passed: 'bg-success-soft text-success',
  issues: 'bg-warning-soft text-warning',
  failed: 'bg-muted text-muted-foreground',
} as const;

/** One marketplace's verdict on the image's main slot, as a button that opens its check. */
export function ListingBadge({ target, marketplace, subject, enabled }: ListingBadgeProps) {
  const check = useQuery({ ...listingCheckQueryOptions(target, marketplace, 'main'), enabled });
  const { name } = marketplaceOf(marketplace);

  let state: keyof typeof tone = 'pending';
  let body = (
    <>
      <Spinner className="size-3.5" />
      {name}: checking…
    </>
  );
  if (check.data?.compliant === true) {
    state = 'passed';
    body = (
      <>
        <CircleCheck aria-hidden="true" />
        {name} <span aria-hidden="true">✓</span>
        <span className="sr-only">passes</span>
      </>
    );
  } else if (check.data) {
    state = 'issues';
    body = (
      <>
        <TriangleAlert aria-hidden="true" />
        {name}: {issueCount(issuesOf(check.data).length)}
      </>
    );
  } else if (check.isError) {
    state = 'failed';
    body = <>{name}: not checked</>;
  }

  return (
    <OpenCheck
      variant="ghost"
      size="sm"
      aria-busy={state === 'pending' || undefined}
      className={cn(
        'h-7 gap-1 rounded-full px-2.5 text-xs font-medium [&_svg]:size-3.5',
        tone[state],
      )}
      dialogProps={{ target, marketplace, subject }}
    >
      {body}
    </OpenCheck>
  );
}
