import { useEffect, useId, useRef, useState } from 'react';
import { RotateCcw } from 'lucide-react';
import type { Generation } from '@studio/contract';
import { DEFAULT_MODE, requiredPlansForTool, MODES } from '@studio/contract/tools';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { useCurrentUser } from '@/features/auth';
import { PremiumFeatureGate } from '@/features/billing';
import {
  CreditEstimateBox,
  ExampleNotice,
  ExamplePicker,
  GenerateButton,
  GenerationDialogs,
  ModeSelect,
  ResultPanel,
  ToolPanel,
  UploadPanel,
  useArrivalState,
  useCreditEstimate,
  useGenerationRun,
  useImageUpload,
  useKeepToolDraft,
  useModeChoice,
  usePreSendChecks,
  useToolDraft,
  type ToolExample,
  reusedSetting,
} from '@/features/generations';
import { cn } from '@/lib/cn';
import {
  arrivalInstructions,
  ESTIMATE_FEATURE,
  EXTRACTION_TYPE,
  EXTRACTION_TYPE_LABELS,
  EXTRACTION_TYPE_LIST,
  EXTRACTOR_MESSAGES,
  extractorEstimate,
  extractorRequest,
  FEATURE_NAME,
  sentPrompt,
  TOOL,
  type RunContext,
} from '../lib/extractor-request';
import {
  readExtractorDraft,
  type ExtractorDraft,
  type HandedOverResults,
} from '../lib/extractor-draft';
import { EXTRACTOR_EXAMPLES } from '../lib/examples';
import { ExtractedItems, PastItems } from './extracted-items';
import { ToolOutputNote } from '@/features/site';

const PERSIST_KEY = 'fashion-extractor';
const REQUIRED_PLANS = requiredPlansForTool(TOOL);

const readContext = (stored: unknown): RunContext | null =>
  typeof stored === 'object' &&
  stored !== null &&
  'prompt' in stored &&
  typeof stored.prompt === 'string'
    ? { prompt: stored.prompt }
    : null;

const uploadMessages = {
  success: EXTRACTOR_MESSAGES.uploadSuccess,
  failure: EXTRACTOR_MESSAGES.uploadFailure,
  noUrl: EXTRACTOR_MESSAGES.uploadFailure,
};

const fieldClass =
  'w-full min-w-0 rounded-md border border-input bg-surface px-3 py-2 text-base text-foreground shadow-xs sm:text-sm focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25 focus-visible:outline-none disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-70';

/**
 * /fashion-extractor (document 2 §2 Fashion extractor): a photo of a model in, the clothing on a
 * plain background out. Plus and above (the contract's plan rule): others see the premium gate.
 */
export function FashionExtractorPage() {
  return (
    <div className="flex flex-col gap-6">
      <div className="space-y-1">
        <h2 className="text-2xl font-semibold tracking-tight">{FEATURE_NAME}</h2>
        <p className="text-sm text-muted-foreground">
          Upload a photo of a model and get the clothing on a plain background.
        </p>
      </div>
      <ToolOutputNote tool="fashion-extractor" />
      <PremiumFeatureGate requiredPlans={REQUIRED_PLANS} featureName={FEATURE_NAME}>
        <ExtractorScreen />
      </PremiumFeatureGate>
    </div>
  );
}

