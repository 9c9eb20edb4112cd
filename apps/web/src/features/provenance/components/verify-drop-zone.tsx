import { useId, useState, type ChangeEvent, type DragEvent } from 'react';
import { FileSearch } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button-variants';
import { cn } from '@/lib/cn';
import { VERIFY_ACCEPT } from '../lib/file-format';

/**
 * Where a file is dropped or chosen. The real file input stays in the page (visually hidden, as
 * the upload panel's) so keyboards, screen readers and browser tests use it; the visible
 * "Choose a file" is its label, styled as a button, and shows its focus.
 */
export function VerifyDropZone({ onFile }: { onFile: (file: File) => void }) {
  const id = useId();
  const [dragging, setDragging] = useState(false);

  const take = (files: FileList | null) => {
    const file = files?.[0];
    if (file) onFile(file);
  };
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    take(event.currentTarget.files);
    // Choosing the same file again must read it again.
    event.currentTarget.value = '';
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files);
  };

  return (
    <div
      data-testid="verify-drop-zone"
      className={cn(
        'flex flex-col items-center gap-3 rounded-lg border-2 border-dashed border-input bg-muted/40 px-4 py-8 text-center transition-colors',
        dragging && 'border-brand-400 bg-brand-50',
      )}
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
      <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <FileSearch aria-hidden="true" className="size-6" />
      </span>
      <p className="font-medium">Drop an image or video here</p>
      <input
        id={id}
        type="file"
        accept={VERIFY_ACCEPT}
        aria-describedby={`${id}-hint`}
        className="peer sr-only"
        onChange={onChange}
      />
      <label
        htmlFor={id}
        className={cn(
          buttonVariants({ variant: 'outline' }),
          'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring',
        )}
      >
        Choose a file
      </label>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        JPEG, PNG, WebP or MP4, up to 200 MB. Read in your browser, never uploaded.
      </p>
    </div>
  );
}
