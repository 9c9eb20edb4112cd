import { useState } from 'react';
import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { notify } from '@/components/ui/toast';
import { ListingPackButton, type PackItem } from '@/features/listing';
import { isApiError } from '@/lib/api-client';

/** Why the zip was refused, in words for the user: the server's, or what a 404 means here. */
function zipFailure(error: unknown): string {
  if (isApiError(error) && error.status === 404) {
    return 'Some of the selected items no longer exist. Refresh the gallery and try again.';
  }
  return isApiError(error) ? error.message : 'Please try again.';
}

interface SelectionToolbarProps {
  /** The picked cards, in page order. */
  selected: readonly string[];
  /** The picked cards with images, named as on their cards: what a listing pack can hold. */
  packItems: readonly PackItem[];
  pageCount: number;
  onSelectPage: () => void;
  onClear: () => void;
  onDelete: (ids: readonly string[]) => void;
}

/**
 * The actions on picked cards (ADR 030): how many are picked, Select page, Clear, one zip of
 * them, a listing pack of them (issue 33), Delete (with an undo window). Wraps onto more lines on a phone instead of scrolling.
 * Text-only buttons but Download: an icon two other pages use would move into every page's entry
 * chunk (vite.config.ts, minShareCount 3).
 */
export function SelectionToolbar({
  selected,
  packItems,
  pageCount,
  onSelectPage,
  onClear,
  onDelete,
}: SelectionToolbarProps) {
  const [zipping, setZipping] = useState(false);
  const count = selected.length;

  const downloadZip = async () => {
    setZipping(true);
    try {
      // Loaded on first use: the gallery's first load does not carry the zip code.
      const actions = await import('../api/gallery-actions');
      await actions.downloadZip(selected);
      // The browser saves the zip itself and shows its progress; all we know is that it started.
      notify.success(
        `Download started: ${String(count)} item(s) in one zip.`,
        'Your browser shows its progress.',
      );
    } catch (error) {
      notify.error('The zip could not be downloaded.', zipFailure(error));
    } finally {
      setZipping(false);
    }
  };

  return (
    <div
      role="toolbar"
      aria-label="Selected items"
      className="flex flex-wrap items-center gap-2 rounded-lg border border-border bg-surface p-2"
    >
      <p aria-live="polite" className="min-w-24 px-1 text-sm font-medium">
        {count === 0 ? 'None selected' : `${String(count)} selected`}
      </p>
      <Button
        variant="outline"
        size="sm"
        onClick={onSelectPage}
        disabled={pageCount === 0 || count >= pageCount}
      >
        Select page
      </Button>
      {count > 0 ? (
        <>
          <Button variant="ghost" size="sm" onClick={onClear}>
            Clear
          </Button>
          <Button
            variant="outline"
            size="sm"
            loading={zipping}
            onClick={() => {
              void downloadZip();
            }}
          >
            {zipping ? null : <Download aria-hidden="true" />}
            {zipping ? 'Preparing download…' : 'Download as zip'}
          </Button>
          {packItems.length > 0 ? (
            <ListingPackButton
              variant="outline"
              size="sm"
              source={{ kind: 'items', items: packItems }}
            />
          ) : null}
          <Button
            variant="destructive"
            size="sm"
            onClick={() => {
              onDelete(selected);
            }}
          >
            Delete
          </Button>
        </>
      ) : null}
    </div>
  );
}
