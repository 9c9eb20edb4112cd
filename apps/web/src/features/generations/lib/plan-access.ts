import { PLAN_FAMILIES_WITH_ACCESS, type AccessPlan } from '@studio/contract/tools';

const planNames: Record<AccessPlan, string> = {
  free: 'Free',
  plus: 'Plus',
  pro: 'Pro',
  enterprise: 'Enterprise',
};

export function isAccessPlan(value: unknown): value is AccessPlan {
  return PLAN_FAMILIES_WITH_ACCESS.some((plan) => plan === value);
}

/**
 * The plan a locked mode or tool names (document 2 §5): the first plan that unlocks it, as
 * 'Plus', 'Pro' or 'Enterprise'; 'Upgrade Required' when the server did not say which.
 */
export function requiredPlanLabel(requiresPlan: readonly AccessPlan[]): string {
  const first = requiresPlan.find((plan) => plan !== 'free');
  return first ? planNames[first] : 'Upgrade Required';
}

/**
 * The plan an upgrade button sells. Enterprise is never sold (contract plans), so a feature
 * that names only Enterprise still offers Pro, the highest plan on sale.
 */
export function upgradeTarget(requiresPlan: readonly AccessPlan[]): 'plus' | 'pro' {
  return requiresPlan.includes('plus') ? 'plus' : 'pro';
}

export function planName(plan: AccessPlan): string {
  return planNames[plan];
}
