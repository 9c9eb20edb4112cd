import type { ReactNode } from 'react';
import { Coins, LifeBuoy, MailX } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { useSupportEmail } from '@/features/site';
import { cancellationMailto, supportMailto } from '../lib/support-links';

interface AdditionalActionsProps {
  /** Credits in the top-up pack the quick action buys (the chosen period's pack). */
  topupCredits: number;
  onQuickTopup: () => void;
  topupBusy: boolean;
  /** Set for users on an active paid plan: they may ask for a cancellation. */
  cancellation: { planName: string; subscriptionId: string | null } | null;
}

/** Spec §2 Subscription: quick top-up, contact support, and (paid plans) a cancellation request. */
export function AdditionalActions({
  topupCredits,
  onQuickTopup,
  topupBusy,
  cancellation,
}: AdditionalActionsProps) {
  const email = useSupportEmail();
  return (
    <section aria-labelledby="additional-actions-title" className="space-y-3">
      <h3 id="additional-actions-title" className="text-base font-semibold tracking-tight">
        Additional Actions
      </h3>
      <ul className="grid gap-3 md:grid-cols-3">
        <ActionItem
          icon={<Coins aria-hidden="true" className="size-5" />}
          title="Need more credits?"
          description={`Top up ${topupCredits} credits in one payment. Top-up credits never expire.`}
        >
          <Button variant="outline" size="sm" loading={topupBusy} onClick={onQuickTopup}>
            Quick Top-up
          </Button>
        </ActionItem>
        <ActionItem
          icon={<LifeBuoy aria-hidden="true" className="size-5" />}
          title="Questions about billing?"
          description={`Write to ${email} and our team will help.`}
        >
          <a
            href={supportMailto(email)}
            className={buttonVariants({ variant: 'outline', size: 'sm' })}
          >
            Contact Support
          </a>
        </ActionItem>
        {cancellation ? (
          <ActionItem
            icon={<MailX aria-hidden="true" className="size-5" />}
            title="Cancel your plan"
            description="Cancellation is handled by our support team by email; it is not self-service. Send the request and we will confirm it."
          >
            <a
              href={cancellationMailto(email, cancellation.planName, cancellation.subscriptionId)}
              className={buttonVariants({ variant: 'outline', size: 'sm' })}
            >
              Request Cancellation
            </a>
          </ActionItem>
        ) : null}
      </ul>
    </section>
  );
}

function ActionItem({
  icon,
  title,
  description,
  children,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-border bg-surface p-4 shadow-card">
      <div className="flex items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
          {icon}
        </span>
        <div className="space-y-1">
          <p className="text-sm font-semibold">{title}</p>
          <p className="text-xs text-muted-foreground">{description}</p>
        </div>
      </div>
      <div className="mt-auto">{children}</div>
    </li>
  );
}
