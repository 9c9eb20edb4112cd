import type { GarmentFidelity } from '@studio/contract';
import type { GenerationRow } from '../generations/generations.service';

type FidelityColumns = Pick<
  GenerationRow,
  | 'fidelityColourDifference'
  | 'fidelityPatternSimilarity'
  | 'fidelityPassed'
  | 'freeRegenerationId'
  | 'freeRegenerationOf'
>;

/**
 * A result's garment-fidelity check as the API shows it (ADR 037), or null when it has none. A
 * free regeneration is offered once, for a result that failed, and never for a free regeneration
 * itself: a result that keeps failing would otherwise rerun for nothing without end.
 */
export function fidelityOf(row: FidelityColumns): GarmentFidelity {
  if (
    row.fidelityPassed === null ||
    row.fidelityColourDifference === null ||
    row.fidelityPatternSimilarity === null
  ) {
    return null;
  }
  return {
    passed: row.fidelityPassed,
    colourDifference: row.fidelityColourDifference,
    patternSimilarity: row.fidelityPatternSimilarity,
    freeRegenerationOffered:
      !row.fidelityPassed && row.freeRegenerationId === null && row.freeRegenerationOf === null,
    freeRegenerationId: row.freeRegenerationId,
  };
}
