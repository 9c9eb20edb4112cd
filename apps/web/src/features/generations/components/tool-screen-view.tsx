import { useEffect, useRef, type ReactNode } from 'react';
import type { Generation } from '@studio/contract';
import { Alert } from '@/components/ui/alert';
import { cn } from '@/lib/cn';
import type { ToolExample } from '../hooks/use-image-upload';
import type { ToolScreen } from '../hooks/use-tool-screen';
import { ClearAllButton } from './clear-all-button';
import { CreditEstimateBox } from './credit-estimate-box';
import { ExampleNotice, ExamplePicker } from './example-picker';
import { GenerateWithReason } from './generate-button';
import { GenerationDialogs } from './generation-dialogs';
import { ResultPanel } from './result-panel';
import { ToolPanel } from './tool-panel';
import { UploadPanel } from './upload-panel';

export interface ToolScreenViewProps<S, C, E extends ToolExample> {
  screen: ToolScreen<S, C, E>;
  /** The feature's name: the heading, and what the upgrade dialog names. */
  title: string;
  /** Left out (with outputNote) when the page shows ToolScreenHeading itself, above a gate. */
  description?: string;
  /** What this tool makes here (the site's output note). */
  outputNote?: ReactNode;
  /** The note over a screen reopened from a past generation (its verb: 'extract again'). */
  recreatingNote?: string;
  input: {
    title: string;
    label: string;
    imageAlt: string;
    /** Under the drop zone (default: the spec's 'JPG or PNG up to 10MB'). */
    hint?: string;
    examples?: readonly E[];
    /** More input panels under the image's, in a wider column (the model templates). */
    panels?: ReactNode;
  };
  settingsTitle: string;
  /** The tool's own controls (mode and advanced settings among them, in its order). */
  children: ReactNode;
  estimateIdleText: string;
  generateLabel: string;
  /** Set when Generate is off without an image, with why (shown under it). */
  noImageReason?: string;
  /** Set when Generate is off for a choice the tool still needs, with why (shown under it). */
  blockedReason?: string | null;
  /** Clear All's label (defaults to 'Clear All Settings'). */
  clearLabel?: string;
  results: {
    title: string;
    /** The title while an example's results show (defaults to `title`). */
    exampleTitle?: string;
    renderResult: (generation: Generation, context: C) => ReactNode;
    /** Before the first run: results handed over or an example's (the screen's choice). */
    idle?: ReactNode;
    placeholder?: string;
    /** The results are a third column beside the input and settings from xl screens up. */
    beside?: boolean;
  };
}

/**
 * A single-image tool screen's layout (document 2 §4): heading, input panel with examples,
 * settings panel ending in the estimate, the checks' message, Generate and Clear All, the results
 * panel and the run's dialogs. The tool fills in its settings and results.
 */
export function ToolScreenView<S, C, E extends ToolExample>({
  screen,
  title,
  description,
  outputNote,
  recreatingNote = 'Loaded from a past generation. Adjust the settings and generate again.',
  input,
  settingsTitle,
  children,
  estimateIdleText,
  generateLabel,
  noImageReason,
  blockedReason,
  clearLabel,
  results,
}: ToolScreenViewProps<S, C, E>) {
  const { run, checks, upload, busy } = screen;
  const generateRef = useRef<HTMLButtonElement>(null);
  // Choosing an example removes the button that had focus: focus moves to the image's Remove
  // button once the example shows, so a keyboard user stays in the input panel.
  const inputPanel = useRef<HTMLDivElement>(null);
  const focusAfterExample = useRef(false);
  const shownImage = upload.image?.displayUrl ?? null;
  useEffect(() => {
    if (!focusAfterExample.current || shownImage === null) return;
    focusAfterExample.current = false;
    inputPanel.current?.querySelector<HTMLElement>('button[aria-label="Remove image"]')?.focus();
  }, [shownImage]);
  const noImage = noImageReason !== undefined && upload.image === null && !run.isGenerating;
  const offReason = noImage ? noImageReason : run.isGenerating ? null : (blockedReason ?? null);
  const message = checks.checkMessage ?? screen.sendFailure;
  const resultsPanel = (
    <ToolPanel
      title={screen.showsExample ? (results.exampleTitle ?? results.title) : results.title}
      className={results.beside ? 'lg:col-span-2 xl:col-span-1 xl:self-start' : undefined}
    >
      <ResultPanel
        run={run}
        renderResult={results.renderResult}
        placeholder={results.placeholder}
        idle={results.idle}
      />
    </ToolPanel>
  );
  return (
    <div className="flex flex-col gap-6">
      {description === undefined ? null : (
        <ToolScreenHeading title={title} description={description} outputNote={outputNote} />
      )}

      {screen.arrival.recreatingFrom ? (
        <Alert variant="info" role="note">
          {recreatingNote}
        </Alert>
      ) : null}

      <div
        className={cn(
          'grid min-w-0 gap-6',
          input.panels ? 'lg:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)]' : 'lg:grid-cols-2',
          results.beside && 'xl:grid-cols-[minmax(0,1fr)_minmax(0,1.35fr)_minmax(0,1fr)]',
        )}
      >
        <InputColumn panels={input.panels}>
          <ToolPanel title={input.title} className={input.panels ? undefined : 'lg:self-start'}>
            <div ref={inputPanel} className="flex flex-col gap-5">
              <UploadPanel
                upload={upload}
                label={input.label}
                imageAlt={input.imageAlt}
                hint={input.hint ?? 'JPG or PNG up to 10MB'}
                locked={checks.checking}
              />
              <ExamplePicker
                examples={input.examples ?? []}
                hidden={upload.image !== null || busy}
                onChoose={(example) => {
                  focusAfterExample.current = true;
                  screen.chooseExample(example);
                }}
              />
              <ExampleNotice example={upload.example} />
            </div>
          </ToolPanel>
        </InputColumn>

        <ToolPanel title={settingsTitle} className="lg:self-start">
          {children}
          <CreditEstimateBox state={screen.estimate} idleText={estimateIdleText} />

          {message ? (
            <Alert variant="destructive" role="alert">
              {message}
            </Alert>
          ) : null}

          <GenerateWithReason
            ref={generateRef}
            reason={offReason}
            generating={run.isGenerating}
            busy={checks.checking}
            elapsedMs={run.elapsedMs}
            onClick={screen.generate}
          >
            {generateLabel}
          </GenerateWithReason>
          <ClearAllButton onClear={screen.clearAll} disabled={busy} label={clearLabel} />
        </ToolPanel>
        {results.beside ? resultsPanel : null}
      </div>

      {results.beside ? null : resultsPanel}

      <GenerationDialogs run={run} featureName={title} returnFocusRef={generateRef} />
    </div>
  );
}

/** The input column: the image's panel alone, or with the tool's panels under it. */
function InputColumn({ panels, children }: { panels: ReactNode; children: ReactNode }) {
  if (!panels) return children;
  return (
    <div className="flex min-w-0 flex-col gap-6">
      {children}
      {panels}
    </div>
  );
}

/** A tool screen's heading and output note (the view's, or the page's above a plan gate). */
export function ToolScreenHeading({
  title,
  description,
  outputNote,
}: {
  title: string;
  description: string;
  outputNote?: ReactNode;
}) {
  return (
    <>
      <div className="space-y-1">
        <h2 className="text-2xl font-semibold tracking-tight">{title}</h2>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      {outputNote}
    </>
  );
}
