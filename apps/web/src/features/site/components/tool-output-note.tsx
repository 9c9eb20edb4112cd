import type { GenerationType } from '@studio/contract';
import { Alert } from '@/components/ui/alert';
import { useToolOutput } from '../api/tool-outputs';
import { PREVIEW_ONLY_TOOL, UNAVAILABLE_TOOL } from '../lib/tool-output-words';

/**
 * A tool page's word, before anything is uploaded, when the tool only previews here or cannot be
 * used here (ADR 048): the seller learns it before spending time, not from the result.
 */
export function ToolOutputNote({ tool }: { tool: GenerationType }) {
  const output = useToolOutput(tool);
  if (output === 'preview') {
    return (
      <Alert variant="info" role="note" aria-label="What this tool makes here">
        {PREVIEW_ONLY_TOOL}
      </Alert>
    );
  }
  if (output === 'unavailable') {
    return (
      <Alert variant="warning" role="note" aria-label="What this tool makes here">
        {UNAVAILABLE_TOOL}
      </Alert>
    );
  }
  return null;
}
