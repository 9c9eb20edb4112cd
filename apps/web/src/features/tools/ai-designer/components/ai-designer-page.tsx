import { useEffect, useRef, useState } from 'react';
import type { Generation } from '@studio/contract';
import { DEFAULT_MODE, MODES } from '@studio/contract/tools';
import { Alert } from '@/components/ui/alert';
import { useCurrentUser } from '@/features/auth';
import {
  AdvancedSettings,
  ClearAllButton,
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
  useVideoAccess,
  reusedSetting,
} from '@/features/generations';
import {
  arrivalSettings,
  clearedSettings,
  defaultPrompt,
  DESIGNER_MESSAGES,
  designerEstimate,
  designerRequest,
  ESTIMATE_FEATURE,
  FEATURE_NAME,
  sentPrompt,
  TOOL,
  type DesignerSettings,
  type RunContext,
} from '../lib/designer-request';
import {
  readDesignerDraft,
  type DesignerDraft,
  type HandedOverResults,
} from '../lib/designer-draft';
import { DESIGNER_EXAMPLES, type DesignerExample } from '../lib/examples';
import { DesignChoices } from './design-choices';
import { DesignResults, ExampleResults, PastDesigns } from './design-results';
import { NoDesigns } from './no-designs';
import { ToolOutputNote } from '@/features/site';

const PERSIST_KEY = 'ai-designer';
const readContext = (stored: unknown): RunContext | null =>
  typeof stored === 'object' &&
  stored !== null &&
  'prompt' in stored &&
  'style' in stored &&
  typeof stored.prompt === 'string' &&
  typeof stored.style === 'string'
    ? { prompt: stored.prompt, style: stored.style }
    : null;

const uploadMessages = {
  success: DESIGNER_MESSAGES.uploadSuccess,
  failure: DESIGNER_MESSAGES.uploadFailure,
  noUrl: DESIGNER_MESSAGES.uploadFailure,
};

/** The bundled example an upload's example mode is showing, with its settings and results. */
const designerExample = (example: unknown): DesignerExample | null =>
  DESIGNER_EXAMPLES.find((candidate) => candidate === example) ?? null;

/**
 * /ai-designer (document 2 §2 AI designer): a cloth photo in, redesigned variants out, by cloth
 * type, design theme and colour palette. Three bundled example cloths to start from.
 */
