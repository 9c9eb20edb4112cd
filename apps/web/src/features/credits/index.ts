// The feature's public entry: other features and the app import only what is exported here.
export { creditsQueryKey, useCredits } from './api/credits';
export { CreditHistoryPage } from './components/credit-history-page';
