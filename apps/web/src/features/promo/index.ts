// The feature's public entry: other features and the app import only what is exported here.
export { PromoBanner } from './components/promo-banner';
