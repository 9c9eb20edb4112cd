import { planFamilyOf, productDisplayName } from '@studio/contract/plans';
import { Alert } from '@/components/ui/alert';
import { useCurrentUser } from '@/features/auth';
import { useSubscriptionStatus } from '@/features/billing';
import { useCredits } from '@/features/credits';
import { formatCredits, formatLongDate } from '@/lib/format';

/**
 * What deleting the account forfeits (ADR 050): the running paid plan and every credit left,
 * said in the confirmation before the user types DELETE. Nothing when there is nothing to lose.
 */
export function ForfeitWarning() {
  const user = useCurrentUser();
  const status = useSubscriptionStatus(user?.id ?? null).data;
  const { credits } = useCredits(user?.id ?? null);
  // The server answers a plan that ended as 'free' (ADR 010): a paid type is a running plan.
  const plan = status && planFamilyOf(status.type) !== 'free' ? status : null;
  const end = plan?.endingTimestamp ?? null;
  const until = formatLongDate(typeof end === 'number' ? new Date(end).toISOString() : end);
  const lines: string[] = [];
  if (plan) {
    lines.push(
      `Your ${productDisplayName(plan.type)} plan${until ? `, paid until ${until},` : ''} ends with your account. The unused time is not refunded.`,
    );
  }
  if (credits !== null && credits > 0) {
    lines.push(
      `Your ${formatCredits(credits)} are forfeited, top-up credits included, and cannot be moved to another account.`,
    );
  }
  if (lines.length === 0) return null;
  return (
    <Alert variant="warning">
      <p className="font-semibold">What you lose</p>
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </Alert>
  );
}
