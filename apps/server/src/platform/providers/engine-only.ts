import {
  GENERATION_TYPES,
  TOOL_DEFINITIONS,
  type Capability,
  type GenerationType,
} from '@studio/contract/tools';

/*
 * Work only the offline engine does (ADR 057): no remote model exists for it (a listing image's
 * check and fix are measurements and sharp operations), so whatever provider is configured, these
 * tools run on the engine and a remote provider's tool list leaves them out.
 */

export const ENGINE_ONLY_CAPABILITIES = [
  'listing',
  // Colourways (ADR 063): a measured recolour on the garment mask, no model needed.
  'colourway',
] as const satisfies readonly Capability[];
type EngineOnlyCapability = (typeof ENGINE_ONLY_CAPABILITIES)[number];

/** The tools whose capability is engine-only. */
export type EngineOnlyType = {
  [K in GenerationType]: (typeof TOOL_DEFINITIONS)[K]['capability'] extends EngineOnlyCapability
    ? K
    : never;
}[GenerationType];

/** The tools a remote provider (fal) runs. */
export type RemoteType = Exclude<GenerationType, EngineOnlyType>;

export function isEngineOnly(type: GenerationType): type is EngineOnlyType {
  return (ENGINE_ONLY_CAPABILITIES as readonly Capability[]).includes(
    TOOL_DEFINITIONS[type].capability,
  );
}

export const REMOTE_TYPES = GENERATION_TYPES.filter(
  (type): type is RemoteType => !isEngineOnly(type),
);
