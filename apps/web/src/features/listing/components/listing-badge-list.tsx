import type { MarketplaceId } from '@studio/contract/listing';
import type { CheckTarget } from '../api/listing-check';
import { useWhenSeen } from '../hooks/use-when-seen';
import { ListingBadge } from './listing-badge';

interface ListingBadgeListProps {
  target: CheckTarget;
  marketplaces: readonly MarketplaceId[];
  subject: string;
}

/** The chosen marketplaces' badges; their checks are asked for once the image is in view. */
export default function ListingBadgeList({ target, marketplaces, subject }: ListingBadgeListProps) {
  const [ref, ready] = useWhenSeen<HTMLSpanElement>();
  return (
    <span ref={ref} className="flex flex-wrap items-center gap-1.5">
      {marketplaces.map((id) => (
        <ListingBadge key={id} target={target} marketplace={id} subject={subject} enabled={ready} />
      ))}
    </span>
  );
}
