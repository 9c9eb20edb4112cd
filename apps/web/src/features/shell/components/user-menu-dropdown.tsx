import { CodeXml, KeyRound, LogIn, LogOut, Settings, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { paths } from '@/config/paths';
import { useSignOut } from '@/features/auth';
import { useAccountSummary } from '@/features/account';
import { UserMenuTriggerFace, userMenuTriggerClass } from './user-menu-trigger-face';

/**
 * The real account menu (Radix DropdownMenu), loaded on first use by user-menu.tsx. Non-modal
 * on purpose: a click outside both closes the menu and does what it was aimed at, instead of
 * being swallowed by a modal layer.
 */
export default function UserMenuDropdown({ defaultOpen }: { defaultOpen: boolean }) {
  const account = useAccountSummary();
  const signOut = useSignOut();

  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger aria-label="Account menu" className={userMenuTriggerClass}>
        <UserMenuTriggerFace image={account.image} firstName={account.firstName} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel className="flex items-center gap-3">
          <Avatar src={account.image} />
          <span className="min-w-0">
            <span className="block truncate font-semibold">{account.displayName}</span>
            {account.email ? (
              <span className="block truncate text-xs font-normal text-muted-foreground">
                {account.email}
              </span>
            ) : null}
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {account.isAuthenticated ? (
          <>
            <DropdownMenuItem asChild>
              <Link to={paths.profile.path}>
                <UserRound aria-hidden="true" />
                Profile
              </Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link to={paths.accountSettings.path}>
                <Settings aria-hidden="true" />
                Account Settings
              </Link>
            </DropdownMenuItem>
            {/* Not in the spec's menu: /settings (password) was reachable from nowhere (ADR 050). */}
            <DropdownMenuItem asChild>
              <Link to={paths.settings.path}>
                <KeyRound aria-hidden="true" />
                {paths.settings.title}
              </Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link to={paths.developers.path}>
                <CodeXml aria-hidden="true" />
                {paths.developers.title}
              </Link>
            </DropdownMenuItem>
            <DropdownMenuSeparator />
            <DropdownMenuItem
              variant="destructive"
              onSelect={() => {
                signOut.mutate();
              }}
            >
              <LogOut aria-hidden="true" />
              Logout
            </DropdownMenuItem>
          </>
        ) : (
          <DropdownMenuItem asChild>
            <Link to={paths.login.path}>
              <LogIn aria-hidden="true" />
              Sign in
            </Link>
          </DropdownMenuItem>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
