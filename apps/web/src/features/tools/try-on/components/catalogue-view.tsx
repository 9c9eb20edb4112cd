import type { BatchItem, Generation, TryOnBatch } from '@studio/contract';
import { useState } from 'react';
import { Download, Maximize2 } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { Spinner } from '@/components/ui/spinner';
import {
  FidelityCheck,
  PreviewNote,
  ResultActions,
  ResultGrid,
  ResultViewer,
  type ViewerItem,
} from '@/features/generations';
import { PackButton } from '@/features/listing';
import { CredentialsDisclosure } from '@/features/provenance';
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
  onView,
}: {
  generation: Generation;
  subject: string;
  garment: string;
  model: string;
  videoAccess: 'open' | 'locked';
  onView: (url: string) => void;
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
              onClick={() => {
                onView(url);
              }}
              className="aspect-[3/4] w-full cursor-zoom-in rounded-md bg-muted object-contain"
            />
            {/* Small buttons that wrap inside the card and never push out of it (390 px phones). */}
            <div className="flex min-w-0 flex-wrap gap-1.5 *:max-w-full [&_a]:h-8 [&_a]:px-2.5 [&_a]:text-xs [&_button]:h-8 [&_button]:px-2.5 [&_button]:text-xs">
              <Button
                variant="outline"
                aria-label={`View ${name}`}
                onClick={() => {
                  onView(url);
                }}
              >
                <Maximize2 aria-hidden="true" />
                View
              </Button>
              <ResultActions
                url={url}
                filename={downloadName(garment, model, index)}
                index={several ? index : null}
                subject={name}
                generationId={generation.id}
                tool={generation.type}
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
  onView,
}: {
  item: BatchItem;
  garment: string;
  model: string;
  videoAccess: 'open' | 'locked';
  onView: (url: string) => void;
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
      onView={onView}
    />
  );
  let body;
  if (generation.status === 'succeeded') {
    body = (
      <>
        {photos(generation)}
        <FidelityCheck generation={generation} renderRerun={photos} />
        <CredentialsDisclosure
          credentials={generation.credentials}
          tool={generation.type}
          outputUrl={generation.imageUrls[0]}
        />
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
 * Every finished photo of the catalogue, garment by garment, for the result viewer: each compared
 * with the model it was made on (the photo the garment changes).
 */
function cataloguePhotos(batch: TryOnBatch): ViewerItem[] {
  return batch.items.flatMap((item) => {
    const { generation } = item;
    if (generation.status !== 'succeeded') return [];
    const garment = batch.garments[item.garmentIndex]?.name ?? 'Garment';
    const model = batch.models[item.modelIndex];
    const modelName = model?.name ?? `Model ${String(item.modelIndex + 1)}`;
    const several = generation.imageUrls.length > 1;
    return generation.imageUrls.map((url, index) => ({
      url,
      name: `${garment} on ${modelName}${several ? ` ${String(index + 1)}` : ''}`,
      filename: downloadName(garment, modelName, index),
      beforeUrl: model?.imageUrl ?? null,
    }));
  });
}

/** Each garment's name and how many finished photos a listing pack of the catalogue gets of it. */
function packGarments(batch: TryOnBatch) {
  return batch.garments.map((garment, garmentIndex) => ({
    name: garment.name,
    photos: batch.items
      .filter(
        (item) => item.garmentIndex === garmentIndex && item.generation.status === 'succeeded',
      )
      .reduce((sum, item) => sum + item.generation.imageUrls.length, 0),
  }));
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
  const photos = cataloguePhotos(batch);
  const [viewing, setViewing] = useState<number | null>(null);
  const view = (url: string) => {
    const index = photos.findIndex((photo) => photo.url === url);
    if (index >= 0) setViewing(index);
  };
  return (
    <div className="flex flex-col gap-4">
      <ResultViewer
        items={photos}
        index={viewing !== null && viewing < photos.length ? viewing : null}
        onIndexChange={setViewing}
        onClose={() => {
          setViewing(null);
        }}
      />
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h4 className="text-base font-semibold">{batch.name}</h4>
          <div className="flex flex-wrap gap-2">
            {batch.status === 'running' ? (
              <Button variant="outline" size="sm" onClick={onCancel} disabled={canceling}>
                {canceling ? 'Canceling…' : 'Cancel remaining'}
              </Button>
            ) : null}
            {batch.status === 'finished' && batch.counts.succeeded > 0 ? (
              <PackButton
                variant="outline"
                size="sm"
                source={{ kind: 'batch', batchId: batch.id, garments: packGarments(batch) }}
              />
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
              // One model a row on phones: a card narrower than its buttons would overlap them.
              className="grid grid-cols-1 gap-3 min-[30rem]:grid-cols-2 xl:grid-cols-4"
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
                  onView={view}
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
      generationId={results.generationId}
      filename={(index) => downloadName('garment', 'model', index)}
      renderActions={(url, index) => (
        <ResultActions
          url={url}
          filename={downloadName('garment', 'model', index)}
          index={several ? index : null}
          generationId={results.generationId}
          tool="try-on"
          prompt={results.prompt}
          videoAccess={videoAccess}
        />
      )}
    />
  );
}
