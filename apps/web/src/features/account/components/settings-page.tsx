import { useState, type ReactNode, type SubmitEvent } from 'react';
import { LogOut } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import {
  useSignOut,
  NewPasswordFields,
  PasswordInput,
  validatePasswordChange,
  type PasswordChangeErrors,
  type PasswordChangeValues,
} from '@/features/auth';
import { getErrorMessage } from '@/lib/api-client';
import { fieldChanger, focusFirstInvalid } from '@/lib/form-fields';
import { useChangePassword } from '../api/change-password';
import { useChangeName } from '../api/update-profile';
import { useProfile } from '../hooks/use-profile';
import { useTimedNotice, type Notice } from '../hooks/use-timed-notice';
import { profileEditMessages } from '../lib/profile-edit';
import { DangerZone } from './danger-zone';
import { DeleteAccountButton } from './delete-account-button';
import { NoticeBanner } from './notice-banner';
import { PageTitle } from './page-title';

/** Spec §2: notices on this page vanish after 3 s. */
export const SETTINGS_NOTICE_MS = 3000;

const settingsMessages = {
  nameChanged: 'Your name has been updated.',
  passwordChanged: 'Your password has been changed. All your other sessions have been signed out.',
  noPassword:
    'You sign in with Google, so this account has no password to change here. Manage your password in your Google account.',
} as const;

type ShowNotice = (kind: Notice['kind'], text: string) => void;

function ChangeNameCard({ currentName, onNotice }: { currentName: string; onNotice: ShowNotice }) {
  // null until the user types: the field follows the stored name (which may load after mount).
  const [draft, setDraft] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const changeName = useChangeName();
  const value = draft ?? currentName;
  const error = submitted && value.trim() === '' ? profileEditMessages.nameRequired : undefined;

  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (value.trim() === '') return;
    changeName.mutate(value.trim(), {
      onSuccess: () => {
        setDraft(null);
        setSubmitted(false);
        onNotice('success', settingsMessages.nameChanged);
      },
      onError: (failure) => {
        onNotice('error', getErrorMessage(failure));
      },
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Change Name</CardTitle>
        <CardDescription>The name shown in the studio and on your profile.</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          onSubmit={handleSubmit}
          className="flex flex-col gap-4 sm:flex-row sm:items-start"
        >
          <Field label="Full Name" error={error} className="flex-1">
            {(control) => (
              <Input
                {...control}
                name="name"
                autoComplete="name"
                maxLength={200}
                value={value}
                onChange={(event) => {
                  setDraft(event.target.value);
                }}
              />
            )}
          </Field>
          <Button type="submit" className="sm:mt-6" loading={changeName.isPending}>
            Save Name
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

const emptyPasswords: PasswordChangeValues = {
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
};

function ChangePasswordCard({
  hasPassword,
  onNotice,
}: {
  hasPassword: boolean;
  onNotice: ShowNotice;
}) {
  const [values, setValues] = useState<PasswordChangeValues>(emptyPasswords);
  const [submitted, setSubmitted] = useState(false);
  const changePassword = useChangePassword();
  const errors: PasswordChangeErrors = submitted ? validatePasswordChange(values) : {};

  const update = fieldChanger(values, setValues);

  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (focusFirstInvalid(event.currentTarget, validatePasswordChange(values))) return;
    changePassword.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: () => {
          setValues(emptyPasswords);
          setSubmitted(false);
          onNotice('success', settingsMessages.passwordChanged);
        },
        onError: (failure) => {
          onNotice('error', getErrorMessage(failure));
        },
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Change Password</CardTitle>
        <CardDescription>
          {hasPassword ? 'Changing it signs you out everywhere else.' : settingsMessages.noPassword}
        </CardDescription>
      </CardHeader>
      {hasPassword ? (
        <CardContent>
          <form
            noValidate
            onSubmit={handleSubmit}
            className="space-y-4"
            aria-label="Change Password"
          >
            <Field label="Current Password" error={errors.currentPassword}>
              {(control) => (
                <PasswordInput
                  {...control}
                  name="currentPassword"
                  autoComplete="current-password"
                  value={values.currentPassword}
                  onChange={update('currentPassword')}
                />
              )}
            </Field>
            <NewPasswordFields
              labels={{ newPassword: 'New Password', confirmPassword: 'Confirm New Password' }}
              values={values}
              errors={errors}
              onChange={update}
            />
            <Button type="submit" loading={changePassword.isPending}>
              Change Password
            </Button>
          </form>
        </CardContent>
      ) : null}
    </Card>
  );
}

/**
 * /settings (spec §2 Settings; changing name and password really works, ARCHITECTURE §1).
 * `children`: settings of features above this layer (the marketplaces), which the route composes
 * in before the danger zone.
 */
export function SettingsPage({ children }: { children?: ReactNode }) {
  const { user, profile } = useProfile();
  const signOut = useSignOut();
  const { notice, show } = useTimedNotice(SETTINGS_NOTICE_MS);
  const currentName = profile?.name ?? user?.name ?? '';
  const hasPassword = user?.providers.includes('credential') ?? false;

  return (
    <div className="space-y-6">
      <PageTitle
        title={paths.settings.title}
        description="Change your name and password, or leave the studio."
      />
      <NoticeBanner notice={notice} />
      <ChangeNameCard currentName={currentName} onNotice={show} />
      <ChangePasswordCard hasPassword={hasPassword} onNotice={show} />
      {children}
      <DangerZone>
        <DeleteAccountButton
          onDeleted={(message) => {
            show('success', message);
          }}
        />
        <Button
          variant="outline"
          loading={signOut.isPending}
          onClick={() => {
            signOut.mutate();
          }}
        >
          {signOut.isPending ? null : <LogOut aria-hidden="true" />}
          Logout
        </Button>
      </DangerZone>
    </div>
  );
}
