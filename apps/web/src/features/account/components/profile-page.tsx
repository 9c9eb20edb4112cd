import { ArrowRight, Coins, CreditCard, History, Settings } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useCredits } from '@/features/credits';
import { formatCredits, formatLongDate } from '@/lib/format';
import { nonBlank } from '@/lib/guards';
import { useProfile } from '../hooks/use-profile';
import { getDisplayName } from '../lib/display-name';
import { NOT_AVAILABLE, optionalDetail } from '../lib/details';
import { DetailList } from './detail-list';
import { EditProfileButton } from './edit-profile-button';
import { ProfileLoadError, ProfileLoading } from './profile-load-error';
import { ReceiptDetailsCard } from './receipt-details-card';

const quickActions: { label: string; description: string; to: string; icon: LucideIcon }[] = [
  {
    label: paths.accountSettings.title,
    description: 'Account details and deletion',
    to: paths.accountSettings.path,
    icon: Settings,
  },
  {
    label: paths.subscription.title,
    description: 'Plans and top-ups',
    to: paths.subscription.path,
    icon: CreditCard,
  },
  {
    label: paths.creditHistory.title,
    description: 'Purchases and usage',
    to: paths.creditHistory.path,
    icon: History,
  },
];

function CreditBadge({ userId }: { userId: string }) {
  const { credits } = useCredits(userId);
  if (credits === null) return <Skeleton className="h-6 w-24 rounded-full" />;
  return (
    <Badge variant="brand">
      <Coins aria-hidden="true" />
      {formatCredits(credits)}
    </Badge>
  );
}

/** /profile (spec §2 Profile): who you are, your balance, Edit Profile, quick links. */
export function ProfilePage() {
  const { user, profile, isError, error, isRetrying, retry } = useProfile();

  if (isError) return <ProfileLoadError error={error} retrying={isRetrying} onRetry={retry} />;
  if (!user || !profile) return <ProfileLoading />;

  const name = getDisplayName(
    { profileName: profile.name, accountName: user.name, email: user.email },
    'User',
  );
  const email = nonBlank(profile.emailId) ?? nonBlank(user.email);

  return (
    <div className="space-y-6">
      <Card>
        <CardContent className="flex flex-col gap-5 pt-5 sm:flex-row sm:items-center sm:pt-6">
          <Avatar
            src={nonBlank(user.image) ?? nonBlank(profile.profileUrl)}
            className="size-20 text-2xl"
          />
          <div className="min-w-0 flex-1 space-y-2">
            <h2 className="truncate text-2xl font-semibold tracking-tight">{name}</h2>
            {email ? <p className="truncate text-sm text-muted-foreground">{email}</p> : null}
            <CreditBadge userId={user.id} />
          </div>
          <EditProfileButton profile={profile} />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Profile Details</CardTitle>
        </CardHeader>
        <CardContent>
          <DetailList
            items={[
              optionalDetail('Email', email),
              optionalDetail('Phone Number', profile.phoneNumber),
              optionalDetail('Company Name', profile.companyName),
              {
                label: 'Member Since',
                value: formatLongDate(profile.registrationDate) ?? NOT_AVAILABLE,
              },
            ]}
          />
        </CardContent>
      </Card>

      <ReceiptDetailsCard profile={profile} />

      <section aria-labelledby="quick-actions-title" className="space-y-3">
        <h3 id="quick-actions-title" className="text-base font-semibold tracking-tight">
          Quick Actions
        </h3>
        <ul className="grid gap-3 sm:grid-cols-3">
          {quickActions.map(({ label, description, to, icon: Icon }) => (
            <li key={to}>
              <Link
                to={to}
                className="group flex h-full items-center gap-3 rounded-xl border border-border bg-surface p-4 shadow-card transition-colors hover:border-brand-300 hover:bg-brand-50"
              >
                <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block text-sm font-semibold">{label}</span>
                  <span className="block text-xs text-muted-foreground">{description}</span>
                </span>
                <ArrowRight
                  aria-hidden="true"
                  className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5"
                />
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
