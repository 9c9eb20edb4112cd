// The feature's public entry: other features and the app import only what is exported here.
export { GalleryPage } from './components/gallery-page';
export { useLatestResults, type LatestResult } from './api/latest-results';
