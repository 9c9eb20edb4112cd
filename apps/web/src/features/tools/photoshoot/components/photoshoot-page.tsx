import { useEffect, useRef, useState } from 'react';
import type { Generation } from '@studio/contract';
import { DEFAULT_MODE, MODES } from '@studio/contract/tools';
import { Alert } from '@/components/ui/alert';
import { Field } from '@/components/ui/field';
import { NativeSelect } from '@/components/ui/native-select';
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
  DEFAULT_PROMPT,
  ESTIMATE_FEATURE,
  FEATURE_NAME,
  initialSettings,
  isSceneStyle,
  PHOTOSHOOT_MESSAGES,
  photoshootEstimate,
  photoshootRequest,
  SCENE_STYLE_LABELS,
  SCENE_STYLE_LIST,
  sentPrompt,
  TOOL,
  type PhotoshootSettings,
  type RunContext,
} from '../lib/photoshoot-request';
import {
  readPhotoshootDraft,
  type HandedOverResults,
  type PhotoshootDraft,
} from '../lib/photoshoot-draft';
import { PHOTOSHOOT_EXAMPLES, type PhotoshootExample } from '../lib/examples';
import { ImageCountStepper } from './image-count-stepper';
import { ExampleResults, PastPhotoshoot, PhotoshootResults } from './photoshoot-results';
import { ToolOutputNote } from '@/features/site';

const PERSIST_KEY = 'photoshoot';
const GENERATE_REASON_ID = 'photoshoot-generate-reason';
/** Why Generate Photoshoot is off (document 2 §5: disabled without an image). */
const NO_IMAGE_REASON = 'Upload a product image or try an example to generate.';

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
  success: PHOTOSHOOT_MESSAGES.uploadSuccess,
  failure: PHOTOSHOOT_MESSAGES.uploadFailure,
  noUrl: PHOTOSHOOT_MESSAGES.uploadFailure,
};

/** The bundled example an upload's example mode is showing, with its scene and results. */
const photoshootExample = (example: unknown): PhotoshootExample | null =>
  PHOTOSHOOT_EXAMPLES.find((candidate) => candidate === example) ?? null;

/**
 * /photoshoot (document 2 §2 Product photoshoot): a product photo in, the product placed in
 * rendered scenes out, by scene style. Three bundled example products to start from.
 */
