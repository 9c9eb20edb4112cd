// The feature's public entry: other features and the app import only what is exported here.
export {
  subscriptionStatusQueryOptions,
  usePlan,
  useSubscriptionStatus,
} from './api/subscription-status';
export { ContactPage } from './components/contact-page';
export { OrderStatusBanner } from './components/order-status-banner';
export { PremiumFeatureGate } from './components/premium-feature-gate';
export { ProPlanPanel } from './components/pro-plan-panel';
export { SandboxCheckoutPage } from './components/sandbox-checkout-page';
export { SubscriptionPage } from './components/subscription-page';
export { useUpgradeInNewTab } from './hooks/use-upgrade-in-new-tab';
export { detectCurrency } from './lib/currency';
export { PAYMENT_LINK_ERROR } from './lib/messages';
export { getPlanFamily, getPlanLabel, shouldShowUpgradePromo } from './lib/plan';
export { planCards } from './lib/plan-cards';
export { toolNames, toolsAddedBy } from './lib/plan-benefits';
