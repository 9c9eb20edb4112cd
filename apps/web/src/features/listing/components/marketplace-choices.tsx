import { MARKETPLACE_IDS, marketplace, type MarketplaceId } from '@studio/contract/listing';
import { useListingMarketplaces } from '../hooks/use-listing-marketplaces';

/** One checkbox per marketplace; a change is kept at once (no Save). */
export default function MarketplaceChoices() {
  const { marketplaces, setMarketplaces, signedIn } = useListingMarketplaces();
  const toggle = (id: MarketplaceId, on: boolean) => {
    setMarketplaces(MARKETPLACE_IDS.filter((m) => (m === id ? on : marketplaces.includes(m))));
  };
  return (
    <fieldset className="flex flex-col gap-3" disabled={!signedIn}>
      <legend className="sr-only">Marketplaces</legend>
      <div className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3">
        {MARKETPLACE_IDS.map((id) => (
          <label key={id} className="flex min-h-11 cursor-pointer items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-5 cursor-pointer accent-brand-600"
              checked={marketplaces.includes(id)}
              onChange={(event) => {
                toggle(id, event.target.checked);
              }}
            />
            {marketplace(id).name}
          </label>
        ))}
      </div>
      <p className="text-xs text-muted-foreground">
        {marketplaces.length === 0
          ? 'None chosen: no marketplace badges are shown.'
          : `Badges shown for ${marketplaces.length === 1 ? '1 marketplace' : `${String(marketplaces.length)} marketplaces`}. Kept in this browser for your account.`}
      </p>
    </fieldset>
  );
}
