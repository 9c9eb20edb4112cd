import type { RefObject } from 'react';
import { Check, Crown } from 'lucide-react';
import { Link } from 'react-router';
import type { AccessPlan } from '@studio/contract/tools';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { paths } from '@/config/paths';
import { useCurrentUser } from '@/features/auth';
import {
  useUpgradeInNewTab,
  detectCurrency,
  PAYMENT_LINK_ERROR,
  planCards,
} from '@/features/billing';
import { planName, upgradeTarget } from '../lib/plan-access';

export interface UpgradeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Plans that include the feature, lowest first (from the server or the contract). */
  requiresPlan: readonly AccessPlan[];
  /** What needs the plan, e.g. 'Video Generation'. */
  feature: string;
  returnFocusRef?: RefObject<HTMLElement | null>;
}

function plansSentence(plans: readonly AccessPlan[]): string {
  const names = plans.filter((plan) => plan !== 'free').map(planName);
  if (names.length === 0) return 'a paid plan';
  const list =
    names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${String(names.at(-1))}`;
  return `the ${String(list)} plan${names.length === 1 ? '' : 's'}`;
}

/**
 * The upgrade modal (document 2 §2, §5): which plans include the feature, what the plan adds,
 * 'Upgrade to Pro Plan' (the payment page opens in a new tab, like the premium gate's) and
 * 'View All Plans'. Default export: loaded with Radix Dialog on first need.
 */
export default function UpgradeDialog({
  open,
  onOpenChange,
  requiresPlan,
  feature,
  returnFocusRef,
}: UpgradeDialogProps) {
  const userId = useCurrentUser()?.id ?? null;
  const upgrade = useUpgradeInNewTab(userId);
  const target = upgradeTarget(requiresPlan);
  const targetName = planName(target);
  const benefits = planCards.find((card) => card.family === target)?.features ?? [];

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          if (!returnFocusRef?.current) return;
          event.preventDefault();
          returnFocusRef.current.focus();
        }}
      >
        <DialogHeader>
          <span className="mb-1 flex size-11 items-center justify-center rounded-xl bg-gradient-to-br from-brand-600 to-fuchsia-600 text-white">
            <Crown aria-hidden="true" className="size-5" />
          </span>
          <DialogTitle>Upgrade to {targetName}</DialogTitle>
          <DialogDescription>
            {feature} is available on {plansSentence(requiresPlan)}.
          </DialogDescription>
        </DialogHeader>
        {benefits.length > 0 ? (
          <ul className="space-y-2 rounded-lg bg-muted p-4 text-sm">
            {benefits.map((benefit) => (
              <li key={benefit} className="flex items-start gap-2">
                <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
                {benefit}
              </li>
            ))}
          </ul>
        ) : null}
        {upgrade.isError ? (
          <Alert variant="destructive" role="alert">
            {PAYMENT_LINK_ERROR}
          </Alert>
        ) : null}
        <DialogFooter>
          <Link to={paths.subscription.path} className={buttonVariants({ variant: 'outline' })}>
            View All Plans
          </Link>
          <Button
            loading={upgrade.isPending}
            disabled={userId === null || upgrade.isPending}
            onClick={() => {
              upgrade.start({ family: target, period: 'monthly', currency: detectCurrency() });
            }}
          >
            {upgrade.isPending ? 'Processing...' : `Upgrade to ${targetName} Plan`}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
