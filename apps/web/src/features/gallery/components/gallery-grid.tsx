import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import type { GalleryItem } from '@studio/contract';
import { ResultViewer, usePrefetchResultView } from '@/features/generations';
import { useGrowingCount } from '@/lib/growing-count';
import { useInView } from '../hooks/use-in-view';
import { viewerEntries } from '../lib/viewer-entries';
import { GalleryCard, OpenInToolLink } from './gallery-card';

/** One column on phones, up to four on wide screens; shared with the loading skeletons. */
export const GALLERY_GRID = 'grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';

/** Document 1 §2: the first 6 images of a page load with priority, the rest lazily. */
export const PRIORITY_IMAGES = 6;

/**
 * Cards in the render that shows a page's data, and in each task after it: one at a time, so no
 * task renders more than one card's work (issue 38: the gallery's longest tasks on a throttled
 * phone; one a task against two, /gallery at load: TBT 382 → 252 ms, LCP alike, 10 runs each).
 */
const CARDS_PER_TASK = 1;

/**
 * More cards are made while the last one made is within a screen of the viewport: on a phone (one
 * column) the first load makes the 3–4 cards of its first two screens, and the rest come as the
 * page scrolls toward them, a screen ahead; a desktop's first two screens hold a whole page of 12.
 */
const MAKE_AHEAD = '100% 0px';

interface GalleryGridProps {
  items: readonly GalleryItem[];
  selected?: ReadonlySet<string>;
  onSelect?: (id: string, range: boolean) => void;
}

/**
 * The page's cards, and the result viewer over every image on the page: View opens it on the
 * card's first image, and the arrows or a swipe go on through the page (ADR 052).
 */
export function GalleryGrid({ items, selected, onSelect }: GalleryGridProps) {
  const entries = viewerEntries(items);
  const [viewing, setViewing] = useState<number | null>(null);
  // The viewer (a dialog from the result view's chunk) is made only while it is open, not with
  // the cards: made closed in the render that shows a page's data, it loaded that chunk there,
  // and the chunk's request with its eight modulepreload links made that render one of /gallery's
  // long tasks (issue 38). Its code is fetched in an idle moment instead, so View opens it at once.
  usePrefetchResultView();
  // The last card made so far: more are made while it is near the screen.
  const [lastRef, nearEnd] = useInView<HTMLLIElement>({ rootMargin: MAKE_AHEAD, once: false });
  const count = useGrowingCount(items.length, CARDS_PER_TASK, nearEnd);
  const shown = items.slice(0, count);
  // The cards' handlers stay the same functions from render to render, so a card whose item,
  // place and selection did not change is not rendered again when one more card is made or the
  // page renders (each step of the growing list rendered every card before it again).
  const latest = useRef({ onSelect, entries });
  useLayoutEffect(() => {
    latest.current = { onSelect, entries };
  });
  const select = useCallback((id: string, range: boolean) => {
    latest.current.onSelect?.(id, range);
  }, []);
  const view = useCallback((item: GalleryItem) => {
    setViewing(latest.current.entries.findIndex((entry) => entry.item === item));
  }, []);
  return (
    <>
      <ul aria-label="Generations" className={GALLERY_GRID}>
        {shown.map((item, index) => (
          <li
            key={item.generationId}
            ref={index === shown.length - 1 ? lastRef : undefined}
            className="min-w-0"
          >
            <GalleryCard
              item={item}
              priority={index < PRIORITY_IMAGES}
              selected={selected?.has(item.generationId) ?? false}
              {...(onSelect ? { onSelect: select } : {})}
              onView={view}
            />
          </li>
        ))}
      </ul>
      {viewing !== null && viewing < entries.length ? (
        <ResultViewer
          items={entries}
          index={viewing}
          onIndexChange={setViewing}
          onClose={() => {
            setViewing(null);
          }}
          renderActions={(_entry, index) => {
            const item = entries[index]?.item;
            return item ? <OpenInToolLink item={item} className="text-white" /> : null;
          }}
        />
      ) : null}
    </>
  );
}
