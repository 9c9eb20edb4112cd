import { TOOL_DEFINITIONS, type GenerationType } from '@studio/contract';

// The seller's words for what a tool makes here (ADR 048 records them and why): short, plain,
// never an operator's instruction ("configure …"), and always saying that previews are free.

/** A tool page, before anything is uploaded, when the tool only previews here. */
export const PREVIEW_ONLY_TOOL =
  'This studio shows a labelled preview for this tool; real results are not available here yet. Previews are free.';

/** A tool page when the tool cannot be used here at all. */
export const UNAVAILABLE_TOOL = 'This tool is not available in this studio yet.';

/** The dashboard card of a tool that only previews here, and of one that is not available. */
export const PREVIEW_BADGE = 'Preview only here';
export const UNAVAILABLE_BADGE = 'Not available here';

/** 'A', 'A and B', 'A, B and C'. */
function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${String(names.at(-1))}`;
}

/**
 * The login hero's and plan cards' line naming the tools that only preview here, by the names the
 * sidebar and credit history use; null when every tool is real.
 */
export function previewToolsLine(types: readonly GenerationType[]): string | null {
  if (types.length === 0) return null;
  const names = joinNames(types.map((type) => TOOL_DEFINITIONS[type].label));
  const verb = types.length === 1 ? 'shows' : 'show';
  return `In this studio, ${names} ${verb} free labelled previews; real results are not available here yet.`;
}
