// The feature's public entry: other features and the app import only what is exported here.
// Marketplace listings (issue 33): the seller's marketplaces, the badges with their check
// dialog, and listing packs. Rules and dialogs load on first use.
export { useListingMarketplaces } from './hooks/use-listing-marketplaces';
export { MarketplacesSetting } from './components/marketplaces-setting';
export type { CheckTarget } from './api/listing-check';
export type { PackItem, PackSource } from './lib/pack-form';
export type { ListingBadgesProps } from './components/chosen-badges';
// For a page's first load (the gallery): lazy wrappers, each a few hundred bytes.
export { ListingBadges } from './components/listing-badges';
export { ListingPackButton } from './components/listing-pack-button';
// For code that is itself loaded late (a run's results, the catalogue view): no extra round trip.
export { default as ChosenBadges } from './components/chosen-badges';
export { default as PackButton } from './components/pack-button';
