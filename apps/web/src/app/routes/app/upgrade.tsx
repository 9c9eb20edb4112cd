import { PremiumFeatureGate, ProPlanPanel } from '@/features/billing';

const proPlans = ['pro', 'enterprise'] as const;

/** /upgrade: the premium gate itself; members who already qualify see their plan instead. */
export default function UpgradeRoute() {
  return (
    <PremiumFeatureGate
      requiredPlans={proPlans}
      featureName="the Canvas Editor and video generation"
    >
      <ProPlanPanel />
    </PremiumFeatureGate>
  );
}
