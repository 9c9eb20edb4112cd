import { useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { ChevronLeft, ChevronRight, SplitSquareHorizontal } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { CompareSlider } from '@/components/ui/compare-slider';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { useFileSize } from '../hooks/use-file-size';
import { formatBytes, formatResolution } from '../lib/format-bytes';
import { DownloadButton } from './download-button';

/** One result the viewer can show. */
export interface ViewerItem {
  url: string;
  /** What the picture shows: its alternative text and the viewer's title. */
  name: string;
  /** The saved file's name. */
  filename: string;
  /** The input it was made from, for before/after; null when there is none. */
  beforeUrl: string | null;
}

interface ResultViewerProps {
  items: readonly ViewerItem[];
  /** The result shown; null keeps the viewer closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  /** More actions for the shown result, next to Download (e.g. Open in the tool). */
  renderActions?: (item: ViewerItem, index: number) => ReactNode;
}

/** A horizontal move at least this long (px), and longer than it is tall, is a swipe. */
const SWIPE_PX = 50;

/**
 * The result viewer (ADR 052): one result at full size on a dark stage, its resolution and file
 * size, before/after against its input, Previous/Next by button, arrow key or swipe, Download,
 * and the caller's actions. A Radix dialog: Escape closes, focus stays inside and goes back.
 */
export function ResultViewer({
  items,
  index,
  onIndexChange,
  onClose,
  renderActions,
}: ResultViewerProps) {
  const item = index === null ? undefined : items[index];
  return (
    <Dialog
      open={item !== undefined}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      {item !== undefined && index !== null ? (
        <ViewerContent
          items={items}
          item={item}
          index={index}
          onIndexChange={onIndexChange}
          renderActions={renderActions}
        />
      ) : null}
    </Dialog>
  );
}

function ViewerContent({
  items,
  item,
  index,
  onIndexChange,
  renderActions,
}: Omit<ResultViewerProps, 'index' | 'onClose'> & { item: ViewerItem; index: number }) {
  const [comparing, setComparing] = useState(false);
  // The size read from the picture on load, kept with its URL: another result shows none until its
  // own picture has loaded (compare stays as the user set it).
  const [measured, setMeasured] = useState<{ url: string; width: number; height: number } | null>(
    null,
  );
  const size = measured?.url === item.url ? measured : null;
  const bytes = useFileSize(item.url);
  const swipeFrom = useRef<{ x: number; y: number } | null>(null);
  const count = items.length;
  const hasPrevious = index > 0;
  const hasNext = index < count - 1;
  const go = (next: number) => {
    if (next >= 0 && next < count) onIndexChange(next);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    // The divider's own arrow keys move the divider.
    if (event.target instanceof HTMLInputElement) return;
    if (event.key === 'ArrowLeft') go(index - 1);
    else if (event.key === 'ArrowRight') go(index + 1);
    else return;
    event.preventDefault();
  };
  const onPointerDown = (event: PointerEvent) => {
    const onControl =
      event.target instanceof HTMLElement && event.target.closest('input, button, a') !== null;
    swipeFrom.current = onControl ? null : { x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent) => {
    const from = swipeFrom.current;
    swipeFrom.current = null;
    if (!from) return;
    const dx = event.clientX - from.x;
    const dy = event.clientY - from.y;
    if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < Math.abs(dy)) return;
    go(dx < 0 ? index + 1 : index - 1);
  };
  const onLoad = (event: { currentTarget: HTMLImageElement }) => {
    const { naturalWidth: width, naturalHeight: height } = event.currentTarget;
    if (width > 0 && height > 0) setMeasured({ url: item.url, width, height });
  };

  return (
    <DialogContent
      onKeyDown={onKeyDown}
      className="top-0 left-0 flex h-dvh max-h-none w-screen max-w-none translate-x-0 translate-y-0 flex-col gap-3 rounded-none border-0 bg-neutral-950 p-3 text-white sm:p-5 [&>button]:text-white [&>button]:hover:bg-white/15 [&>button]:hover:text-white"
    >
      <div className="flex flex-col gap-0.5 pr-10">
        <DialogTitle className="truncate text-base text-white">{item.name}</DialogTitle>
        <DialogDescription className="text-xs text-white/70">
          {count > 1 ? `${String(index + 1)} of ${String(count)} · ` : ''}
          {count > 1 ? 'Arrow keys or swipe for the others · ' : ''}Esc closes
        </DialogDescription>
      </div>

      <div
        className="relative flex min-h-0 flex-1 touch-pan-y items-center justify-center overflow-hidden select-none"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          swipeFrom.current = null;
        }}
      >
        {comparing && item.beforeUrl !== null ? (
          <CompareSlider
            before={item.beforeUrl}
            after={item.url}
            beforeAlt={`Original of ${item.name}`}
            afterAlt={item.name}
            onAfterLoad={onLoad}
          />
        ) : (
          <img
            src={item.url}
            alt={item.name}
            onLoad={onLoad}
            draggable={false}
            className="max-h-full max-w-full object-contain"
          />
        )}
      </div>

      <dl className="flex flex-wrap justify-center gap-x-4 gap-y-1 text-sm text-white/85">
        <div className="flex gap-1.5">
          <dt className="text-white/60">Resolution</dt>
          <dd>{size ? formatResolution(size.width, size.height) : '…'}</dd>
        </div>
        <div className="flex gap-1.5">
          <dt className="text-white/60">File size</dt>
          <dd>{bytes !== null ? formatBytes(bytes) : '…'}</dd>
        </div>
      </dl>

      <div className="flex flex-wrap items-center justify-center gap-2 [&_a]:border-white/30 [&_a]:bg-transparent [&_a]:text-white [&_button]:border-white/30 [&_button]:bg-transparent [&_button]:text-white">
        {count > 1 ? (
          <StepButton
            label="Previous result"
            blocked={!hasPrevious}
            onClick={() => {
              go(index - 1);
            }}
          >
            <ChevronLeft aria-hidden="true" />
          </StepButton>
        ) : null}
        {item.beforeUrl !== null ? (
          <Button
            variant="outline"
            size="sm"
            aria-pressed={comparing}
            onClick={() => {
              setComparing((on) => !on);
            }}
          >
            <SplitSquareHorizontal aria-hidden="true" />
            Compare with original
          </Button>
        ) : null}
        <DownloadButton size="sm" url={item.url} filename={item.filename} />
        {renderActions?.(item, index)}
        {count > 1 ? (
          <StepButton
            label="Next result"
            blocked={!hasNext}
            onClick={() => {
              go(index + 1);
            }}
          >
            <ChevronRight aria-hidden="true" />
          </StepButton>
        ) : null}
      </div>
    </DialogContent>
  );
}

/** Previous or Next: at either end it stays focusable and does nothing. */
function StepButton({
  label,
  blocked,
  onClick,
  children,
}: {
  label: string;
  blocked: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button
      variant="outline"
      size="sm"
      aria-label={label}
      // Not `disabled`: a focused button that disables itself drops focus out of the dialog.
      aria-disabled={blocked}
      className="aria-disabled:opacity-40"
      onClick={onClick}
    >
      {children}
    </Button>
  );
}
