import { memo, useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import {
  Download,
  ExternalLink,
  Eye,
  History,
  Images,
  LoaderCircle,
  Palette,
  RotateCcw,
} from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import type { GalleryItem } from '@studio/contract';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FidelityBadge, fetchGenerationSettings } from '@/features/generations';
import { ListingBadges } from '@/features/listing';
import { CredentialsDisclosure } from '@/features/provenance';
import { useGenerationDownload } from '../hooks/use-generation-download';
import { cardNames, mediaCountLabel, shortText } from '../lib/card-display';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { toHttpUrl } from '@/lib/media-url';
import { madeFromHref, reuseTarget, viewTarget } from '../lib/view-target';
import { GalleryImage } from './gallery-image';
import { ShareButton } from './share-button';

/** The card image: the small thumbnail the server made, else the first full image. */
function cardImage(item: GalleryItem): string | null {
  const source = item.thumbnailUrl ?? item.imageUrlList[0];
  return source === undefined ? null : toHttpUrl(source, window.location.origin);
}

interface GalleryCardProps {
  item: GalleryItem;
  priority: boolean;
  selected?: boolean;
  /** The card's checkbox was clicked: its generation, and `range` when Shift was held (ADR 030). */
  onSelect?: (generationId: string, range: boolean) => void;
  /** Opens the result viewer on the card's first image (a View button on cards with images only). */
  onView?: (item: GalleryItem) => void;
}

/**
 * One past generation (document 1 §2 Gallery): image, counts, type, date, prompt and actions. It
 * renders again only when its own props change: the grid passes the same handlers to every card,
 * so one more card made, or a selection elsewhere, leaves the others as they are.
 */
