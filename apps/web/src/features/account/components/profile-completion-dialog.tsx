import { useState, type SubmitEvent } from 'react';
import { phoneNumberError } from '@studio/contract/phone';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { getErrorMessage } from '@/lib/api-client';
import { fieldChanger } from '@/lib/form-fields';
import { useUpdateProfile } from '../api/update-profile';
import {
  buildProfileCompletion,
  canContinueProfilePrompt,
  type PromptField,
  type PromptValues,
} from '../lib/profile-prompt';
import { OptionalProfileFieldInput } from './optional-profile-field';

export type PromptCloseReason = 'saved' | 'skip' | 'dismiss';

interface ProfileCompletionDialogProps {
  /** The missing fields; only these are asked for. */
  fields: PromptField[];
  onClose: (reason: PromptCloseReason) => void;
}

/** 'Complete Your Profile' (spec §2): optional company name and phone number. */
export default function ProfileCompletionDialog({ fields, onClose }: ProfileCompletionDialogProps) {
  const [values, setValues] = useState<PromptValues>({ companyName: '', phoneNumber: '' });
  const update = useUpdateProfile();
  // Judged like Edit Profile's, once the user leaves the field or continues (ADR 050).
  const [phoneChecked, setPhoneChecked] = useState(false);
  const phoneError = fields.includes('phoneNumber')
    ? phoneNumberError(values.phoneNumber)
    : undefined;

  const change = fieldChanger(values, setValues);

  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setPhoneChecked(true);
    if (!canContinueProfilePrompt(values, fields) || phoneError) return;
    update.mutate(buildProfileCompletion(values, fields), {
      onSuccess: () => {
        onClose('saved');
      },
    });
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !update.isPending) onClose('dismiss');
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Complete Your Profile</DialogTitle>
          <DialogDescription>
            Tell us a little more so we can tailor the studio to your business. Both are optional.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={handleSubmit} className="space-y-4">
          {fields.includes('companyName') ? (
            <OptionalProfileFieldInput
              field="companyName"
              value={values.companyName}
              onChange={change('companyName')}
            />
          ) : null}
          {fields.includes('phoneNumber') ? (
            <OptionalProfileFieldInput
              field="phoneNumber"
              value={values.phoneNumber}
              onChange={change('phoneNumber')}
              onBlur={() => {
                setPhoneChecked(true);
              }}
              error={phoneChecked ? phoneError : undefined}
            />
          ) : null}
          {update.isError ? (
            <Alert variant="destructive" role="alert">
              {getErrorMessage(update.error)}
            </Alert>
          ) : null}
          <DialogFooter>
            <Button
              variant="outline"
              disabled={update.isPending}
              onClick={() => {
                onClose('skip');
              }}
            >
              Skip for now
            </Button>
            <Button
              type="submit"
              disabled={!canContinueProfilePrompt(values, fields) || update.isPending}
              loading={update.isPending}
            >
              Continue
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
