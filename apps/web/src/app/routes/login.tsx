import { RedirectIfAuthenticated, LoginScreen } from '@/features/auth';
import { useDocumentTitle } from '@/hooks/use-document-title';

export default function LoginRoute() {
  useDocumentTitle('Sign in · AI Product Studio');
  return (
    <RedirectIfAuthenticated>
      <LoginScreen />
    </RedirectIfAuthenticated>
  );
}
