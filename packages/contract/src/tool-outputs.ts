// What this installation really makes with each tool (ARCHITECTURE §6, ADR 048): the one answer
// the server prices by and serves in `GET /site-info`, and every screen that sells a tool reads.
// zod-free, so the server computes it and the browser names it without a schema.
import { GENERATION_TYPES, TOOL_DEFINITIONS, type Capability, type GenerationType } from './tools';

/**
 * - `real`: the configured provider really does it, at the tool's price.
 * - `preview`: the provider makes a clearly labelled preview instead, free.
 * - `unavailable`: the provider does neither; the tool cannot be used here.
 */
export const TOOL_OUTPUTS = ['real', 'preview', 'unavailable'] as const;
export type ToolOutput = (typeof TOOL_OUTPUTS)[number];

/** What a provider says it does: for real, and (when it says) what it can only preview. */
export interface ProviderAbilities {
  real: readonly Capability[];
  /** Absent: everything it cannot really do gets a labelled preview (the runner's fallback). */
  previews?: readonly Capability[] | undefined;
}

export function toolOutput(type: GenerationType, abilities: ProviderAbilities): ToolOutput {
  const { capability } = TOOL_DEFINITIONS[type];
  if (abilities.real.includes(capability)) return 'real';
  if (abilities.previews === undefined || abilities.previews.includes(capability)) return 'preview';
  return 'unavailable';
}

export interface ToolOutputEntry {
  type: GenerationType;
  output: ToolOutput;
}

/** Every tool's output, in the contract's tool order. */
export function toolOutputs(abilities: ProviderAbilities): ToolOutputEntry[] {
  return GENERATION_TYPES.map((type) => ({ type, output: toolOutput(type, abilities) }));
}
