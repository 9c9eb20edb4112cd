import { planFamilyOf, type PlanFamily } from '@studio/contract/plans';

export type { PlanFamily };

/**
 * The plan family is the first segment of the subscription type before '_'
 * (`pro_monthly` → pro, `plus_4months` → plus, `enterprise` → enterprise); unknown or missing
 * types count as free. The rule lives in the contract so the server and the client agree.
 */
export function getPlanFamily(type: string | null | undefined): PlanFamily {
  return planFamilyOf(type);
}

const planLabels: Record<PlanFamily, string> = {
  free: 'Free Plan',
  plus: 'Plus Plan',
  pro: 'Pro Plan',
  enterprise: 'Enterprise Plan',
};

export interface PlanLabelInput {
  isAuthenticated: boolean;
  isLoading: boolean;
  family: PlanFamily;
}

/** Spec §4 plan label: 'Loading...', 'Demo Plan' when signed out, else the family's name. */
export function getPlanLabel({ isAuthenticated, isLoading, family }: PlanLabelInput): string {
  if (!isAuthenticated) return 'Demo Plan';
  if (isLoading) return 'Loading...';
  return planLabels[family];
}

/** Spec §2 Sidebar / §6: the upgrade promo is for signed-in free and plus users, once known. */
export function shouldShowUpgradePromo({
  isAuthenticated,
  isLoading,
  family,
}: PlanLabelInput): boolean {
  return isAuthenticated && !isLoading && (family === 'free' || family === 'plus');
}
