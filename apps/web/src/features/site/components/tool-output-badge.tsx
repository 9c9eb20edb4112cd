import type { GenerationType } from '@studio/contract';
import { Badge } from '@/components/ui/badge';
import { useToolOutput } from '../api/tool-outputs';
import { PREVIEW_BADGE, UNAVAILABLE_BADGE } from '../lib/tool-output-words';

/**
 * A short tag beside a tool's name where it is sold (the dashboard cards), when it only previews
 * here or is not available (ADR 048); nothing for a real tool or while the answer is on its way.
 */
export function ToolOutputBadge({ tool }: { tool: GenerationType }) {
  const output = useToolOutput(tool);
  if (output === 'preview') return <Badge variant="outline">{PREVIEW_BADGE}</Badge>;
  if (output === 'unavailable') return <Badge variant="warning">{UNAVAILABLE_BADGE}</Badge>;
  return null;
}
