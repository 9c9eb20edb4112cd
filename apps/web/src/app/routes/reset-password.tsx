import { ResetPasswordScreen } from '@/features/auth';
import { useDocumentTitle } from '@/hooks/use-document-title';

export default function ResetPasswordRoute() {
  useDocumentTitle('Reset password · AI Product Studio');
  return <ResetPasswordScreen />;
}
