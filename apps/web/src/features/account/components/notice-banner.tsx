import { Alert } from '@/components/ui/alert';
import type { Notice } from '../hooks/use-timed-notice';

/** A page notice: successes are announced politely, errors at once. */
export function NoticeBanner({ notice }: { notice: Notice | null }) {
  if (!notice) return null;
  const success = notice.kind === 'success';
  return (
    <Alert
      key={notice.id}
      variant={success ? 'success' : 'destructive'}
      role={success ? 'status' : 'alert'}
      className="animate-fade-in"
    >
      {notice.text}
    </Alert>
  );
}
