import { paths } from '@/config/paths';
import { LegalPage } from '@/features/site';
import { useDocumentTitle } from '@/hooks/use-document-title';

export default function TermsRoute() {
  useDocumentTitle(`${paths.terms.title} · AI Product Studio`);
  return <LegalPage document="terms" />;
}
