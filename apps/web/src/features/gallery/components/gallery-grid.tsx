import type { GalleryItem } from '@studio/contract';
import { GalleryCard } from './gallery-card';

/** One column on phones, up to four on wide screens; shared with the loading skeletons. */
export const GALLERY_GRID = 'grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';

/** Document 1 §2: the first 6 images of a page load with priority, the rest lazily. */
export const PRIORITY_IMAGES = 6;

interface GalleryGridProps {
  items: readonly GalleryItem[];
  selected?: ReadonlySet<string>;
  onSelect?: (id: string, range: boolean) => void;
}

export function GalleryGrid({ items, selected, onSelect }: GalleryGridProps) {
  return (
    <ul aria-label="Generations" className={GALLERY_GRID}>
      {items.map((item, index) => (
        <li key={item.generationId} className="min-w-0">
          <GalleryCard
            item={item}
            priority={index < PRIORITY_IMAGES}
            selected={selected?.has(item.generationId) ?? false}
            {...(onSelect
              ? {
                  onSelect: (range: boolean) => {
                    onSelect(item.generationId, range);
                  },
                }
              : {})}
          />
        </li>
      ))}
    </ul>
  );
}
