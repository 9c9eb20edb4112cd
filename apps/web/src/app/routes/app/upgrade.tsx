import { PremiumFeatureGate, ProPlanPanel, toolNames, toolsAddedBy } from '@/features/billing';

const proPlans = ['pro', 'enterprise'] as const;

/**
 * What only Pro opens, from the contract's tool list ('Video Generation'): not the whole Canvas
 * Editor, whose upscaler and background removal every plan may use.
 */
const proOnlyFeatures = toolNames(toolsAddedBy('pro'));

/** /upgrade: the premium gate itself; members who already qualify see their plan instead. */
export default function UpgradeRoute() {
  return (
    <PremiumFeatureGate requiredPlans={proPlans} featureName={proOnlyFeatures}>
      <ProPlanPanel />
    </PremiumFeatureGate>
  );
}
