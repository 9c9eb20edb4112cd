import { useId, type ReactNode } from 'react';
import { useMutation } from '@/lib/use-mutation';
import { RefreshCw } from 'lucide-react';
import type { Generation, GarmentFidelity } from '@studio/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { askFreeRegeneration } from '../api/free-regeneration';
import { isFinished, useGeneration } from '../api/generation';
import { FidelityBadge } from './fidelity-badge';

interface FreeRegenerationProps {
  generationId: string;
  fidelity: NonNullable<GarmentFidelity>;
  /** How the tool shows a finished run, used for the regenerated result. */
  renderRerun: (rerun: Generation) => ReactNode;
}

/**
 * The one free regeneration of a result that failed the colour check (ADR 037): the offer, then
 * the rerun's progress and result in place. A rerun already asked for (on another visit) is shown
 * instead of the offer, so the offer cannot be taken twice from here.
 */
export function FreeRegeneration({ generationId, fidelity, renderRerun }: FreeRegenerationProps) {
  const offerId = useId();
  const ask = useMutation({ mutationFn: () => askFreeRegeneration(generationId) });
  const rerunId = ask.data?.generationId ?? fidelity.freeRegenerationId;
  if (rerunId) return <Rerun id={rerunId} renderRerun={renderRerun} />;
  if (!fidelity.freeRegenerationOffered) return null;
  return (
    <div className="flex flex-col items-start gap-2">
      <p id={offerId} className="text-sm text-muted-foreground">
        The garment may not match your photo. Regenerate this result once, free of charge.
      </p>
      <Button
        variant="outline"
        size="sm"
        loading={ask.isPending}
        aria-describedby={offerId}
        onClick={() => {
          ask.mutate();
        }}
      >
        {ask.isPending ? null : <RefreshCw aria-hidden="true" />}
        {ask.isPending ? 'Starting…' : 'Regenerate free'}
      </Button>
      {ask.error ? (
        <Alert variant="destructive" role="alert">
          {ask.error.message}
        </Alert>
      ) : null}
    </div>
  );
}

function Rerun({
  id,
  renderRerun,
}: {
  id: string;
  renderRerun: FreeRegenerationProps['renderRerun'];
}) {
  const rerun = useGeneration(id).data;
  if (!rerun || !isFinished(rerun.status)) {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Regenerating for free…
      </p>
    );
  }
  if (rerun.status !== 'succeeded') {
    return (
      <Alert variant="destructive" role="alert">
        The free regeneration did not finish. {rerun.error ?? ''}
      </Alert>
    );
  }
  return (
    <div role="group" aria-label="Free regeneration" className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-sm font-medium">Free regeneration</h3>
        {rerun.fidelity ? <FidelityBadge fidelity={rerun.fidelity} /> : null}
      </div>
      {renderRerun(rerun)}
    </div>
  );
}
