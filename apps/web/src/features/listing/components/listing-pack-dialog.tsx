import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useMutation } from '@/lib/use-mutation';
import { Download } from 'lucide-react';
import type { ListingPackAccepted } from '@studio/contract';
import { marketplace as marketplaceOf, type MarketplaceId } from '@studio/contract/listing';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { Spinner } from '@/components/ui/spinner';
import type { LazyDialogProps } from '@/features/account';
import { useCurrentUser } from '@/features/auth';
import { creditsQueryKey } from '@/features/credits';
import {
  downloadLink,
  estimateQueryPrefix,
  newIdempotencyKey,
  useStopwatch,
} from '@/features/generations';
import { getErrorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { createListingPack } from '../api/listing-pack';
import { useListingMarketplaces } from '../hooks/use-listing-marketplaces';
import { initialValues, packRequest, type PackSource, type PackValues } from '../lib/pack-form';
import { ListingDialog } from './listing-dialog';
import { PackFiles } from './pack-files';
import { PackFormFields } from './pack-form-fields';

export interface ListingPackDialogProps extends LazyDialogProps {
  source: PackSource;
}

const imageCount = (source: PackSource) =>
  source.kind === 'items'
    ? source.items.length
    : source.garments.reduce((sum, garment) => sum + garment.photos, 0);
const images = (n: number) => `${String(n)} image${n === 1 ? '' : 's'}`;

/**
 * A listing pack (issue 33): the marketplace, a SKU per listing and whether to fix what fails,
 * then one zip named the marketplace's way with manifest.csv. Working, failed (the form kept, the
 * server's message shown) and done (the files and their verdicts; the download starts) are its
 * states. Default export: loaded with its button's first hover, focus or click.
 */
export default function ListingPackDialog({
  open,
  onOpenChange,
  returnFocusRef,
  source,
}: ListingPackDialogProps) {
  const { marketplaces } = useListingMarketplaces();
  const [values, setValues] = useState<PackValues>(() =>
    initialValues(source, marketplaces[0] ?? 'amazon'),
  );
  const userId = useCurrentUser()?.id ?? null;
  const queryClient = useQueryClient();
  const pack = useMutation({
    mutationFn: (input: { values: PackValues; key: string }) =>
      createListingPack(
        { ...packRequest(input.values, source), ...(userId ? { userId } : {}) },
        input.key,
      ),
    onSuccess: (created) => {
      downloadLink(created.url);
    },
    onSettled: () => {
      if (userId !== null)
        void queryClient.invalidateQueries({ queryKey: creditsQueryKey(userId) });
      void queryClient.invalidateQueries({ queryKey: estimateQueryPrefix });
    },
  });
  // One key per set of choices: Create again after a failure that may have reached the server
  // answers the pack it made instead of fixing (and charging) twice.
  const [key, setKey] = useState(newIdempotencyKey);
  const change = (next: PackValues) => {
    setValues(next);
    setKey(newIdempotencyKey());
  };

  const { name } = marketplaceOf(values.marketplace);
  let body;
  if (pack.isPending) {
    body = <PackWorking name={name} count={imageCount(source)} fix={values.fix === 'fix'} />;
  } else if (pack.isSuccess) {
    body = (
      <PackDone
        pack={pack.data}
        name={name}
        onAnother={() => {
          pack.reset();
          setKey(newIdempotencyKey());
        }}
      />
    );
  } else {
    body = (
      <>
        {pack.isError ? (
          <Alert variant="destructive" role="alert">
            The pack could not be made. {getErrorMessage(pack.error)}
          </Alert>
        ) : null}
        <PackFormFields
          source={source}
          values={values}
          onChange={change}
          onSubmit={() => {
            pack.mutate({ values, key });
          }}
        />
      </>
    );
  }

  return (
    <ListingDialog
      open={open}
      onOpenChange={onOpenChange}
      returnFocusRef={returnFocusRef}
      title="Listing pack"
      description={`${images(imageCount(source))} in one zip, each file named the way ${marketplaceName(values.marketplace)} expects, with manifest.csv listing every check.`}
    >
      {body}
    </ListingDialog>
  );
}

const marketplaceName = (id: MarketplaceId) => marketplaceOf(id).name;

function PackWorking({ name, count, fix }: { name: string; count: number; fix: boolean }) {
  const [startedAt] = useState(() => performance.now());
  const seconds = Math.floor(useStopwatch(startedAt, true) / 1000);
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-border bg-muted/40 p-4">
      <p role="status" className="flex items-start gap-2 text-sm font-medium">
        <Spinner className="mt-0.5 shrink-0 text-primary" />
        Making your {name} pack: checking {images(count)}
        {fix ? ' and fixing the ones that fail' : ''}…
      </p>
      <div
        role="progressbar"
        aria-label="Listing pack progress"
        aria-valuetext={`Working, ${String(seconds)} s`}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full w-full animate-pulse rounded-full bg-primary/60" />
      </div>
      <p className="text-xs text-muted-foreground">
        <span className="tabular-nums">{seconds} s</span>
        {fix ? ' · a fix takes a second or two per image' : null}
      </p>
    </div>
  );
}

function PackDone({
  pack,
  name,
  onAnother,
}: {
  pack: ListingPackAccepted;
  name: string;
  onAnother: () => void;
}) {
  const failing = pack.files.filter((file) => !file.compliant).length;
  const listings = new Set(pack.files.map((file) => file.sku)).size;
  return (
    <div className="flex flex-col gap-4">
      <Alert variant={failing === 0 ? 'success' : 'warning'} role="status">
        <p>
          Your {name} pack is ready: {images(pack.files.length)} in {listings}{' '}
          {listings === 1 ? 'listing' : 'listings'}. The download has started.
        </p>
        {failing > 0 ? (
          <p>
            {images(failing)} {failing === 1 ? 'fails' : 'fail'} a rule; manifest.csv says which.
          </p>
        ) : null}
        {pack.creditCost > 0 ? (
          <p>
            The fixes used {pack.creditCost} credit{pack.creditCost === 1 ? '' : 's'}.
          </p>
        ) : null}
      </Alert>
      <PackFiles pack={pack} />
      {pack.note ? <p className="text-xs text-muted-foreground">{pack.note}</p> : null}
      <div className="flex flex-wrap gap-2">
        <a
          href={pack.url}
          download
          className={cn(buttonVariants(), 'h-auto min-h-10 max-w-full shrink py-2')}
        >
          <Download aria-hidden="true" />
          {/* The zip's name can be long (the catalogue's): it wraps inside the button. */}
          <span className="min-w-0 text-left break-words whitespace-normal">
            Download {pack.fileName}
          </span>
        </a>
        <Button variant="outline" onClick={onAnother}>
          Make another pack
        </Button>
      </div>
      {/* The link lives five minutes (the server's); Make another pack asks for a new one. */}
      <p className="text-xs text-muted-foreground">The download link works for five minutes.</p>
    </div>
  );
}
