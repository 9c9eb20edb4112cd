import { EmailField } from './email-field';
import { useState, type SubmitEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/api-client';
import { useRequestPasswordReset } from '../api/password-reset';
import { validateEmail } from '../lib/validate-credentials';

/** The same answer for every email, so the form never reveals who has an account. */
export const RESET_LINK_SENT_MESSAGE =
  "If an account exists for that email, we've sent a link to reset your password.";

interface ForgotPasswordFormProps {
  defaultEmail?: string;
  /** Put the cursor in the email field when the form appears in place of another. */
  autoFocus?: boolean;
}

/** Email field and 'Send reset link' (login screen's forgot-password view, expired reset links). */
export function ForgotPasswordForm({
  defaultEmail = '',
  autoFocus = false,
}: ForgotPasswordFormProps) {
  const [email, setEmail] = useState(defaultEmail);
  const [submitted, setSubmitted] = useState(false);
  const request = useRequestPasswordReset();
  const error = submitted ? validateEmail(email) : undefined;

  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (validateEmail(email)) return;
    request.mutate(email.trim());
  };

  return (
    <form noValidate onSubmit={handleSubmit} className="space-y-4" aria-label="Reset password">
      <EmailField
        value={email}
        error={error}
        autoFocus={autoFocus}
        onChange={(event) => {
          setEmail(event.target.value);
        }}
      />

      {request.isSuccess ? (
        <Alert variant="success" role="status">
          {RESET_LINK_SENT_MESSAGE}
        </Alert>
      ) : null}
      {request.isError ? (
        <Alert variant="destructive" role="alert">
          {getErrorMessage(request.error)}
        </Alert>
      ) : null}

      <Button type="submit" size="lg" className="w-full" loading={request.isPending}>
        Send reset link
      </Button>
    </form>
  );
}