function ExtractorScreen() {
  const arrival = useArrivalState();
  const userId = useCurrentUser()?.id ?? null;
  // What another screen hands over wins; otherwise the page comes back as it was left.
  const draft = useToolDraft(
    PERSIST_KEY,
    userId,
    readExtractorDraft,
    Object.keys(arrival).length > 0,
  );
  const upload = useImageUpload(
    userId,
    uploadMessages,
    arrival.inputImages?.[0] ?? draft?.imageUrl ?? null,
  );
  // The extraction type is fixed (document 2 §9), so of a reused run's settings only its mode and
  // prompt (handed over as the instructions) apply here.
  const modeChoice = useModeChoice(draft?.mode ?? reusedSetting(arrival, 'mode', MODES));
  const [instructions, setInstructions] = useState(
    () => draft?.instructions ?? arrivalInstructions(arrival),
  );
  // A past run's results, handed over by the gallery's View, until the first run here.
  const [handedOver, setHandedOver] = useState<HandedOverResults | null>(() =>
    arrival.generatedImages && arrival.recreatingFrom
      ? {
          urls: arrival.generatedImages,
          generationId: arrival.recreatingFrom,
          prompt: arrival.prompt ?? EXTRACTOR_MESSAGES.defaultPrompt,
        }
      : (draft?.handedOver ?? null),
  );

  const run = useGenerationRun<RunContext>({
    // Document 2 §8 gives the extractor one failure line, whatever the reason; a run that ends
    // without images says the same (the server refunds it).
    describeFailure: () => EXTRACTOR_MESSAGES.failed,
    checkOutput: (generation) =>
      generation.imageUrls.length > 0 ? null : EXTRACTOR_MESSAGES.failed,
    persist: { key: PERSIST_KEY, readContext, keepOutcome: true },
  });
  useKeepToolDraft(PERSIST_KEY, userId, {
    imageUrl: upload.image?.url ?? null,
    instructions,
    mode: modeChoice.mode,
    handedOver,
  } satisfies ExtractorDraft);
  const checks = usePreSendChecks(run, upload.image);
  const estimate = useCreditEstimate(
    ESTIMATE_FEATURE,
    extractorEstimate(modeChoice.mode),
    upload.image !== null,
  );
  const generateRef = useRef<HTMLButtonElement>(null);
  const latest = useRef({ instructions, mode: modeChoice.mode });
  useEffect(() => {
    latest.current = { instructions, mode: modeChoice.mode };
  }, [instructions, modeChoice.mode]);

  // Choosing an example removes the button that had focus: focus moves to the image's Remove
  // button once the example shows, so a keyboard user stays in the image panel.
  const imagePanel = useRef<HTMLDivElement>(null);
  const focusAfterExample = useRef(false);
  const shownImage = upload.image?.displayUrl ?? null;
  useEffect(() => {
    if (!focusAfterExample.current || shownImage === null) return;
    focusAfterExample.current = false;
    imagePanel.current?.querySelector<HTMLElement>('button[aria-label="Remove image"]')?.focus();
  }, [shownImage]);

  const typeId = useId();
  const instructionsId = useId();
  const busy = run.isGenerating || checks.checking;
  const noImage = upload.image === null;

  const chooseExample = (example: ToolExample) => {
    checks.clearCheckMessage();
    focusAfterExample.current = true;
    void upload.chooseExample(example);
  };

  const extract = () => {
    if (busy || noImage) return;
    void checks.check(
      {
        userId,
        noImageMessage: EXTRACTOR_MESSAGES.noImage,
        problem: null,
        tool: TOOL,
        estimate: { feature: ESTIMATE_FEATURE, payload: extractorEstimate(modeChoice.mode) },
      },
      (imageUrl, signedIn) => {
        const now = latest.current;
        const request = extractorRequest(now.instructions, {
          userId: signedIn,
          imageUrl,
          mode: now.mode,
        });
        if (run.start(request.path, request.body, { prompt: sentPrompt(now.instructions) })) {
          upload.endExample();
          setHandedOver(null);
        }
      },
    );
  };

  const clear = () => {
    upload.clear();
    setInstructions('');
    modeChoice.setMode(DEFAULT_MODE);
    checks.clearCheckMessage();
    setHandedOver(null);
    run.reset();
  };

  const renderResult = (generation: Generation, context: RunContext) => (
    <ExtractedItems
      urls={generation.imageUrls}
      generationId={generation.id}
      prompt={context.prompt}
      previewNote={generation.previewNote}
    />
  );

  return (
    <>
      {arrival.recreatingFrom ? (
        <Alert variant="info" role="note">
          Loaded from a past generation. Adjust the settings and extract again.
        </Alert>
      ) : null}

      <div className="grid min-w-0 gap-6 lg:grid-cols-2">
        <ToolPanel title="Fashion Image" className="lg:self-start">
          <div ref={imagePanel} className="flex flex-col gap-5">
            <UploadPanel
              upload={{
                ...upload,
                upload: (file: File) => {
                  checks.clearCheckMessage();
                  upload.upload(file);
                },
              }}
              label="Upload fashion image"
              imageAlt="Fashion image"
              hint={EXTRACTOR_MESSAGES.uploadHint}
              locked={checks.checking}
            />
            <ExamplePicker
              examples={EXTRACTOR_EXAMPLES}
              hidden={!noImage || busy}
              onChoose={chooseExample}
            />
            <ExampleNotice example={upload.example} />
          </div>
        </ToolPanel>

        <ToolPanel title="Extraction Settings" className="lg:self-start">
          <div className="flex flex-col gap-2">
            <Label htmlFor={typeId}>Extraction type</Label>
            <select
              id={typeId}
              value={EXTRACTION_TYPE}
              disabled
              aria-describedby={`${typeId}-hint`}
              className={cn(fieldClass, 'h-10 py-0')}
            >
              {EXTRACTION_TYPE_LIST.map((type) => (
                <option key={type} value={type}>
                  {EXTRACTION_TYPE_LABELS[type]}
                </option>
              ))}
            </select>
            <p id={`${typeId}-hint`} className="text-xs text-muted-foreground">
              Fixed: the whole outfit is extracted.
            </p>
          </div>
          <ModeSelect choice={modeChoice} disabled={busy} />
          <div className="flex flex-col gap-2">
            <Label htmlFor={instructionsId}>Custom instructions</Label>
            <textarea
              id={instructionsId}
              value={instructions}
              disabled={busy}
              rows={3}
              maxLength={2000}
              placeholder={EXTRACTOR_MESSAGES.defaultPrompt}
              aria-describedby={`${instructionsId}-hint`}
              onChange={(event) => {
                setInstructions(event.currentTarget.value);
              }}
              className={cn(fieldClass, 'resize-y placeholder:text-muted-foreground/80')}
            />
            <p id={`${instructionsId}-hint`} className="text-xs text-muted-foreground">
              Optional. Leave empty to send ‘{EXTRACTOR_MESSAGES.defaultPrompt}’.
            </p>
          </div>
          <CreditEstimateBox
            state={estimate}
            idleText="Add a fashion image to see what this costs."
          />

          {checks.checkMessage ? (
            <Alert variant="destructive" role="alert">
              {checks.checkMessage}
            </Alert>
          ) : null}

          <GenerateButton
            ref={generateRef}
            className="w-full"
            generating={run.isGenerating}
            busy={checks.checking}
            elapsedMs={run.elapsedMs}
            disabled={noImage}
            aria-describedby={noImage ? `${typeId}-why` : undefined}
            onClick={extract}
          >
            Extract Fashion
          </GenerateButton>
          {noImage ? (
            <p id={`${typeId}-why`} className="-mt-2 text-xs text-muted-foreground">
              Upload a fashion image or choose an example to extract.
            </p>
          ) : null}
          <Button variant="outline" className="w-full" disabled={busy} onClick={clear}>
            <RotateCcw aria-hidden="true" />
            Clear
          </Button>
        </ToolPanel>
      </div>

      <ToolPanel title={EXTRACTOR_MESSAGES.resultsTitle}>
        <ResultPanel
          run={run}
          renderResult={renderResult}
          placeholder={EXTRACTOR_MESSAGES.empty}
          {...(handedOver ? { idle: <PastItems results={handedOver} /> } : {})}
        />
      </ToolPanel>

      <GenerationDialogs run={run} featureName={FEATURE_NAME} returnFocusRef={generateRef} />
    </>
  );
}
