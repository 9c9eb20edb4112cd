import { Coins, LogOut } from 'lucide-react';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useSignOutOnClick } from '@/features/auth';
import { cn } from '@/lib/cn';
import { formatCredits } from '@/lib/format';
import { useAccountSummary } from '@/features/account';
import { RailTooltip } from './rail-tooltip';

/** Bottom of the sidebar: who is signed in, their plan and available credits, and Logout. */
export function SidebarUser({ collapsed }: { collapsed: boolean }) {
  const account = useAccountSummary();
  const signOut = useSignOutOnClick();

  return (
    <section aria-label="Your account" className="border-t border-border p-3">
      <div className={cn('flex items-center gap-3', collapsed && 'md:flex-col md:gap-2')}>
        <Avatar src={account.image} />
        <div className={cn('min-w-0 flex-1', collapsed && 'md:sr-only')}>
          <p className="truncate text-sm font-semibold">{account.displayName}</p>
          {account.email ? (
            <p className="truncate text-xs text-muted-foreground" title={account.email}>
              {account.email}
            </p>
          ) : null}
        </div>
        {account.isAuthenticated ? (
          // Icon-only in both layouts, so its name is always offered as a tip.
          <RailTooltip label="Logout" enabled>
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label="Logout"
              loading={signOut.isPending}
              onClick={() => {
                void signOut.signOut();
              }}
              className="text-muted-foreground hover:text-foreground"
            >
              {signOut.isPending ? null : <LogOut aria-hidden="true" />}
            </Button>
          </RailTooltip>
        ) : null}
      </div>

      <div
        className={cn(
          'mt-3 flex items-center justify-between gap-2 rounded-lg bg-muted px-3 py-2 text-xs',
          collapsed && 'md:sr-only',
        )}
      >
        <span className="font-medium text-foreground">{account.planLabel}</span>
        <span className="flex items-center gap-1.5 text-muted-foreground">
          <Coins aria-hidden="true" className="size-3.5" />
          {account.credits === null && account.creditsLoading ? (
            <Skeleton className="h-3.5 w-14" />
          ) : (
            <span>
              <span className="font-semibold text-foreground">
                {formatCredits(account.credits ?? 0)}
              </span>
              <span className="sr-only"> available</span>
            </span>
          )}
        </span>
      </div>
    </section>
  );
}
