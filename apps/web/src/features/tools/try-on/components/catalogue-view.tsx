import type { BatchItem, Generation, TryOnBatch } from '@studio/contract';
import { Download } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { Spinner } from '@/components/ui/spinner';
import { FidelityCheck, PreviewNote, ResultActions, ResultGrid } from '@/features/generations';
import { cn } from '@/lib/cn';
import type { HandedOverResults } from '../lib/try-on-draft';
import { downloadName } from '../lib/try-on-request';

interface CatalogueViewProps {
  batch: TryOnBatch;
  videoAccess: 'open' | 'locked';
  onCancel: () => void;
  canceling: boolean;
  cancelError: string | null;
}

const done = (batch: TryOnBatch) =>
  batch.counts.succeeded + batch.counts.failed + batch.counts.canceled;

/** The one line a screen reader hears as the catalogue moves on. */
function statusLine(batch: TryOnBatch): string {
  const { total, succeeded, failed, canceled } = batch.counts;
  if (batch.status === 'running') {
    return `Generating… ${String(done(batch))} of ${String(total)} done`;
  }
  const parts = [`${String(succeeded)} of ${String(total)} made`];
  if (failed > 0) parts.push(`${String(failed)} failed`);
  if (canceled > 0) parts.push(`${String(canceled)} canceled`);
  const refund = batch.refunded > 0 ? ` · ${String(batch.refunded)} credits returned` : '';
  return `Finished: ${parts.join(', ')}${refund}`;
}

