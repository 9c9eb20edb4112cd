import type { GarmentFidelity } from '@studio/contract';

/** A garment-fidelity check's figures in words: ΔE00 to one decimal, the pattern as a percentage. */
export function fidelityFigures(fidelity: NonNullable<GarmentFidelity>): string {
  const colour = `colour difference ΔE ${fidelity.colourDifference.toFixed(1)}`;
  return `${colour}, pattern ${String(Math.round(fidelity.patternSimilarity * 100))}% alike`;
}
