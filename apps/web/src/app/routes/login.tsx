import { RedirectIfAuthenticated } from '@/features/auth/components/redirect-if-authenticated';
import { LoginScreen } from '@/features/auth/components/login-screen';
import { useDocumentTitle } from '@/hooks/use-document-title';

export default function LoginRoute() {
  useDocumentTitle('Sign in · AI Product Studio');
  return (
    <RedirectIfAuthenticated>
      <LoginScreen />
    </RedirectIfAuthenticated>
  );
}
