import { paths } from '@/config/paths';
import { VerifyPage } from '@/features/provenance';
import { useDocumentTitle } from '@/hooks/use-document-title';

export default function VerifyRoute() {
  useDocumentTitle(`${paths.verify.title} · AI Product Studio`);
  return <VerifyPage />;
}
