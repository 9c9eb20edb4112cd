import { requiredPlansForTool } from '@studio/contract/tools';
import { useCurrentUser } from '@/features/auth';
import { useSubscriptionStatus, getPlanFamily } from '@/features/billing';

const VIDEO_PLANS = requiredPlansForTool('video-generation');

/**
 * Whether Create Video is open to the user (document 2 §4): only a plan actually read as Pro or
 * Enterprise opens it; while the status loads, and when the check fails, it stays locked.
 */
export function useVideoAccess(): 'open' | 'locked' {
  const userId = useCurrentUser()?.id ?? null;
  const status = useSubscriptionStatus(userId);
  if (!status.data || status.isError) return 'locked';
  const family = getPlanFamily(status.data.type);
  return VIDEO_PLANS.some((plan) => plan === family) ? 'open' : 'locked';
}
