import { Alert } from '@/components/ui/alert';

/**
 * The engine's own label for a preview-quality result (the offline engine says what it could
 * and could not do): shown plainly, never hidden, so nobody mistakes a preview for the real thing.
 */
export function PreviewNote({ note }: { note: string | null }) {
  if (!note) return null;
  return (
    <Alert variant="info" role="note">
      <p className="font-medium">About this result</p>
      <p>{note}</p>
    </Alert>
  );
}
