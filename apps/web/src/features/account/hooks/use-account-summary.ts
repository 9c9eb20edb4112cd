import { useCurrentUser } from '@/features/auth/api/session';
import { useProfileDetails } from '../api/profile-details';
import { getDisplayName, getFirstName } from '../lib/display-name';
import { useCredits } from '@/features/credits/api/credits';
import { usePlan } from '@/features/billing/api/subscription-status';
import { getPlanLabel, shouldShowUpgradePromo } from '@/features/billing/lib/plan';

/**
 * Everything the shell shows about the current user, derived in one place so the header, the
 * sidebar and the user menu always agree (names, plan label, credits).
 */
export function useAccountSummary() {
  const user = useCurrentUser();
  const userId = user?.id ?? null;
  const profile = useProfileDetails(userId);
  const { credits, isLoading: creditsLoading } = useCredits(userId);
  const plan = usePlan(userId);

  const isAuthenticated = user !== null;
  const displayName = getDisplayName({
    profileName: profile.data?.name,
    accountName: user?.name,
    email: user?.email,
  });
  const planInput = { isAuthenticated, isLoading: plan.isLoading, family: plan.family };

  return {
    isAuthenticated,
    displayName,
    firstName: getFirstName(displayName),
    email: user?.email ?? null,
    image: user?.image ?? null,
    /** null while loading; 0 when the balance could not be read. */
    credits,
    creditsLoading,
    planLabel: getPlanLabel(planInput),
    showUpgradePromo: shouldShowUpgradePromo(planInput),
  };
}
