import { paths } from '@/config/paths';
import { LegalPage } from '@/features/site';
import { useDocumentTitle } from '@/hooks/use-document-title';

export default function PrivacyRoute() {
  useDocumentTitle(`${paths.privacy.title} · AI Product Studio`);
  return <LegalPage document="privacyPolicy" />;
}
