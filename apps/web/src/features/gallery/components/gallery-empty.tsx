import { ImageOff } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button-variants';
import { paths } from '@/config/paths';

const SHORTCUTS = [paths.photoshoot, paths.tryOn, paths.fashionExtractor] as const;

/** No generations (spec §2): a hint to loosen the filters, or where to start creating. */
export function GalleryEmpty({ filtered }: { filtered: boolean }) {
  return (
    <section
      aria-labelledby="gallery-empty-title"
      className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border bg-surface px-4 py-12 text-center"
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <ImageOff aria-hidden="true" className="size-6" />
      </span>
      <h3 id="gallery-empty-title" className="text-lg font-semibold">
        No generations found
      </h3>
      <p className="max-w-sm text-sm text-muted-foreground">
        {filtered
          ? 'Try adjusting your search or filter...'
          : 'Start creating photoshoots or try-ons to see them here.'}
      </p>
      {filtered ? null : (
        <nav aria-label="Start creating" className="mt-2 flex flex-wrap justify-center gap-2">
          {SHORTCUTS.map((shortcut) => (
            <Link
              key={shortcut.path}
              to={shortcut.path}
              className={buttonVariants({ variant: 'outline', size: 'sm' })}
            >
              {shortcut.title}
            </Link>
          ))}
        </nav>
      )}
    </section>
  );
}