/** A finished pair's photos, each with its actions. */
function PairPhotos({
  generation,
  subject,
  garment,
  model,
  videoAccess,
}: {
  generation: Generation;
  subject: string;
  garment: string;
  model: string;
  videoAccess: 'open' | 'locked';
}) {
  const several = generation.imageUrls.length > 1;
  return (
    <ul aria-label={`Photos of ${subject}`} className="flex flex-col gap-3">
      {generation.imageUrls.map((url, index) => {
        const name = several ? `${subject} ${String(index + 1)}` : subject;
        return (
          <li key={url} className="flex flex-col gap-2">
            <img
              src={url}
              alt={name}
              loading="lazy"
              className="aspect-[3/4] w-full rounded-md bg-muted object-contain"
            />
            <div className="flex flex-wrap gap-1.5 [&_a]:h-8 [&_a]:px-2.5 [&_a]:text-xs [&_button]:h-8 [&_button]:px-2.5 [&_button]:text-xs">
              <ResultActions
                url={url}
                filename={downloadName(garment, model, index)}
                index={null}
                subject={name}
                generationId={generation.id}
                prompt={generation.prompt}
                videoAccess={videoAccess}
              />
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function PairCell({
  item,
  garment,
  model,
  videoAccess,
}: {
  item: BatchItem;
  garment: string;
  model: string;
  videoAccess: 'open' | 'locked';
}) {
  const { generation } = item;
  const subject = `${garment} on ${model}`;
  const photos = (shown: Generation) => (
    <PairPhotos
      generation={shown}
      subject={subject}
      garment={garment}
      model={model}
      videoAccess={videoAccess}
    />
  );
  let body;
  if (generation.status === 'succeeded') {
    body = (
      <>
        {photos(generation)}
        <FidelityCheck generation={generation} renderRerun={photos} />
      </>
    );
  } else if (generation.status === 'failed') {
    body = (
      <p className="text-sm text-destructive">
        {generation.error ?? 'This photo failed.'} Its credits were returned.
      </p>
    );
  } else if (generation.status === 'canceled') {
    body = <p className="text-sm text-muted-foreground">Canceled. Its credits were returned.</p>;
  } else {
    const queued = generation.status === 'queued';
    body = (
      <div className="flex flex-col gap-2">
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner className="size-4" />
          {queued
            ? generation.queuePosition !== null
              ? `Queued — position ${String(generation.queuePosition)}`
              : 'Queued'
            : 'Generating…'}
        </p>
        <div
          role="progressbar"
          aria-label={`${subject} progress`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={generation.progress}
          className="h-1.5 overflow-hidden rounded-full bg-muted"
        >
          <div
            className="h-full bg-primary transition-[width]"
            style={{ width: `${String(generation.progress)}%` }}
          />
        </div>
      </div>
    );
  }
  return (
    <li className="flex min-w-0 flex-col gap-2 rounded-lg border border-border p-2">
      <p className="truncate text-xs font-medium text-muted-foreground">{model}</p>
      {body}
    </li>
  );
}

/**
 * A catalogue's progress and results, grouped by garment (one row of models each): what each pair
 * is doing, the photos with their actions as they arrive, and one zip of everything made.
 */
export function CatalogueView({
  batch,
  videoAccess,
  onCancel,
  canceling,
  cancelError,
}: CatalogueViewProps) {
  const total = batch.counts.total;
  const finishedPairs = done(batch);
  const note =
    batch.items.find((item) => item.generation.previewNote)?.generation.previewNote ?? null;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h4 className="text-base font-semibold">{batch.name}</h4>
          <div className="flex flex-wrap gap-2">
            {batch.status === 'running' ? (
              <Button variant="outline" size="sm" onClick={onCancel} disabled={canceling}>
                {canceling ? 'Canceling…' : 'Cancel remaining'}
              </Button>
            ) : null}
            {batch.zipUrl !== null ? (
              <a href={batch.zipUrl} download className={cn(buttonVariants({ size: 'sm' }))}>
                <Download aria-hidden="true" />
                Download all (.zip)
              </a>
            ) : null}
          </div>
        </div>
        <div
          role="progressbar"
          aria-label="Catalogue progress"
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={finishedPairs}
          aria-valuetext={`${String(finishedPairs)} of ${String(total)}`}
          className="h-2 overflow-hidden rounded-full bg-muted"
        >
          <div
            className="h-full bg-primary transition-[width]"
            style={{ width: `${String(total > 0 ? (finishedPairs / total) * 100 : 0)}%` }}
          />
        </div>
        <p role="status" className="text-sm text-muted-foreground">
          {statusLine(batch)}
        </p>
        {cancelError !== null ? (
          <Alert variant="destructive" role="alert">
            {cancelError}
          </Alert>
        ) : null}
      </div>

      <PreviewNote note={note} />

      {batch.garments.map((garment, garmentIndex) => {
        const headingId = `catalogue-garment-${String(garmentIndex)}`;
        const items = batch.items.filter((item) => item.garmentIndex === garmentIndex);
        return (
          <section
            key={garment.imageUrl}
            aria-labelledby={headingId}
            className="flex flex-col gap-2"
          >
            <div className="flex items-center gap-2">
              <img
                src={garment.imageUrl}
                alt=""
                className="size-10 rounded-md bg-muted object-contain"
              />
              <h5 id={headingId} className="text-sm font-semibold">
                {garment.name}
              </h5>
            </div>
            <ul
              aria-label={`${garment.name} on each model`}
              className="grid grid-cols-2 gap-3 md:grid-cols-4"
            >
              {items.map((item) => (
                <PairCell
                  key={item.generation.id}
                  item={item}
                  garment={garment.name}
                  model={
                    batch.models[item.modelIndex]?.name ?? `Model ${String(item.modelIndex + 1)}`
                  }
                  videoAccess={videoAccess}
                />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

/** A past try-on's photos handed over by the gallery's View, until the first catalogue here. */
export function HandedOverPhotos({
  results,
  videoAccess,
}: {
  results: HandedOverResults;
  videoAccess: 'open' | 'locked';
}) {
  const several = results.urls.length > 1;
  return (
    <ResultGrid
      urls={results.urls}
      altText={(index) => `Generated photo ${String(index + 1)}`}
      renderActions={(url, index) => (
        <ResultActions
          url={url}
          filename={downloadName('garment', 'model', index)}
          index={several ? index : null}
          generationId={results.generationId}
          prompt={results.prompt}
          videoAccess={videoAccess}
        />
      )}
    />
  );
}
