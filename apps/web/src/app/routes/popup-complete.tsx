import { PopupComplete } from '@/features/auth';
import { useDocumentTitle } from '@/hooks/use-document-title';

export default function PopupCompleteRoute() {
  useDocumentTitle('Signing in · AI Product Studio');
  return <PopupComplete />;
}
