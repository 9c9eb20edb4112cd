import { useQuery } from '@tanstack/react-query';
import { Sparkles } from 'lucide-react';
import type { Generation, ListingCheck } from '@studio/contract';
import {
  LISTING_SLOT_LABELS,
  type ListingSlot,
  type MarketplaceId,
} from '@studio/contract/listing';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  CreditEstimateBox,
  DownloadButton,
  ResultPanel,
  useCreditEstimate,
  type GenerationRun,
} from '@/features/generations';
import { listingCheckQueryOptions } from '../api/listing-check';
import { fixOutlook, issuesOf, ruleList } from '../lib/check-rules';
import { CheckResult } from './check-result';
import type { FixContext } from './check-dialog';

/** Said with every failed fix: the server's reason comes first. */
export const NOTHING_LOST = 'Your image is unchanged, and a fix that fails is not charged.';

interface FixSectionProps {
  run: GenerationRun<FixContext>;
  check: ListingCheck;
  marketplace: MarketplaceId;
  name: string;
  slot: ListingSlot;
  onFix: () => void;
}

/** What Fix will do, what it costs and the button; then its progress, failure or new image. */
export function FixSection({ run, check, marketplace, name, slot, onFix }: FixSectionProps) {
  const { fixable, notFixable } = fixOutlook(check);
  const estimate = useCreditEstimate('listing-prepare', { marketplace, slot }, fixable.length > 0);
  if (run.phase === 'results' && run.generation) {
    return (
      <FixedImage generation={run.generation} marketplace={marketplace} name={name} slot={slot} />
    );
  }
  if (run.phase === 'generating') return <ResultPanel run={run} renderResult={() => null} />;

  let outlook: string;
  if (fixable.length === 0) {
    outlook = `Fix cannot repair ${ruleList(notFixable)}: that needs a new photo or an edit.`;
  } else if (notFixable.length === 0) {
    outlook = `Fix can repair ${ruleList(fixable)}. It makes a new image, saved in your gallery; this one stays as it is.`;
  } else {
    outlook = `Fix can repair ${ruleList(fixable)}, not ${ruleList(notFixable)}: that needs a new photo or an edit. It makes a new image, saved in your gallery; this one stays as it is.`;
  }
  return (
    <section aria-label="Fix" className="flex flex-col gap-3 border-t border-border pt-4">
      <p className="text-sm">{outlook}</p>
      {run.phase === 'error' || run.phase === 'canceled' ? (
        <ResultPanel run={run} renderResult={() => null} />
      ) : null}
      {fixable.length > 0 ? (
        <>
          <CreditEstimateBox state={estimate} />
          <Button className="self-start" onClick={onFix}>
            <Sparkles aria-hidden="true" />
            {run.phase === 'error' ? 'Try the fix again' : `Fix for ${name}`}
          </Button>
        </>
      ) : null}
    </section>
  );
}

/** The fixed image and its own check: fixed, or partly fixed with what is left named. */
function FixedImage({
  generation,
  marketplace,
  name,
  slot,
}: {
  generation: Generation;
  marketplace: MarketplaceId;
  name: string;
  slot: ListingSlot;
}) {
  const check = useQuery(
    listingCheckQueryOptions({ generationId: generation.id }, marketplace, slot),
  );
  const [url] = generation.imageUrls;
  const slotName = LISTING_SLOT_LABELS[slot].toLowerCase();
  let verdict = null;
  if (check.data?.compliant === true) {
    verdict = (
      <Alert variant="success" role="status">
        Fixed: the new image passes {name}’s {slotName} rules. It is saved in your gallery.
      </Alert>
    );
  } else if (check.data) {
    verdict = (
      <Alert variant="warning" role="status">
        Partly fixed: {ruleList(issuesOf(check.data))} still{' '}
        {issuesOf(check.data).length === 1 ? 'fails' : 'fail'}. That needs a new photo or an edit.
        The new image is saved in your gallery.
      </Alert>
    );
  }
  return (
    <section aria-label="Fixed image" className="flex flex-col gap-3 border-t border-border pt-4">
      {verdict}
      {url ? (
        <div className="flex flex-wrap items-end gap-3">
          <img
            src={url}
            alt={`The image fixed for ${name}`}
            className="max-h-48 max-w-full rounded-md border border-border bg-muted object-contain"
          />
          <DownloadButton url={url} filename={`${marketplace}-${slot}.jpg`} />
        </div>
      ) : null}
      <CheckResult check={check} marketplace={marketplace} name={name} of="the fixed image" />
    </section>
  );
}
