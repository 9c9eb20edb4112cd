import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { AuthMode, CredentialValues } from '../lib/validate-credentials';
import { EmailAuthForm } from './email-auth-form';
import { ForgotPasswordForm } from './forgot-password-form';

/**
 * 'Sign in' / 'Create account' tabs sharing one set of typed values, and the forgot-password
 * view that 'Forgot password?' swaps in.
 */
export function EmailAuthPanel() {
  const [mode, setMode] = useState<AuthMode>('sign-in');
  const [forgot, setForgot] = useState(false);
  const [values, setValues] = useState<CredentialValues>({ name: '', email: '', password: '' });

  if (forgot) {
    return (
      <section aria-labelledby="forgot-password-title" className="space-y-4">
        <div className="space-y-1">
          <h2 id="forgot-password-title" className="text-lg font-semibold">
            Reset your password
          </h2>
          <p className="text-sm text-muted-foreground">
            Enter the email you sign in with and we'll send you a link to choose a new password.
          </p>
        </div>
        <ForgotPasswordForm defaultEmail={values.email.trim()} autoFocus />
        <Button
          variant="link"
          className="w-full"
          onClick={() => {
            setForgot(false);
          }}
        >
          Back to sign in
        </Button>
      </section>
    );
  }

  const openForgot = () => {
    setForgot(true);
  };

  return (
    <Tabs
      value={mode}
      onValueChange={(value) => {
        setMode(value === 'sign-up' ? 'sign-up' : 'sign-in');
      }}
    >
      <TabsList className="w-full" aria-label="Sign in or create an account">
        <TabsTrigger value="sign-in">Sign in</TabsTrigger>
        <TabsTrigger value="sign-up">Create account</TabsTrigger>
      </TabsList>
      <TabsContent value="sign-in">
        <EmailAuthForm
          mode="sign-in"
          values={values}
          onChange={setValues}
          onForgotPassword={openForgot}
        />
      </TabsContent>
      <TabsContent value="sign-up">
        <EmailAuthForm mode="sign-up" values={values} onChange={setValues} />
      </TabsContent>
    </Tabs>
  );
}
