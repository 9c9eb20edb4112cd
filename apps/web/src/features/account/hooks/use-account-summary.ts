import { createContext, createElement, useContext, useMemo, type ReactNode } from 'react';
import { nonBlank } from '@/lib/guards';
import { useCredits } from '@/features/credits';
import { usePlan, getPlanLabel, shouldShowUpgradePromo } from '@/features/billing';
import { getDisplayName, getFirstName } from '../lib/display-name';
import { isFirstSession } from '../lib/first-session';
import { useProfile } from './use-profile';

export interface AccountSummary {
  isAuthenticated: boolean;
  displayName: string;
  firstName: string;
  email: string | null;
  image: string | null;
  /** null while loading; 0 when the balance could not be read. */
  credits: number | null;
  creditsLoading: boolean;
  planLabel: string;
  showUpgradePromo: boolean;
  /** Still in the session they signed up in (the dashboard greets "Welcome"); null until known. */
  firstSession: boolean | null;
}

/**
 * Everything the shell shows about the current user, derived in one place so the header, the
 * sidebar and the user menu always agree (names, plan label, credits). Its five queries are read
 * once, by AccountSummaryProvider: read by each of the shell's six consumers, every state change of
 * every query (fetching, then data) re-rendered all six and what they hold, in renders that cannot
 * yield (TanStack Query reads through useSyncExternalStore): most of the blocking time on phones
 * (ADR 041, docs/performance.md).
 */
function useAccountSummaryQueries(): AccountSummary {
  const { user, profile } = useProfile();
  const userId = user?.id ?? null;
  const { credits, isLoading: creditsLoading } = useCredits(userId);
  const { family, isLoading: planLoading } = usePlan(userId);

  // Made again only when what it is made of changes (the session's user and the profile keep
  // their identity between answers): a query's fetching flag re-renders no consumer.
  return useMemo(() => {
    const isAuthenticated = user !== null;
    const displayName = getDisplayName({
      profileName: profile?.name,
      accountName: user?.name,
      email: user?.email,
    });
    const planInput = { isAuthenticated, isLoading: planLoading, family };
    return {
      isAuthenticated,
      displayName,
      firstName: getFirstName(displayName),
      email: user?.email ?? null,
      image: nonBlank(user?.image) ?? nonBlank(profile?.profileUrl),
      credits,
      creditsLoading,
      planLabel: getPlanLabel(planInput),
      showUpgradePromo: shouldShowUpgradePromo(planInput),
      firstSession: isFirstSession(profile),
    };
  }, [user, profile, credits, creditsLoading, planLoading, family]);
}

const AccountSummaryContext = createContext<AccountSummary | null>(null);

/**
 * Reads the account summary's queries once for everything under it (the shell and its pages).
 * Here rather than in a .tsx of its own: in the shell's data chunk it costs every shell route
 * 0.2 KiB less than as a chunk of its own (bench/bundle-size.mjs).
 */
export function AccountSummaryProvider({ children }: { children: ReactNode }) {
  return createElement(AccountSummaryContext, { value: useAccountSummaryQueries() }, children);
}

/** The account summary AccountSummaryProvider reads for the shell and its pages. */
export function useAccountSummary(): AccountSummary {
  const summary = useContext(AccountSummaryContext);
  if (summary === null) throw new Error('no AccountSummaryProvider');
  return summary;
}