export const GalleryCard = memo(function GalleryCard({
  item,
  priority,
  selected = false,
  onSelect,
  onView,
}: GalleryCardProps) {
  const { label, date, prompt, subject, name } = cardNames(item);
  const { downloading, download, failed } = useGenerationDownload(item);
  const failedListId = useId();

  return (
    <article
      aria-label={name}
      className={cn(
        'flex h-full flex-col overflow-hidden rounded-xl border border-border bg-surface shadow-card',
        selected && 'ring-2 ring-brand-600',
      )}
    >
      <div className="relative">
        <GalleryImage
          src={cardImage(item)}
          thumbhash={item.thumbhash}
          alt={prompt === '' ? `${label} result` : shortText(prompt, 120)}
          priority={priority}
          video={item.numberOfVideos > 0}
        />
        {onSelect ? (
          // A large hit area on the image's corner; the box itself stays the native control.
          <label className="absolute top-1 right-1 flex size-11 cursor-pointer items-center justify-center">
            <input
              type="checkbox"
              aria-label={`Select ${name}`}
              checked={selected}
              className="size-5 cursor-pointer accent-brand-600"
              // The click, not the change: only a click carries Shift (for range selection), and
              // Space on the focused box clicks it too. Preact's change is the native event.
              onClick={(event) => {
                onSelect(item.generationId, event.shiftKey);
              }}
            />
          </label>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
          <span className="flex flex-wrap items-center gap-1.5">
            <Badge variant="brand">{label}</Badge>
            {/* Under the picture, never on it: a badge must not hide part of a result. */}
            <Badge variant="outline">
              <Images aria-hidden="true" />
              {item.views && item.views.length > 0
                ? `${String(item.views.length)} view${item.views.length === 1 ? '' : 's'}`
                : mediaCountLabel(item.numberOfImages, item.numberOfVideos)}
            </Badge>
            {item.fidelity ? <FidelityBadge fidelity={item.fidelity} /> : null}
            {/* The seller's marketplaces' verdicts on the image (nothing when none is chosen). */}
            {item.imageUrlList.length > 0 ? (
              <ListingBadges target={{ generationId: item.generationId }} subject={name} />
            ) : null}
          </span>
          <time
            className="text-xs text-muted-foreground"
            dateTime={Number.isNaN(Date.parse(item.timestamp)) ? undefined : item.timestamp}
          >
            {date}
          </time>
        </div>
        <p
          className="line-clamp-2 min-h-10 text-sm break-words text-foreground"
          title={prompt === '' ? undefined : prompt}
        >
          {prompt === '' ? <span className="text-muted-foreground italic">No prompt</span> : prompt}
        </p>
        {/* Buttons share a row where they fit and wrap on narrow cards. */}
        <div className="mt-auto flex flex-wrap gap-2 *:flex-1">
          <Button variant="outline" size="sm" loading={downloading} onClick={download}>
            {downloading ? null : <Download aria-hidden="true" />}
            {downloading ? 'Downloading…' : 'Download'}
          </Button>
          <ShareButton item={item} subject={subject} />
          {/* The viewer shows images; a video plays on the card and opens in its tool. */}
          {onView && item.imageUrlList.length > 0 ? (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                onView(item);
              }}
            >
              <Eye aria-hidden="true" />
              View
            </Button>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-sm">
          {item.group ? (
            // A colourway is one of a set: the set's page has all of them, their zip and a pack.
            <Link
              to={`${paths.colourways.path}?set=${encodeURIComponent(item.group.id)}`}
              className="inline-flex items-center gap-1 font-medium text-primary underline-offset-2 hover:underline"
            >
              <Palette aria-hidden="true" className="size-3.5" />
              {`All ${String(item.group.size)} colourways`}
            </Link>
          ) : null}
          <OpenInToolLink item={item} />
          <ReuseSettingsLink item={item} />
          {item.madeFrom ? (
            <Link
              to={madeFromHref(item.madeFrom)}
              className="inline-flex items-center gap-1 text-muted-foreground underline-offset-2 hover:underline"
            >
              <History aria-hidden="true" className="size-3.5" />
              Made from
            </Link>
          ) : null}
        </div>
        <CredentialsDisclosure
          credentials={item.credentials}
          tool={item.type}
          outputUrl={item.imageUrlList[0] ?? item.videoUrlList[0]}
        />
        {failed.length > 0 ? (
          <div className="text-sm">
            <p id={failedListId} className="text-destructive">
              Some files could not be downloaded. Open them to save them yourself:
            </p>
            <ul aria-labelledby={failedListId} className="mt-1 flex flex-wrap gap-x-3 gap-y-1">
              {failed.map((file) => (
                <li key={file.position}>
                  <a
                    href={file.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex items-center gap-1 text-brand-700 underline underline-offset-2"
                  >
                    Open file {file.position}
                    <ExternalLink aria-hidden="true" className="size-3.5" />
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </article>
  );
});

/** The tool that made it, primed with its inputs and results (what View did before the result viewer). */
export function OpenInToolLink({ item, className }: { item: GalleryItem; className?: string }) {
  const target = viewTarget(item);
  return (
    <Link
      to={target.path}
      state={target.state}
      className={cn(
        'inline-flex items-center gap-1 text-brand-700 underline-offset-2 hover:underline',
        className,
      )}
    >
      <ExternalLink aria-hidden="true" className="size-3.5" />
      Open in tool
    </Link>
  );
}

const REUSE_FAILED = 'Could not load the settings of this generation. Please try again.';

/**
 * Reuse settings (ADR 030): asks the server for the settings the generation was made with (the
 * gallery list stays lean without them), then opens its tool with them. While it asks, the link
 * shows it is busy; if asking fails, the card says so and stays where it is, rather than opening
 * the tool without the settings.
 */
function ReuseSettingsLink({ item }: { item: GalleryItem }) {
  const navigate = useNavigate();
  const [status, setStatus] = useState<'idle' | 'loading' | 'failed'>('idle');
  const asking = useRef<AbortController | null>(null);
  // A card that leaves the page (paging, filtering) must not open a tool later on its own.
  useEffect(() => () => asking.current?.abort(), []);
  const { path } = viewTarget(item);

  const reuse = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    if (asking.current) return;
    const controller = new AbortController();
    asking.current = controller;
    setStatus('loading');
    fetchGenerationSettings(item.generationId, controller.signal).then(
      (settings) => {
        if (controller.signal.aborted) return;
        const target = reuseTarget(item, settings);
        void navigate(target.path, { state: target.state });
      },
      () => {
        if (controller.signal.aborted) return;
        asking.current = null;
        setStatus('failed');
      },
    );
  };

  const busy = status === 'loading';
  return (
    <>
      <Link
        to={path}
        onClick={reuse}
        aria-busy={busy}
        aria-disabled={busy}
        className={cn(
          'inline-flex items-center gap-1 text-brand-700 underline-offset-2 hover:underline',
          busy && 'cursor-progress opacity-70',
        )}
      >
        {busy ? (
          <LoaderCircle aria-hidden="true" className="size-3.5 animate-spin" />
        ) : (
          <RotateCcw aria-hidden="true" className="size-3.5" />
        )}
        Reuse settings
      </Link>
      {status === 'failed' ? (
        <p role="alert" className="basis-full text-destructive">
          {REUSE_FAILED}
        </p>
      ) : null}
    </>
  );
}
