import { useId, useState, type DragEvent } from 'react';
import { ImagePlus, X } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { IMAGE_ACCEPT } from '@/features/generations';
import { cn } from '@/lib/cn';
import type { ImageList } from '../hooks/use-image-list';

interface ImageListPanelProps {
  list: ImageList;
  /** The file input's accessible name ('Upload garment photos'). */
  label: string;
  /** The list's accessible name ('Garments'). */
  listLabel: string;
  hint: string;
  max: number;
  disabled?: boolean;
}

/**
 * Several photos at once: a drop zone (click, or drop files anywhere on it) over the list of
 * photos, each with its upload state and a Remove button. The real file input stays in the page
 * (visually hidden) so keyboards, screen readers and browser tests use it directly.
 */
export function ImageListPanel({
  list,
  label,
  listLabel,
  hint,
  max,
  disabled = false,
}: ImageListPanelProps) {
  const id = useId();
  const [dragging, setDragging] = useState(false);
  const full = list.items.length >= max;

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) list.add([...event.dataTransfer.files]);
  };

  return (
    <div
      className="flex flex-col gap-3"
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled && !full) setDragging(true);
      }}
      onDragLeave={() => {
        setDragging(false);
      }}
      onDrop={onDrop}
    >
      <label
        htmlFor={id}
        className={cn(
          'flex cursor-pointer flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed px-4 py-6 text-center transition-colors',
          'has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-ring',
          dragging ? 'border-brand-500 bg-brand-50' : 'border-border hover:border-brand-200',
          (disabled || full) && 'cursor-not-allowed opacity-60',
        )}
      >
        <ImagePlus aria-hidden="true" className="size-7 text-muted-foreground" />
        <span className="text-sm font-medium">
          {full ? `${String(max)} of ${String(max)} added` : label}
        </span>
        <span className="text-xs text-muted-foreground">{hint}</span>
        <input
          id={id}
          type="file"
          multiple
          accept={IMAGE_ACCEPT}
          aria-label={label}
          disabled={disabled || full}
          className="sr-only"
          onChange={(event) => {
            list.add([...(event.currentTarget.files ?? [])]);
            event.currentTarget.value = '';
          }}
        />
      </label>

      <p role="status" className="text-xs text-muted-foreground empty:hidden">
        {list.uploading ? '' : (list.status ?? '')}
      </p>

      {list.notice !== null ? (
        <Alert variant="destructive" role="alert">
          {list.notice}
        </Alert>
      ) : null}

      {list.items.length > 0 ? (
        <ul aria-label={listLabel} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {list.items.map((item) => (
            <li
              key={item.key}
              className="flex min-w-0 flex-col gap-1.5 rounded-lg border border-border p-1.5"
            >
              <div className="relative">
                <img
                  src={item.displayUrl}
                  alt={item.name}
                  className={cn(
                    'aspect-[3/4] w-full rounded-md bg-muted object-contain',
                    item.status === 'uploading' && 'opacity-60',
                  )}
                />
                {item.status === 'uploading' ? (
                  <span className="absolute inset-0 flex items-center justify-center">
                    <Spinner className="size-6 text-primary" />
                    <span className="sr-only">Uploading {item.name}</span>
                  </span>
                ) : null}
                <Button
                  variant="secondary"
                  size="icon-sm"
                  className="absolute top-1 right-1 size-7 rounded-full"
                  aria-label={`Remove ${item.name}`}
                  disabled={disabled}
                  onClick={() => {
                    list.remove(item.key);
                  }}
                >
                  <X aria-hidden="true" />
                </Button>
              </div>
              <span className="truncate px-0.5 text-xs font-medium" title={item.name}>
                {item.name}
              </span>
              {item.status === 'error' ? (
                <span role="alert" className="px-0.5 text-xs text-destructive">
                  {item.error}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
