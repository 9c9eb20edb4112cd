import { useEffect, useRef, type ReactNode } from 'react';
import { Sparkles } from 'lucide-react';
import type { Generation } from '@studio/contract';
import { Alert } from '@/components/ui/alert';
import { CANCELED_MESSAGE, type GenerationRun } from '../hooks/use-generation-run';
import { formatSeconds } from '../lib/timer';
import {
  bringResultIntoView,
  CredentialsDisclosure,
  FidelityCheck,
  GenerationProgress,
  usePrefetchResultView,
} from './deferred-results';

interface ResultPanelProps<C> {
  run: GenerationRun<C>;
  /** What a finished run shows: its images or video with their actions. */
  renderResult: (generation: Generation, context: C) => ReactNode;
  /** What shows before the first run: a result handed over by another screen, or examples. */
  idle?: ReactNode;
  /** The empty state's line. */
  placeholder?: string;
}

/** A cancel that reached the provider after it had finished the work (ADR 043). */
export const FINISHED_BEFORE_CANCEL =
  'The provider finished before your cancel reached it, so here is the result and its credits were used.';

const outcomeAnnouncements: Partial<Record<GenerationRun['phase'], string>> = {
  results: 'Generation finished',
  error: 'Generation failed',
  canceled: 'Generation canceled',
};

/**
 * A tool's result area (document 2 §4 Generation flow): progress with the queue position and
 * Cancel, the result, what went wrong, or that it was canceled. The progress view's status line
 * goes away when the run ends, so one polite live region that stays in the panel says how it
 * ended (a region added together with its text is often not read).
 */
export function ResultPanel<C>(props: ResultPanelProps<C>) {
  usePrefetchResultView();
  const announcer = useRef<HTMLParagraphElement>(null);
  // Whether a run went on while the panel was shown: an outcome already there when the page
  // opened (a kept result) stays where it is; one that arrives is brought into view.
  const waited = useRef(false);
  const { phase } = props.run;
  useEffect(() => {
    if (phase === 'generating') waited.current = true;
    else if (waited.current) {
      waited.current = false;
      if (phase === 'results' || phase === 'error') bringResultIntoView(announcer.current);
    }
  }, [phase]);
  return (
    <>
      <p ref={announcer} role="status" className="sr-only">
        {outcomeAnnouncements[props.run.phase] ?? null}
      </p>
      <PanelContent {...props} />
    </>
  );
}

function PanelContent<C>({
  run,
  renderResult,
  idle,
  placeholder = 'Your result will appear here.',
}: ResultPanelProps<C>) {
  if (run.phase === 'generating') {
    return (
      <GenerationProgress
        generation={run.generation}
        onCancel={run.cancel}
        canceling={run.isCanceling}
        cancelFailed={run.cancelFailed}
        connectionLost={run.pollFailing}
      />
    );
  }
  if (run.phase === 'error') {
    return (
      <Alert variant="destructive" role="alert">
        {run.error}
      </Alert>
    );
  }
  if (run.phase === 'canceled') {
    return <Alert variant="info">{CANCELED_MESSAGE}</Alert>;
  }
  if (run.phase === 'results' && run.generation && run.context !== null) {
    const { context } = run;
    return (
      <div className="flex flex-col gap-3">
        <p className="text-xs text-muted-foreground">
          Finished in <span className="tabular-nums">{formatSeconds(run.elapsedMs)}</span>
        </p>
        {run.generation.cancelRequested ? (
          <Alert variant="info">{FINISHED_BEFORE_CANCEL}</Alert>
        ) : null}
        {renderResult(run.generation, run.context)}
        <FidelityCheck
          generation={run.generation}
          renderRerun={(rerun) => renderResult(rerun, context)}
        />
        <CredentialsDisclosure
          credentials={run.generation.credentials}
          tool={run.generation.type}
          outputUrl={run.generation.imageUrls[0] ?? run.generation.videoUrls[0]}
        />
      </div>
    );
  }
  if (idle) return idle;
  return (
    <div className="flex min-h-52 flex-col items-center justify-center gap-2 rounded-lg border border-dashed border-border px-4 py-10 text-center text-sm text-muted-foreground">
      <Sparkles aria-hidden="true" className="size-6 text-brand-400" />
      {placeholder}
    </div>
  );
}
