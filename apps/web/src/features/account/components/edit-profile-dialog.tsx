import { useState, type SubmitEvent } from 'react';
import type { UserProfile } from '@studio/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { notify } from '@/components/ui/toast';
import { getErrorMessage } from '@/lib/api-client';
import { fieldChanger } from '@/lib/form-fields';
import { useUpdateProfile } from '../api/update-profile';
import {
  canSaveProfileEdit,
  getProfileChanges,
  toProfileEditValues,
  validateProfileEdit,
  type ProfileEditValues,
} from '../lib/profile-edit';
import type { LazyDialogProps } from './lazy-dialog-button';
import { OptionalProfileFieldInput } from './optional-profile-field';

/** The form lives inside the dialog content, so every opening starts from the stored profile. */
function EditProfileForm({ profile, onDone }: { profile: UserProfile; onDone: () => void }) {
  const [initial] = useState(() => toProfileEditValues(profile));
  const [values, setValues] = useState<ProfileEditValues>(initial);
  const update = useUpdateProfile();
  const errors = validateProfileEdit(values, initial);
  const nameTouched = values.name !== initial.name;
  // The phone's format is judged once the user leaves the field or saves (ADR 050).
  const [phoneChecked, setPhoneChecked] = useState(false);

  const change = fieldChanger(values, setValues);

  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setPhoneChecked(true);
    if (errors.name || errors.phoneNumber) return;
    const changes = getProfileChanges(initial, values);
    // Nothing changed: saving is a no-op, so just close (spec §4 Profile edit).
    if (Object.keys(changes).length === 0) {
      onDone();
      return;
    }
    update.mutate(changes, {
      onSuccess: () => {
        notify.success('Profile updated');
        onDone();
      },
    });
  };

  return (
    <form noValidate onSubmit={handleSubmit} className="space-y-4">
      <Field label="Full Name" error={nameTouched ? errors.name : undefined}>
        {(control) => (
          <Input
            {...control}
            name="name"
            autoComplete="name"
            maxLength={200}
            required
            value={values.name}
            onChange={change('name')}
          />
        )}
      </Field>
      <OptionalProfileFieldInput
        field="companyName"
        hint="Optional"
        value={values.companyName}
        onChange={change('companyName')}
      />
      <OptionalProfileFieldInput
        field="phoneNumber"
        hint="Optional, with the country code"
        value={values.phoneNumber}
        onChange={change('phoneNumber')}
        onBlur={() => {
          setPhoneChecked(true);
        }}
        error={phoneChecked ? errors.phoneNumber : undefined}
      />
      {update.isError ? (
        <Alert variant="destructive" role="alert">
          {getErrorMessage(update.error)}
        </Alert>
      ) : null}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline" disabled={update.isPending}>
            Cancel
          </Button>
        </DialogClose>
        <Button
          type="submit"
          disabled={!canSaveProfileEdit(initial, values) || update.isPending}
          loading={update.isPending}
        >
          Save Changes
        </Button>
      </DialogFooter>
    </form>
  );
}

/** The 'Edit Profile' modal (spec §4, §5), loaded on first use by edit-profile-button.tsx. */
export default function EditProfileDialog({
  profile,
  open,
  onOpenChange,
  returnFocusRef,
}: { profile: UserProfile } & LazyDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusRef.current?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>Edit Profile</DialogTitle>
          <DialogDescription>Only the fields you change are saved.</DialogDescription>
        </DialogHeader>
        <EditProfileForm
          profile={profile}
          onDone={() => {
            onOpenChange(false);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
