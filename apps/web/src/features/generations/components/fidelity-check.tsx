import type { ReactNode } from 'react';
import type { Generation } from '@studio/contract';
import { useIsPreviewTool } from '@/features/site';
import { fidelityFigures } from '../lib/fidelity-figures';
import { FidelityBadge } from './fidelity-badge';
import { FreeRegeneration } from './free-regeneration';

/**
 * The garment-fidelity check under a finished try-on, pose or extractor result (ADR 037): the
 * badge with its figures and, when the result failed, the free regeneration. Nothing for tools
 * the check does not cover, nor for a labelled preview: its "garment" is the input pasted beside
 * a banner, so a colour verdict on it would mislead (ADR 048).
 */
export function FidelityCheck({
  generation,
  renderRerun,
}: {
  generation: Generation;
  renderRerun: (rerun: Generation) => ReactNode;
}) {
  const { fidelity } = generation;
  const preview = useIsPreviewTool(generation.type);
  if (!fidelity || preview) return null;
  return (
    <div role="group" aria-label="Garment colour check" className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <FidelityBadge fidelity={fidelity} />
        <p className="text-xs text-muted-foreground">
          Against your garment photo: {fidelityFigures(fidelity)}.
        </p>
      </div>
      {fidelity.passed ? null : (
        <FreeRegeneration
          generationId={generation.id}
          fidelity={fidelity}
          renderRerun={renderRerun}
        />
      )}
    </div>
  );
}
