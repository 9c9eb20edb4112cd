import { Palette, TriangleAlert } from 'lucide-react';
import type { GarmentFidelity } from '@studio/contract';
import { Badge } from '@/components/ui/badge';
import { fidelityFigures } from '../lib/fidelity-figures';

type Checked = NonNullable<GarmentFidelity>;

/**
 * "Colour true" or "Check colour" (ADR 037): whether a result kept the garment's colour and
 * pattern. Shown on the result and on its gallery card; the label carries the figures.
 */
export function FidelityBadge({ fidelity }: { fidelity: Checked }) {
  return (
    <Badge
      variant={fidelity.passed ? 'success' : 'warning'}
      aria-label={`Colour check: ${fidelity.passed ? 'colour true' : 'check colour'} (${fidelityFigures(fidelity)})`}
    >
      {fidelity.passed ? <Palette aria-hidden="true" /> : <TriangleAlert aria-hidden="true" />}
      {fidelity.passed ? 'Colour true' : 'Check colour'}
    </Badge>
  );
}