export function PhotoshootPage() {
  const arrival = useArrivalState();
  const userId = useCurrentUser()?.id ?? null;
  // What another screen hands over wins; otherwise the page comes back as it was left.
  const draft = useToolDraft(
    PERSIST_KEY,
    userId,
    readPhotoshootDraft,
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
  const [settings, setSettings] = useState<PhotoshootSettings>(
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
    // Document 2 §8 gives the product photoshoot one failure line, whatever the reason.
    describeFailure: () => PHOTOSHOOT_MESSAGES.failed,
    // A run that ends without scenes is a failure the user is told about (and refunded for by the
    // server), not an empty result area as in the old client.
    checkOutput: (generation) =>
      generation.imageUrls.length > 0 ? null : PHOTOSHOOT_MESSAGES.failed,
    persist: { key: PERSIST_KEY, readContext, keepOutcome: true },
  });
  useKeepToolDraft(PERSIST_KEY, userId, {
    imageUrl: upload.image?.url ?? null,
    settings,
    mode: modeChoice.mode,
    handedOver,
  } satisfies PhotoshootDraft);
  const checks = usePreSendChecks(run, upload.image);
  const estimate = useCreditEstimate(
    ESTIMATE_FEATURE,
    photoshootEstimate(settings, modeChoice.mode),
    upload.image !== null,
  );
  const generateRef = useRef<HTMLButtonElement>(null);
  // The checks await the plan and price; the request is built from what the page shows then.
  const latest = useRef({ settings, mode: modeChoice.mode });
  useEffect(() => {
    latest.current = { settings, mode: modeChoice.mode };
  }, [settings, modeChoice.mode]);

  // Choosing an example removes the button that had focus: focus moves to the image's Remove
  // button once the example shows, so a keyboard user stays in the product panel.
  const productPanel = useRef<HTMLDivElement>(null);
  const focusAfterExample = useRef(false);
  const shownImage = upload.image?.displayUrl ?? null;
  useEffect(() => {
    if (!focusAfterExample.current || shownImage === null) return;
    focusAfterExample.current = false;
    productPanel.current?.querySelector<HTMLElement>('button[aria-label="Remove image"]')?.focus();
  }, [shownImage]);

  const busy = run.isGenerating || checks.checking;
  const example = photoshootExample(upload.example);
  const noImage = upload.image === null && !run.isGenerating;

  const update = (patch: Partial<PhotoshootSettings>) => {
    setSettings((current) => ({ ...current, ...patch }));
  };

  const inputUpload = {
    ...upload,
    upload: (file: File) => {
      checks.clearCheckMessage();
      upload.upload(file);
    },
  };

  const chooseExample = (chosen: PhotoshootExample) => {
    checks.clearCheckMessage();
    // Starting from an example starts over: its scene and its results replace the page's.
    run.reset();
    setHandedOver(null);
    update({ sceneStyle: chosen.sceneStyle });
    focusAfterExample.current = true;
    void upload.chooseExample(chosen);
  };

  const generate = () => {
    if (busy || upload.image === null) return;
    void checks.check(
      {
        userId,
        noImageMessage: PHOTOSHOOT_MESSAGES.noImage,
        problem: null,
        tool: TOOL,
        estimate: {
          feature: ESTIMATE_FEATURE,
          payload: photoshootEstimate(settings, modeChoice.mode),
        },
      },
      (imageUrl, signedIn) => {
        const now = latest.current;
        const request = photoshootRequest(now.settings, {
          userId: signedIn,
          imageUrl,
          mode: now.mode,
        });
        const context = { prompt: sentPrompt(now.settings), style: now.settings.sceneStyle };
        if (run.start(request.path, request.body, context)) {
          upload.endExample();
          setHandedOver(null);
        }
      },
    );
  };

  const clearAll = () => {
    upload.clear();
    setSettings(initialSettings());
    modeChoice.setMode(DEFAULT_MODE);
    checks.clearCheckMessage();
    setHandedOver(null);
    run.reset();
  };

  const renderResult = (generation: Generation, context: RunContext) => (
    <PhotoshootResults
      urls={generation.imageUrls}
      generationId={generation.id}
      context={context}
      previewNote={generation.previewNote}
      videoAccess={videoAccess}
    />
  );

  let idle = null;
  if (handedOver) idle = <PastPhotoshoot results={handedOver} videoAccess={videoAccess} />;
  else if (example) idle = <ExampleResults example={example} />;
  const showsExample = example !== null && run.phase === 'idle' && !handedOver;

  return (
    <div className="flex flex-col gap-6">
      <div className="space-y-1">
        <h2 className="text-2xl font-semibold tracking-tight">{FEATURE_NAME}</h2>
        <p className="text-sm text-muted-foreground">
          Upload a product photo and get it placed in rendered scenes: lifestyle, studio, outdoor,
          minimal or luxury.
        </p>
      </div>
      <ToolOutputNote tool="photoshoot" />

      {arrival.recreatingFrom ? (
        <Alert variant="info" role="note">
          Loaded from a past generation. Adjust the settings and generate again.
        </Alert>
      ) : null}

      <div className="grid min-w-0 gap-6 lg:grid-cols-2">
        <ToolPanel title="Product Image" className="lg:self-start">
          <div ref={productPanel} className="flex flex-col gap-5">
            <UploadPanel
              upload={inputUpload}
              label="Upload product image"
              imageAlt="Product image"
              hint="JPG or PNG up to 10MB"
              locked={checks.checking}
            />
            <ExamplePicker
              examples={PHOTOSHOOT_EXAMPLES}
              hidden={upload.image !== null || busy}
              onChoose={(chosen) => {
                const picked = photoshootExample(chosen);
                if (picked) chooseExample(picked);
              }}
            />
            <ExampleNotice example={upload.example} />
          </div>
        </ToolPanel>

        <ToolPanel title="Photoshoot Settings" className="lg:self-start">
          <Field label="Scene style">
            {(control) => (
              <NativeSelect
                {...control}
                value={settings.sceneStyle}
                disabled={busy}
                onChange={(event) => {
                  const next = event.currentTarget.value;
                  if (isSceneStyle(next)) update({ sceneStyle: next });
                }}
              >
                {SCENE_STYLE_LIST.map((style) => (
                  <option key={style} value={style}>
                    {SCENE_STYLE_LABELS[style]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <ModeSelect choice={modeChoice} disabled={busy} />
          <ImageCountStepper
            value={settings.numImages}
            disabled={busy}
            onChange={(numImages) => {
              update({ numImages });
            }}
          />
          <AdvancedSettings
            prompt={settings.prompt}
            onPromptChange={(prompt) => {
              update({ prompt });
            }}
            placeholder={DEFAULT_PROMPT}
            hint={`Leave empty to use '${DEFAULT_PROMPT}'.`}
            disabled={busy}
          />
          <CreditEstimateBox
            state={estimate}
            idleText="Add a product image to see what this costs."
          />

          {checks.checkMessage ? (
            <Alert variant="destructive" role="alert">
              {checks.checkMessage}
            </Alert>
          ) : null}

          <div className="flex flex-col gap-2">
            <GenerateButton
              ref={generateRef}
              className="w-full"
              generating={run.isGenerating}
              busy={checks.checking}
              elapsedMs={run.elapsedMs}
              disabled={noImage}
              aria-describedby={noImage ? GENERATE_REASON_ID : undefined}
              onClick={generate}
            >
              Generate Photoshoot
            </GenerateButton>
            {noImage ? (
              <p id={GENERATE_REASON_ID} className="text-center text-xs text-muted-foreground">
                {NO_IMAGE_REASON}
              </p>
            ) : null}
          </div>
          <ClearAllButton onClear={clearAll} disabled={busy} />
        </ToolPanel>
      </div>

      <ToolPanel
        title={
          showsExample ? PHOTOSHOOT_MESSAGES.exampleResultsTitle : PHOTOSHOOT_MESSAGES.resultsTitle
        }
      >
        <ResultPanel
          run={run}
          renderResult={renderResult}
          placeholder="Your product scenes will appear here."
          idle={idle}
        />
      </ToolPanel>

      <GenerationDialogs run={run} featureName={FEATURE_NAME} returnFocusRef={generateRef} />
    </div>
  );
}