export function AiDesignerPage() {
  const arrival = useArrivalState();
  const userId = useCurrentUser()?.id ?? null;
  // What another screen hands over wins; otherwise the page comes back as it was left.
  const draft = useToolDraft(
    PERSIST_KEY,
    userId,
    readDesignerDraft,
    Object.keys(arrival).length > 0,
  );
  const upload = useImageUpload(
    userId,
    uploadMessages,
    arrival.inputImages?.[0] ?? draft?.imageUrl ?? null,
  );
  const modeChoice = useModeChoice(draft?.mode ?? reusedSetting(arrival, 'mode', MODES));
  // Read with the page, so Create Video is already right when the first result shows.
  const videoAccess = useVideoAccess();
  const [settings, setSettings] = useState<DesignerSettings>(
    () => draft?.settings ?? arrivalSettings(arrival),
  );
  // A past run's results, handed over by the gallery's View, until the first run here.
  const [handedOver, setHandedOver] = useState<HandedOverResults | null>(() =>
    arrival.generatedImages && arrival.recreatingFrom
      ? {
          urls: arrival.generatedImages,
          generationId: arrival.recreatingFrom,
          prompt: arrival.prompt ?? '',
          style: arrival.style ?? '',
        }
      : (draft?.handedOver ?? null),
  );

  const run = useGenerationRun<RunContext>({
    // Document 2 §8 gives the designer one failure line, whatever the reason.
    describeFailure: () => DESIGNER_MESSAGES.failed,
    checkOutput: (generation) =>
      generation.imageUrls.length > 0 ? null : DESIGNER_MESSAGES.failed,
    persist: { key: PERSIST_KEY, readContext, keepOutcome: true },
  });
  useKeepToolDraft(PERSIST_KEY, userId, {
    imageUrl: upload.image?.url ?? null,
    settings,
    mode: modeChoice.mode,
    handedOver,
  } satisfies DesignerDraft);
  const checks = usePreSendChecks(run, upload.image);
  const estimate = useCreditEstimate(
    ESTIMATE_FEATURE,
    designerEstimate(settings, modeChoice.mode),
    upload.image !== null,
  );
  const generateRef = useRef<HTMLButtonElement>(null);
  // The checks await the plan and price; the request is built from what the page shows then.
  const latest = useRef({ settings, mode: modeChoice.mode });
  useEffect(() => {
    latest.current = { settings, mode: modeChoice.mode };
  }, [settings, modeChoice.mode]);

  // Choosing an example removes the button that had focus: focus moves to the image's Remove
  // button once the example shows, so a keyboard user stays in the cloth panel.
  const clothPanel = useRef<HTMLDivElement>(null);
  const focusAfterExample = useRef(false);
  const shownImage = upload.image?.displayUrl ?? null;
  useEffect(() => {
    if (!focusAfterExample.current || shownImage === null) return;
    focusAfterExample.current = false;
    clothPanel.current?.querySelector<HTMLElement>('button[aria-label="Remove image"]')?.focus();
  }, [shownImage]);

  const busy = run.isGenerating || checks.checking;
  const example = designerExample(upload.example);

  const update = (patch: Partial<DesignerSettings>) => {
    setSettings((current) => ({ ...current, ...patch }));
  };

  // A new image answers 'Please upload a cloth image': the alert goes with the old state.
  const inputUpload = {
    ...upload,
    upload: (file: File) => {
      checks.clearCheckMessage();
      upload.upload(file);
    },
  };

  const chooseExample = (chosen: DesignerExample) => {
    checks.clearCheckMessage();
    // Starting from an example starts over: its settings and its results replace the page's.
    run.reset();
    setHandedOver(null);
    update({
      clothType: chosen.clothType,
      customClothType: '',
      designTheme: chosen.designTheme,
      colorPalette: chosen.colorPalette,
      prompt: chosen.prompt,
    });
    focusAfterExample.current = true;
    void upload.chooseExample(chosen);
  };

  const generate = () => {
    if (busy) return;
    void checks.check(
      {
        userId,
        noImageMessage: DESIGNER_MESSAGES.noImage,
        problem: null,
        tool: TOOL,
        estimate: {
          feature: ESTIMATE_FEATURE,
          payload: designerEstimate(settings, modeChoice.mode),
        },
      },
      (imageUrl, signedIn) => {
        const now = latest.current;
        const request = designerRequest(now.settings, {
          userId: signedIn,
          imageUrl,
          mode: now.mode,
        });
        const context = { prompt: sentPrompt(now.settings), style: now.settings.style };
        if (run.start(request.path, request.body, context)) {
          upload.endExample();
          setHandedOver(null);
        }
      },
    );
  };

  const clearAll = () => {
    upload.clear();
    setSettings(clearedSettings());
    modeChoice.setMode(DEFAULT_MODE);
    checks.clearCheckMessage();
    setHandedOver(null);
    run.reset();
  };

  const renderResult = (generation: Generation, context: RunContext) => (
    <DesignResults
      urls={generation.imageUrls}
      generationId={generation.id}
      context={context}
      previewNote={generation.previewNote}
      videoAccess={videoAccess}
    />
  );

  let idle = <NoDesigns />;
  if (handedOver) idle = <PastDesigns results={handedOver} videoAccess={videoAccess} />;
  else if (example) idle = <ExampleResults example={example} />;
  const showsExample = example !== null && run.phase === 'idle' && !handedOver;

  return (
    <div className="flex flex-col gap-6">
      <div className="space-y-1">
        <h2 className="text-2xl font-semibold tracking-tight">{FEATURE_NAME}</h2>
        <p className="text-sm text-muted-foreground">
          Upload a garment photo and get redesigned variants of it by cloth type, design theme and
          colour palette.
        </p>
      </div>
      <ToolOutputNote tool="ai-designer" />

      {arrival.recreatingFrom ? (
        <Alert variant="info" role="note">
          Loaded from a past generation. Adjust the settings and generate again.
        </Alert>
      ) : null}

      <div className="grid min-w-0 gap-6 lg:grid-cols-2">
        <ToolPanel title="Cloth Image" className="lg:self-start">
          <div ref={clothPanel} className="flex flex-col gap-5">
            <UploadPanel
              upload={inputUpload}
              label="Upload cloth image"
              imageAlt="Cloth image"
              hint="JPG or PNG up to 10MB"
              locked={checks.checking}
            />
            <ExamplePicker
              examples={DESIGNER_EXAMPLES}
              hidden={upload.image !== null || busy}
              onChoose={(chosen) => {
                const picked = designerExample(chosen);
                if (picked) chooseExample(picked);
              }}
            />
            <ExampleNotice example={upload.example} />
          </div>
        </ToolPanel>

        <ToolPanel title="Design Settings" className="lg:self-start">
          <DesignChoices settings={settings} onChange={update} disabled={busy} />
          <ModeSelect choice={modeChoice} disabled={busy} />
          <AdvancedSettings
            prompt={settings.prompt}
            onPromptChange={(prompt) => {
              update({ prompt });
            }}
            placeholder={defaultPrompt(settings)}
            hint="Leave empty to use the prompt shown, built from the type, theme and palette."
            disabled={busy}
          />
          <CreditEstimateBox
            state={estimate}
            idleText="Add a cloth image to see what this costs."
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
            onClick={generate}
          >
            Generate Design
          </GenerateButton>
          <ClearAllButton onClear={clearAll} disabled={busy} />
        </ToolPanel>
      </div>

      <ToolPanel
        title={
          showsExample ? DESIGNER_MESSAGES.exampleResultsTitle : DESIGNER_MESSAGES.resultsTitle
        }
      >
        <ResultPanel run={run} renderResult={renderResult} idle={idle} />
      </ToolPanel>

      <GenerationDialogs run={run} featureName={FEATURE_NAME} returnFocusRef={generateRef} />
    </div>
  );
}
