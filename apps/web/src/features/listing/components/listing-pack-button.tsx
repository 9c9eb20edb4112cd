import { lazy, Suspense } from 'react';
import type { PackButtonProps } from './pack-button';

// The button and its dialog's loader come in a chunk of their own, once a pack can be made
// (the gallery has a selection): not with the page.
const PackButton = lazy(() => import('./pack-button'));

/**
 * "Listing pack" for a page's first load (the gallery's selection toolbar). Code that is itself
 * loaded late (the catalogue view) uses `PackButton` at once.
 */
export function ListingPackButton(props: PackButtonProps) {
  return (
    <Suspense fallback={null}>
      <PackButton {...props} />
    </Suspense>
  );
}
