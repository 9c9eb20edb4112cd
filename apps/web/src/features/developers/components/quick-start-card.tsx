import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { API_REFERENCE_PATH, quickStartScript } from '../lib/quick-start';
import { CopyButton } from './copy-button';

/** Quick start: upload an image and upscale it with curl, against this site. */
export function QuickStartCard() {
  const script = quickStartScript(window.location.origin);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Quick start</CardTitle>
        <CardDescription>
          Put your key in <code className="font-mono text-xs">KEY</code>, upload an image, then
          upscale it. The <code className="font-mono text-xs">Idempotency-Key</code> makes a retry
          answer the same work, charged once.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <pre
          role="region"
          aria-label="Quick start commands"
          tabIndex={0}
          className="overflow-x-auto rounded-md border border-border bg-muted p-3 font-mono text-xs leading-relaxed"
        >
          <code>{script}</code>
        </pre>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <CopyButton text={script} label="Copy the quick start commands" />
          <a
            href={API_REFERENCE_PATH}
            className="text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            API reference
          </a>
        </div>
      </CardContent>
    </Card>
  );
}
