import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ChangeEvent,
  type DragEvent,
  type RefObject,
} from 'react';
import { ImageUp, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import type { ImageUpload } from '../hooks/use-image-upload';
import { IMAGE_ACCEPT } from '../lib/upload-rules';

interface UploadPanelProps {
  upload: Pick<ImageUpload, 'status' | 'image' | 'message' | 'detail' | 'upload' | 'clear'>;
  /** What may be uploaded, e.g. 'PNG, JPG, WebP up to 10MB'. */
  hint: string;
  /** The file input's accessible name. */
  label?: string;
  /** The uploaded image's alternative text. */
  imageAlt?: string;
  /** The page is checking a Generate click for this image: it cannot be removed meanwhile. */
  locked?: boolean;
  className?: string;
}

/**
 * A ref callback that keeps `slot` pointing at the element and sets `lost` when the element
 * leaves the page while it has focus (the cleanup runs before the element is removed).
 */
function noteFocusLoss<T extends HTMLElement>(slot: RefObject<T | null>, lost: RefObject<boolean>) {
  return (node: T | null) => {
    slot.current = node;
    if (!node) return;
    return () => {
      if (document.activeElement === node) lost.current = true;
      if (slot.current === node) slot.current = null;
    };
  };
}

/**
 * One-image drop zone (document 2 §4 Upload): click or drag and drop, a local preview with a
 * spinner while uploading, the outcome message, and an x button that clears the image. The real
 * file input stays in the page (visually hidden) so keyboards, screen readers and browser tests
 * use it directly; dropping a file anywhere on the panel replaces the image.
 */
export function UploadPanel({
  upload,
  hint,
  label = 'Upload image',
  imageAlt = 'Uploaded image',
  locked = false,
  className,
}: UploadPanelProps) {
  const id = useId();
  const [dragging, setDragging] = useState(false);
  const { status, image, message, detail } = upload;
  const hasImage = image !== null;

  // The file input and 'Remove image' replace each other. When the one with focus goes (a file
  // was chosen, the image was removed or its upload failed), focus moves to the other instead
  // of dropping to the page's start.
  const input = useRef<HTMLInputElement | null>(null);
  const remove = useRef<HTMLButtonElement | null>(null);
  const focusLost = useRef(false);
  const inputRef = useMemo(() => noteFocusLoss(input, focusLost), []);
  const removeRef = useMemo(() => noteFocusLoss(remove, focusLost), []);
  const shownImage = useRef(hasImage);
  useEffect(() => {
    const swapped = shownImage.current !== hasImage;
    shownImage.current = hasImage;
    const move = swapped && focusLost.current;
    // Only the render that swapped the controls may move focus; a later one must not. A loss
    // noted when a file was chosen waits for its swap (renders may come between, as the upload
    // starts), unless the upload ends without an image.
    if (swapped || status === 'error') focusLost.current = false;
    if (move) (hasImage ? remove : input).current?.focus();
  });

  const take = (files: FileList | null) => {
    const file = files?.[0];
    if (file) upload.upload(file);
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    // A file was chosen, but browsers differ on whether the input still has focus while the file
    // dialog closes; either way focus belongs on 'Remove image' once the image shows. A dialog
    // closed with no file changes nothing, so a later image (dropped, handed over) leaves focus be.
    if (event.currentTarget.files?.length) focusLost.current = true;
    take(event.currentTarget.files);
    // Choosing the same file again after Remove must fire `change` again.
    event.currentTarget.value = '';
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files);
  };

  return (
    <div
      className={cn('flex flex-col gap-3', className)}
      onDragOver={(event) => {
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setDragging(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={onDrop}
    >
      {image ? (
        <div
          className={cn(
            'relative overflow-hidden rounded-lg border border-border bg-muted',
            dragging && 'ring-3 ring-ring/40',
          )}
        >
          <img
            src={image.displayUrl}
            alt={imageAlt}
            className="mx-auto max-h-[28rem] w-full object-contain"
          />
          {status === 'uploading' ? (
            <div
              role="status"
              className="absolute inset-0 flex items-center justify-center gap-2 bg-surface/70 text-sm font-medium"
            >
              <Spinner className="size-5 text-primary" />
              Uploading image…
            </div>
          ) : null}
          <Button
            ref={removeRef}
            variant="outline"
            size="icon-sm"
            aria-label="Remove image"
            className="absolute top-2 right-2 rounded-full bg-surface/90"
            disabled={locked}
            onClick={upload.clear}
          >
            <X aria-hidden="true" />
          </Button>
        </div>
      ) : (
        <div
          className={cn(
            'relative rounded-lg border-2 border-dashed border-input bg-muted/40 transition-colors hover:border-brand-300 hover:bg-brand-50/40',
            'has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-ring',
            dragging && 'border-brand-400 bg-brand-50',
          )}
        >
          <input
            ref={inputRef}
            id={id}
            type="file"
            accept={IMAGE_ACCEPT}
            aria-labelledby={`${id}-label`}
            aria-describedby={`${id}-hint`}
            className="sr-only"
            onChange={onChange}
          />
          <label
            htmlFor={id}
            className="flex min-h-52 cursor-pointer flex-col items-center justify-center gap-2 px-4 py-8 text-center"
          >
            <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
              <ImageUp aria-hidden="true" className="size-6" />
            </span>
            <span id={`${id}-label`} className="font-medium">
              {label}
            </span>
            <span className="text-sm text-muted-foreground">Click to browse or drag and drop</span>
            <span id={`${id}-hint`} className="text-xs text-muted-foreground">
              {hint}
            </span>
          </label>
        </div>
      )}
      {status === 'error' && message ? (
        <div role="alert" className="text-sm">
          <p className="font-medium text-destructive">{message}</p>
          {detail ? <p className="text-muted-foreground">{detail}</p> : null}
        </div>
      ) : null}
      {/* Always present, so the success line is announced when it appears. */}
      <div role="status" className="text-sm font-medium text-success empty:hidden">
        {status === 'success' ? message : null}
      </div>
    </div>
  );
}
