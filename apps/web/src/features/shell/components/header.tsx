import type { Ref } from 'react';
import { useLocation } from 'react-router';
import { CircleCheck, Coins, Menu, Sparkles } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { formatCredits } from '@/lib/format';
import { useAccountSummary } from '@/features/account';
import { getHeaderTitle } from '../lib/route-matching';
import { UserMenu } from './user-menu';

interface HeaderProps {
  onOpenMobileNav: () => void;
  mobileNavOpen: boolean;
  /** Focus returns here when the mobile panel closes. */
  menuButtonRef?: Ref<HTMLButtonElement>;
  sidebarId: string;
}

export function Header({ onOpenMobileNav, mobileNavOpen, menuButtonRef, sidebarId }: HeaderProps) {
  const { pathname } = useLocation();
  const account = useAccountSummary();
  const title = getHeaderTitle(pathname);

  return (
    <header className="sticky top-0 z-20 flex h-16 shrink-0 items-center gap-2 border-b border-border bg-surface/85 px-3 backdrop-blur-md sm:gap-3 sm:px-6">
      <Button
        ref={menuButtonRef}
        variant="ghost"
        size="icon"
        className="md:hidden"
        aria-label="Open menu"
        aria-expanded={mobileNavOpen}
        aria-controls={sidebarId}
        onClick={onOpenMobileNav}
      >
        <Menu aria-hidden="true" />
      </Button>

      <div className="min-w-0 flex-1">
        {title ? (
          <h1 className="truncate text-base font-semibold tracking-tight sm:text-lg">{title}</h1>
        ) : null}
      </div>

      <div className="flex shrink-0 items-center gap-2">
        {account.isAuthenticated ? (
          <>
            {/* Shown at every width (spec: logged-in users see it); on phones without its icon. */}
            <Badge variant="success">
              <CircleCheck aria-hidden="true" className="hidden sm:block" />
              Logged In
            </Badge>
            {account.credits === null && account.creditsLoading ? (
              <Skeleton className="h-6 w-20 rounded-full" />
            ) : (
              <Badge variant="brand">
                <Coins aria-hidden="true" />
                {formatCredits(account.credits ?? 0)}
              </Badge>
            )}
          </>
        ) : (
          <Badge variant="warning">
            <Sparkles aria-hidden="true" />
            Demo Mode
          </Badge>
        )}
        <UserMenu />
      </div>
    </header>
  );
}
