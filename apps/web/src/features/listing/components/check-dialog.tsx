import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  LISTING_SLOT_LABELS,
  marketplace as marketplaceOf,
  slotsOf,
  type ListingSlot,
  type MarketplaceId,
} from '@studio/contract/listing';
import { RadioGroup } from '@/components/ui/radio-group';
import type { LazyDialogProps } from '@/features/account';
import { useCurrentUser } from '@/features/auth';
import { GenerationDialogs, useGenerationRun } from '@/features/generations';
import { listingCheckQueryOptions, type CheckTarget } from '../api/listing-check';
import { CheckResult } from './check-result';
import { FixSection, NOTHING_LOST } from './fix-section';
import { ListingDialog } from './listing-dialog';

export interface CheckDialogProps extends LazyDialogProps {
  target: CheckTarget;
  marketplace: MarketplaceId;
  subject: string;
}

const FIX_FAILED = 'The image could not be fixed.';

/** What a fix run remembers: the slot it fixes for (the run needs a context to follow it). */
export interface FixContext {
  slot: ListingSlot;
}

/**
 * A marketplace's check of one image (issue 33): the slot chooser, every rule with what it
 * requires, what the image has and its source, the rules to check by eye, and Fix (a new image,
 * priced like background removal) followed by the new image's own check. Default export: loaded
 * with its badge's first hover, focus or click.
 */
export default function CheckDialog({
  open,
  onOpenChange,
  returnFocusRef,
  target,
  marketplace,
  subject,
}: CheckDialogProps) {
  const { name } = marketplaceOf(marketplace);
  const slots = slotsOf(marketplace);
  const [slot, setSlot] = useState<ListingSlot>('main');
  const check = useQuery(listingCheckQueryOptions(target, marketplace, slot));
  const userId = useCurrentUser()?.id;
  const run = useGenerationRun<FixContext>({
    describeFailure: (reason) => `${reason ?? FIX_FAILED} ${NOTHING_LOST}`,
  });
  const fixing = run.phase === 'generating';
  // The fixed image is a new generation: the gallery behind the dialog lists it at once.
  const queryClient = useQueryClient();
  const fixedId = run.phase === 'results' ? (run.generation?.id ?? null) : null;
  useEffect(() => {
    if (fixedId !== null) void queryClient.invalidateQueries({ queryKey: ['gallery'] });
  }, [fixedId, queryClient]);

  return (
    <ListingDialog
      open={open}
      onOpenChange={onOpenChange}
      returnFocusRef={returnFocusRef}
      title={`${name} listing check`}
      description={`${subject}, against the image rules ${name} publishes.`}
    >
      {slots.length > 1 ? (
        <RadioGroup
          label="Image slot"
          appearance="segments-sm"
          value={slot}
          disabled={fixing}
          options={slots.map((value) => ({ value, label: LISTING_SLOT_LABELS[value] }))}
          onChange={(next) => {
            run.reset();
            setSlot(next);
          }}
        />
      ) : null}
      <CheckResult check={check} marketplace={marketplace} name={name} />
      {check.data && (!check.data.compliant || run.phase !== 'idle') ? (
        <FixSection
          run={run}
          check={check.data}
          marketplace={marketplace}
          name={name}
          slot={slot}
          onFix={() => {
            run.start(
              '/listing/prepare',
              { ...target, marketplace, slot, ...(userId ? { userId } : {}) },
              { slot },
            );
          }}
        />
      ) : null}
      <GenerationDialogs run={run} featureName="Listing Image" />
    </ListingDialog>
  );
}
