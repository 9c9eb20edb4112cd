// The feature's public entry: other features and the app import only what is exported here.
// Site information set by the operator: support contact (contact page) and the legal pages.
export { LegalPage } from './components/legal-page';
export { useSiteInfo, useSupportEmail } from './api/site-info';
