import { lazy, Suspense } from 'react';
import type { ListingBadgesProps } from './chosen-badges';

// Even the "is any marketplace chosen?" read loads after the page: a page's first load carries
// only this wrapper (issue 33: ≤ 0.5 KiB more on /gallery).
const ChosenBadges = lazy(() => import('./chosen-badges'));

/**
 * The marketplace badges for a page's first load (the gallery's cards): `ChosenBadges` from a
 * chunk of its own. Code that is itself loaded late (a run's results) uses `ChosenBadges`.
 */
export function ListingBadges(props: ListingBadgesProps) {
  return (
    <Suspense fallback={null}>
      <ChosenBadges {...props} />
    </Suspense>
  );
}
