import { useState, type SubmitEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { getErrorMessage } from '@/lib/api-client';
import { fieldChanger, focusFirstInvalid } from '@/lib/form-fields';
import { useSignIn, useSignUp } from '../api/sign-in';
import {
  PASSWORD_MIN_LENGTH,
  validateCredentials,
  type AuthMode,
  type CredentialErrors,
  type CredentialValues,
} from '../lib/validate-credentials';
import { EmailField } from './email-field';
import { PasswordInput } from './password-input';

interface EmailAuthFormProps {
  mode: AuthMode;
  /** Values live in the parent so switching between the tabs keeps what was typed. */
  values: CredentialValues;
  onChange: (values: CredentialValues) => void;
  /** Shows 'Forgot password?' beside the password label (sign-in only). */
  onForgotPassword?: () => void;
}

/**
 * Email sign-in / sign-up form. Validates on submit, then re-validates as the user types so
 * messages disappear once fixed. On success the session query refreshes and the /login guard
 * sends the user on; this form never navigates itself.
 */
export function EmailAuthForm({ mode, values, onChange, onForgotPassword }: EmailAuthFormProps) {
  const signIn = useSignIn();
  const signUp = useSignUp();
  const mutation = mode === 'sign-in' ? signIn : signUp;
  const [submitted, setSubmitted] = useState(false);

  const errors: CredentialErrors = submitted ? validateCredentials(mode, values) : {};
  const submitLabel = mode === 'sign-in' ? 'Sign in' : 'Create account';

  const update = fieldChanger(values, onChange);

  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (focusFirstInvalid(event.currentTarget, validateCredentials(mode, values))) return;
    const email = values.email.trim();
    if (mode === 'sign-in') signIn.mutate({ email, password: values.password });
    else signUp.mutate({ name: values.name.trim(), email, password: values.password });
  };

  return (
    <form noValidate onSubmit={handleSubmit} className="space-y-4" aria-label={submitLabel}>
      {mode === 'sign-up' ? (
        <Field label="Name" error={errors.name}>
          {(control) => (
            <Input
              {...control}
              name="name"
              autoComplete="name"
              value={values.name}
              onChange={update('name')}
            />
          )}
        </Field>
      ) : null}
      <EmailField value={values.email} error={errors.email} onChange={update('email')} />
      <Field
        label="Password"
        error={errors.password}
        hint={mode === 'sign-up' ? `At least ${PASSWORD_MIN_LENGTH} characters.` : undefined}
        labelAside={
          mode === 'sign-in' && onForgotPassword ? (
            <button
              type="button"
              onClick={onForgotPassword}
              className="text-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              Forgot password?
            </button>
          ) : undefined
        }
      >
        {(control) => (
          <PasswordInput
            {...control}
            name="password"
            autoComplete={mode === 'sign-in' ? 'current-password' : 'new-password'}
            value={values.password}
            onChange={update('password')}
          />
        )}
      </Field>

      {mutation.isError ? (
        <Alert variant="destructive" role="alert">
          {getErrorMessage(mutation.error)}
        </Alert>
      ) : null}

      <Button type="submit" size="lg" className="w-full" loading={mutation.isPending}>
        {submitLabel}
      </Button>
    </form>
  );
}
