import { useState, type SubmitEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { paths } from '@/config/paths';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { fieldChanger, focusFirstInvalid } from '@/lib/form-fields';
import { nonBlank } from '@/lib/guards';
import { useResetPassword } from '../api/password-reset';
import {
  validatePasswordReset,
  type NewPasswordErrors,
  type NewPasswordValues,
} from '../lib/validate-password';
import { AuthPageFrame } from './auth-page-frame';
import { ForgotPasswordForm } from './forgot-password-form';
import { NewPasswordFields } from './new-password-fields';

const resetPasswordMessages = {
  invalidLink: 'This password reset link is invalid or has expired.',
  requestNew: "Enter your email and we'll send you a new link.",
  done: 'Your password has been reset. You can now sign in with your new password.',
} as const;

function BackToSignIn({ label = 'Back to sign in' }: { label?: string }) {
  return (
    <Link
      to={paths.login.path}
      className={buttonVariants({ variant: 'link', className: 'w-full' })}
    >
      {label}
    </Link>
  );
}

/** An expired, used or missing token: say so and offer a new link right here. */
function InvalidResetLink() {
  return (
    <div className="space-y-4">
      <Alert variant="destructive" role="alert">
        <p className="font-semibold">{resetPasswordMessages.invalidLink}</p>
        <p>{resetPasswordMessages.requestNew}</p>
      </Alert>
      <ForgotPasswordForm />
      <BackToSignIn />
    </div>
  );
}

/**
 * /reset-password: where the emailed link lands, with `?token=…`, or `?error=INVALID_TOKEN`
 * when the server already found the link expired or used.
 */
export function ResetPasswordScreen() {
  const [searchParams] = useSearchParams();
  const token = nonBlank(searchParams.get('token'));
  const linkError = searchParams.get('error');
  const reset = useResetPassword();
  const [values, setValues] = useState<NewPasswordValues>({ newPassword: '', confirmPassword: '' });
  const [submitted, setSubmitted] = useState(false);

  const tokenRejected =
    reset.isError && isApiError(reset.error) && reset.error.code === 'invalid_token';
  if (!token || linkError || tokenRejected) {
    return (
      <AuthPageFrame title="Reset link expired">
        <InvalidResetLink />
      </AuthPageFrame>
    );
  }

  if (reset.isSuccess) {
    return (
      <AuthPageFrame title="Password reset">
        <Alert variant="success" role="status">
          {resetPasswordMessages.done}
        </Alert>
        <Link to={paths.login.path} className={buttonVariants({ size: 'lg', className: 'w-full' })}>
          Go to sign in
        </Link>
      </AuthPageFrame>
    );
  }

  const errors: NewPasswordErrors = submitted ? validatePasswordReset(values) : {};
  const update = fieldChanger(values, setValues);

  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (focusFirstInvalid(event.currentTarget, validatePasswordReset(values))) return;
    reset.mutate({ token, newPassword: values.newPassword });
  };

  return (
    <AuthPageFrame title="Set a new password">
      <form
        noValidate
        onSubmit={handleSubmit}
        className="space-y-4"
        aria-label="Set a new password"
      >
        <NewPasswordFields
          labels={{ newPassword: 'New password', confirmPassword: 'Confirm new password' }}
          values={values}
          errors={errors}
          onChange={update}
        />
        {reset.isError ? (
          <Alert variant="destructive" role="alert">
            {getErrorMessage(reset.error)}
          </Alert>
        ) : null}
        <Button type="submit" size="lg" className="w-full" loading={reset.isPending}>
          Reset password
        </Button>
      </form>
      <BackToSignIn />
    </AuthPageFrame>
  );
}
