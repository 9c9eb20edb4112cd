import { useState } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { AuthMode, CredentialValues } from '../lib/validate-credentials';
import { EmailAuthForm } from './email-auth-form';

/** 'Sign in' / 'Create account' tabs sharing one set of typed values. */
export function EmailAuthPanel() {
  const [mode, setMode] = useState<AuthMode>('sign-in');
  const [values, setValues] = useState<CredentialValues>({ name: '', email: '', password: '' });

  return (
    <Tabs
      value={mode}
      onValueChange={(value) => {
        setMode(value === 'sign-up' ? 'sign-up' : 'sign-in');
      }}
    >
      <TabsList className="w-full" aria-label="Email sign-in or new account">
        <TabsTrigger value="sign-in">Sign in</TabsTrigger>
        <TabsTrigger value="sign-up">Create account</TabsTrigger>
      </TabsList>
      <TabsContent value="sign-in">
        <EmailAuthForm mode="sign-in" values={values} onChange={setValues} />
      </TabsContent>
      <TabsContent value="sign-up">
        <EmailAuthForm mode="sign-up" values={values} onChange={setValues} />
      </TabsContent>
    </Tabs>
  );
}
