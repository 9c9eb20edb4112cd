import type { UseQueryResult } from '@tanstack/react-query';
import type { ListingCheck } from '@studio/contract';
import { LISTING_SLOT_LABELS, type MarketplaceId } from '@studio/contract/listing';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-client';
import { issueCount, issuesOf } from '../lib/check-rules';
import { CheckTable, NotCheckedRules } from './check-table';

interface CheckResultProps {
  check: UseQueryResult<ListingCheck>;
  marketplace: MarketplaceId;
  name: string;
  /** Whose check it is, for the table's name ('the fixed image'). */
  of?: string;
}

/** One image's check: checking, could not check (with Try again), or its verdict and rules. */
export function CheckResult({ check, marketplace, name, of = 'this image' }: CheckResultProps) {
  if (check.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner />
        Checking {of} against {name}’s rules…
      </p>
    );
  }
  if (check.isError) {
    return (
      <Alert variant="destructive" role="alert">
        <p>
          Could not check {of}: {getErrorMessage(check.error)}
        </p>
        <Button
          variant="outline"
          size="sm"
          className="mt-2"
          loading={check.isFetching}
          onClick={() => {
            void check.refetch();
          }}
        >
          Check again
        </Button>
      </Alert>
    );
  }
  const { data } = check;
  const slot = LISTING_SLOT_LABELS[data.slot].toLowerCase();
  const issues = issuesOf(data).length;
  return (
    <div className="flex flex-col gap-3">
      <p role="status" className="text-sm font-medium">
        {data.compliant
          ? `Passes ${name}’s ${slot} rules.`
          : `${issueCount(issues)} for ${name}’s ${slot}.`}
      </p>
      <CheckTable check={data} marketplace={marketplace} caption={`${name} ${slot} rules, ${of}`} />
      <NotCheckedRules check={data} marketplace={marketplace} />
    </div>
  );
}
