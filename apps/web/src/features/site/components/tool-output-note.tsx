import type { GenerationType } from '@studio/contract';
import { Alert } from '@/components/ui/alert';
import { useToolOutput } from '../api/tool-outputs';
import { PREVIEW_ONLY_TOOL, UNAVAILABLE_TOOL } from '../lib/tool-output-words';

/** What the note says, and how, for a tool that only previews or cannot be used here. */
const NOTES = {
  preview: { variant: 'info', text: PREVIEW_ONLY_TOOL },
  unavailable: { variant: 'warning', text: UNAVAILABLE_TOOL },
} as const;

/**
 * A tool page's word, before anything is uploaded, when the tool only previews here or cannot be
 * used here (ADR 048): the seller learns it before spending time, not from the result.
 */
export function ToolOutputNote({ tool }: { tool: GenerationType }) {
  const output = useToolOutput(tool);
  if (output !== 'preview' && output !== 'unavailable') return null;
  const note = NOTES[output];
  return (
    <Alert variant={note.variant} role="note" aria-label="What this tool makes here">
      {note.text}
    </Alert>
  );
}
