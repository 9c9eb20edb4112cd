import { DEFAULT_ACCOUNT_TYPE } from '@studio/contract/constants';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useCredits } from '@/features/credits';
import { formatCredits, formatDateTime, formatLongDate } from '@/lib/format';
import { nonBlank } from '@/lib/guards';
import { useProfile } from '../hooks/use-profile';
import { useTimedNotice } from '../hooks/use-timed-notice';
import { getDisplayName } from '../lib/display-name';
import { DangerZone } from './danger-zone';
import { DeleteAccountButton } from './delete-account-button';
import { NOT_AVAILABLE, optionalDetail } from '../lib/details';
import { DetailList } from './detail-list';
import { NoticeBanner } from './notice-banner';
import { PageTitle } from './page-title';
import { ProfileLoadError, ProfileLoading } from './profile-load-error';
import { SettingsLinkCard } from './settings-link-card';

/** Spec §2: notices on this page vanish after 4 s. */
export const ACCOUNT_SETTINGS_NOTICE_MS = 4000;

/** /account-settings (spec §2 Account Settings): account information and the Danger Zone. */
export function AccountSettingsPage() {
  const { user, profile, isError, error, isRetrying, retry } = useProfile();
  const { credits } = useCredits(user?.id ?? null);
  const { notice, show } = useTimedNotice(ACCOUNT_SETTINGS_NOTICE_MS);

  let information;
  if (isError) {
    information = <ProfileLoadError error={error} retrying={isRetrying} onRetry={retry} />;
  } else if (!user || !profile) {
    information = <ProfileLoading />;
  } else {
    information = (
      <Card>
        <CardHeader>
          <CardTitle>Account Information</CardTitle>
        </CardHeader>
        <CardContent>
          <DetailList
            items={[
              {
                label: 'Full Name',
                value: getDisplayName(
                  { profileName: profile.name, accountName: user.name, email: user.email },
                  'User',
                ),
              },
              optionalDetail('Email', nonBlank(profile.emailId) ?? user.email),
              {
                label: 'Account Type',
                value: nonBlank(profile.accountType) ?? DEFAULT_ACCOUNT_TYPE,
              },
              {
                label: 'Credits',
                value: credits === null ? 'Loading...' : formatCredits(credits),
              },
              optionalDetail('Company', profile.companyName),
              optionalDetail('Phone', profile.phoneNumber),
              {
                label: 'Member Since',
                value: formatLongDate(profile.registrationDate) ?? NOT_AVAILABLE,
              },
              { label: 'Last Sign In', value: formatDateTime(profile.lastSignIn) ?? NOT_AVAILABLE },
            ]}
          />
        </CardContent>
      </Card>
    );
  }

  return (
    <div className="space-y-6">
      <PageTitle
        title={paths.accountSettings.title}
        description="Review your account details, or delete your account."
      />
      <NoticeBanner notice={notice} />
      {information}
      <SettingsLinkCard />
      <DangerZone>
        <DeleteAccountButton
          onDeleted={(message) => {
            show('success', message);
          }}
        />
      </DangerZone>
    </div>
  );
}
