import { nonBlank } from '@/lib/guards';
import { useCredits } from '@/features/credits';
import { usePlan, getPlanLabel, shouldShowUpgradePromo } from '@/features/billing';
import { getDisplayName, getFirstName } from '../lib/display-name';
import { isFirstSession } from '../lib/first-session';
import { useProfile } from './use-profile';

/**
 * Everything the shell shows about the current user, derived in one place so the header, the
 * sidebar and the user menu always agree (names, plan label, credits).
 */
export function useAccountSummary() {
  const { user, profile } = useProfile();
  const userId = user?.id ?? null;
  const { credits, isLoading: creditsLoading } = useCredits(userId);
  const plan = usePlan(userId);

  const isAuthenticated = user !== null;
  const displayName = getDisplayName({
    profileName: profile?.name,
    accountName: user?.name,
    email: user?.email,
  });
  const planInput = { isAuthenticated, isLoading: plan.isLoading, family: plan.family };

  return {
    isAuthenticated,
    displayName,
    firstName: getFirstName(displayName),
    email: user?.email ?? null,
    image: nonBlank(user?.image) ?? nonBlank(profile?.profileUrl),
    /** null while loading; 0 when the balance could not be read. */
    credits,
    creditsLoading,
    planLabel: getPlanLabel(planInput),
    showUpgradePromo: shouldShowUpgradePromo(planInput),
    /** Still in the session they signed up in (the dashboard greets "Welcome"); null until known. */
    firstSession: isFirstSession(profile),
  };
}
