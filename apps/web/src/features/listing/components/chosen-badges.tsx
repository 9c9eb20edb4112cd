import { lazy, Suspense } from 'react';
import type { CheckTarget } from '../api/listing-check';
import { useListingMarketplaces } from '../hooks/use-listing-marketplaces';

// The badges, their checks and the rules load only for a seller who chose a marketplace.
const ListingBadgeList = lazy(() => import('./listing-badge-list'));

export interface ListingBadgesProps {
  /** The image checked: a generation's first image, or one image by its URL. */
  target: CheckTarget;
  /** Names the image in the check dialog ('Try-Ons from Nov 28, 2026'). */
  subject: string;
}

/**
 * One badge per marketplace the seller chose in Settings (issue 33): checking…, 'Amazon ✓' or
 * 'Amazon: 2 issues'; a click opens the check. Nothing at all (no badge, no check, no rules)
 * when no marketplace is chosen: pages stay as fast as they were for sellers who do not list.
 */
export default function ChosenBadges({ target, subject }: ListingBadgesProps) {
  const { marketplaces } = useListingMarketplaces();
  if (marketplaces.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ListingBadgeList target={target} marketplaces={marketplaces} subject={subject} />
    </Suspense>
  );
}
