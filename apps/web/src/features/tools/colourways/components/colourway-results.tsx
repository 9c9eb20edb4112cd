import type { ColourwayGeneration, ColourwaySet } from '@studio/contract/responses';
import { COLOURWAY_MAX_DELTA_E } from '@studio/contract/constants';
import { Badge } from '@/components/ui/badge';
import { Spinner } from '@/components/ui/spinner';
import { DownloadButton } from '@/features/generations';
import { ListingPackButton } from '@/features/listing';
import { colourwayZipUrl, setFinished } from '../api/colourways';

/** A variant's file: its name made safe for a file system (the extension follows the content). */
const fileName = (name: string) => `${name.replace(/[^\p{L}\p{N}._-]+/gu, '-')}.jpg`;

/** 'ΔE 0.8': how far the garment came out from the variant's colour. */
const deltaText = (deltaE: number) => `ΔE ${deltaE.toFixed(1)}`;

function VariantResult({ generation }: { generation: ColourwayGeneration }) {
  const { variant, status, measure } = generation;
  const swatch = (
    <span
      aria-hidden="true"
      className="inline-block size-4 shrink-0 rounded-full border border-border"
      style={{ backgroundColor: variant.colour }}
    />
  );
  return (
    <li className="space-y-2 rounded-md border border-border p-2">
      <div className="flex aspect-[3/4] items-center justify-center overflow-hidden rounded bg-muted">
        {status === 'succeeded' && generation.outputUrl ? (
          <img
            src={generation.thumbnailUrl ?? generation.outputUrl}
            alt={`${variant.name} in ${variant.colour}`}
            className="size-full object-contain"
          />
        ) : status === 'queued' || status === 'running' ? (
          <span role="status" className="flex items-center gap-2 text-xs text-muted-foreground">
            <Spinner />
            {status === 'queued' ? 'Waiting…' : 'Recolouring…'}
          </span>
        ) : (
          <p className="p-3 text-center text-xs text-destructive">
            {generation.error ?? 'This variant could not be made.'} Its credit was refunded.
          </p>
        )}
      </div>
      <p className="flex items-center gap-2 text-sm font-medium break-all">
        {swatch}
        {variant.name}
      </p>
      <p className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
        <span className="font-mono">{variant.colour}</span>
        {measure ? (
          <Badge
            variant={measure.passed ? 'success' : 'destructive'}
            title={`Measured ${measure.measured}`}
          >
            {deltaText(measure.deltaE)}
            {measure.passed ? ' · match' : ' · missed'}
          </Badge>
        ) : null}
      </p>
      {status === 'succeeded' && generation.outputUrl ? (
        <DownloadButton
          url={generation.outputUrl}
          filename={fileName(variant.name)}
          size="sm"
          variant="outline"
          aria-label={`Download ${variant.name}`}
        />
      ) : null}
    </li>
  );
}

/** A set's variants as they come in, each with its measured ΔE, and the zip once all ended. */
export function ColourwayResults({ set }: { set: ColourwaySet }) {
  const done = set.generations.filter((g) => g.status === 'succeeded').length;
  const finished = setFinished(set);
  return (
    <section aria-label="Colourway results" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p role="status" className="text-sm text-muted-foreground">
          {finished
            ? `${String(done)} of ${String(set.generations.length)} colourways made. ΔE is the measured difference from the colour asked for: ${String(COLOURWAY_MAX_DELTA_E)} or less is a match.`
            : `Making ${String(set.generations.length)} colourways…`}
        </p>
        {finished && done > 0 ? (
          <span className="flex flex-wrap items-center gap-3">
            <ListingPackButton
              variant="outline"
              size="sm"
              source={{
                kind: 'colourways',
                setId: set.setId,
                // Every variant in the set's order (the server pairs SKUs with them by place);
                // one that failed has no photo and makes no listing.
                garments: set.generations.map((g) => ({
                  name: g.variant.name,
                  photos: g.status === 'succeeded' ? 1 : 0,
                })),
              }}
            />
            <a
              href={colourwayZipUrl(set.setId)}
              className="text-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              Download all (zip)
            </a>
          </span>
        ) : null}
      </div>
      <ul aria-label="Colourways" className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {set.generations.map((generation) => (
          <VariantResult key={generation.generationId} generation={generation} />
        ))}
      </ul>
    </section>
  );
}
