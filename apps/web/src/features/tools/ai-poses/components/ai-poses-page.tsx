import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import type { Generation } from '@studio/contract';
import { DEFAULT_MODE, MODES } from '@studio/contract/tools';
import { Alert } from '@/components/ui/alert';
import { useCurrentUser } from '@/features/auth';
import {
  AdvancedSettings,
  ClearAllButton,
  CreditEstimateBox,
  GenerateButton,
  GenerationDialogs,
  ModeSelect,
  ResultPanel,
  ToolPanel,
  UploadPanel,
  useArrivalState,
  useCreditEstimate,
  useGenerationRun,
  useIdlePrefetch,
  useImageUpload,
  useKeepToolDraft,
  useModeChoice,
  usePreSendChecks,
  useToolDraft,
  useVideoAccess,
  type ToolNavigationState,
  reusedSetting,
} from '@/features/generations';
import { isRecord, isString, oneOf } from '@/lib/guards';
import { usePoses } from '../api/poses';
import { readPosesDraft, type HandedOverResults, type PosesDraft } from '../lib/pose-draft';
import {
  ASPECT_RATIO_LIST,
  autoPose,
  BACKGROUND_COLOUR_LIST,
  BACKGROUND_LIST,
  ESTIMATE_FEATURE,
  EXPRESSION_LIST,
  FEATURE_NAME,
  initialSettings,
  POSE_MESSAGES,
  posesEstimate,
  promptLocks,
  readStyle,
  toPoseList,
  TOOL,
  VIEW_LIST,
  withFilters,
  withPrompt,
  type PoseSettings,
  type RunContext,
} from '../lib/pose-request';
import { ToolOutputNote } from '@/features/site';

/*
 * Kept out of the page's first chunk (the tool routes sit at the 150 KiB budget): the results show
 * only after a run or a hand-over, the generate call's code is needed only on Generate (both are
 * fetched ahead when the browser is idle after the page's first render), and the pose and colour
 * controls are fetched with the page's first render, alongside `GET /poses`, before which the pose
 * picker has nothing to show.
 */
const loadResults = () => import('./pose-results');
const PoseResults = lazy(() => loadResults().then((m) => ({ default: m.PoseResults })));
const PastPoses = lazy(() => loadResults().then((m) => ({ default: m.PastPoses })));
let controls: ReturnType<typeof fetchControls> | null = null;
const fetchControls = () => import('./pose-controls');
const loadControls = () => {
  controls ??= fetchControls().catch((error: unknown) => {
    controls = null;
    throw error;
  });
  return controls;
};
const PosePicker = lazy(() => loadControls().then((m) => ({ default: m.PosePicker })));
const PoseChoices = lazy(() => loadControls().then((m) => ({ default: m.PoseChoices })));
const loadCall = () => import('../lib/pose-call');

function ControlsPlaceholder() {
  return (
    <p className="min-h-[40rem] text-sm text-muted-foreground" aria-busy="true">
      Loading the pose controls…
    </p>
  );
}

const PERSIST_KEY = 'ai-poses';
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
  success: POSE_MESSAGES.uploadSuccess,
  failure: POSE_MESSAGES.uploadFailure,
  noUrl: POSE_MESSAGES.uploadFailure,
};

/** Which pose to choose once the presets are listed. */
type PendingPose = { kind: 'auto' } | { kind: 'id'; id: string } | { kind: 'none' };

/**
 * The form a hand-over describes (the gallery's View): prompt, view or pose, and the rest. Reuse
 * settings (ADR 030) also hands over the run's own settings, which win where the form offers them:
 * view, background, expression, aspect ratio, colour and the preset (null: a random pose).
 */
function arrivalSettings(arrival: ToolNavigationState): {
  settings: PoseSettings;
  pending: PendingPose;
} {
  const base = initialSettings();
  const prompt = arrival.prompt ?? '';
  const style = readStyle(arrival.style);
  const reused = arrival.settings ?? {};
  const settings: PoseSettings = {
    ...base,
    prompt,
    background:
      reusedSetting(arrival, 'background', BACKGROUND_LIST) ??
      (oneOf(BACKGROUND_LIST, arrival.background) ? arrival.background : base.background),
    expression:
      reusedSetting(arrival, 'expression', EXPRESSION_LIST) ??
      (oneOf(EXPRESSION_LIST, arrival.expression) ? arrival.expression : base.expression),
    viewType:
      reusedSetting(arrival, 'viewType', VIEW_LIST) ??
      (style && 'viewType' in style ? style.viewType : base.viewType),
    aspectRatio: reusedSetting(arrival, 'aspectRatio', ASPECT_RATIO_LIST) ?? base.aspectRatio,
    // Sent as its name or its pastel name (pose-call.ts).
    colour:
      BACKGROUND_COLOUR_LIST.find((colour) =>
        [colour, `pastel ${colour}`].includes(String(reused.colorTheme)),
      ) ?? base.colour,
  };
  const posePreset: unknown = reused.pose;
  let pending: PendingPose = { kind: 'auto' };
  if (promptLocks(settings) || (style && 'viewType' in style) || posePreset === null) {
    pending = { kind: 'none' };
  } else if (isRecord(posePreset) && isString(posePreset.poseId)) {
    pending = { kind: 'id', id: posePreset.poseId };
  } else if (style && 'poseId' in style) pending = { kind: 'id', id: style.poseId };
  return { settings, pending };
}

/**
 * /ai-poses (document 2 §2 AI poses): a model photo in, the same person in a chosen or random
 * pose, view, background and expression out. Three columns: Model Image, Controls, Generated
 * Result.
 */
export function AiPosesPage() {
  const arrival = useArrivalState();
  const userId = useCurrentUser()?.id ?? null;
  // What another screen hands over wins; otherwise the page comes back as it was left.
  const draft = useToolDraft(PERSIST_KEY, userId, readPosesDraft, Object.keys(arrival).length > 0);
  const upload = useImageUpload(
    userId,
    uploadMessages,
    arrival.inputImages?.[0] ?? draft?.imageUrl ?? null,
  );
  const modeChoice = useModeChoice(draft?.mode ?? reusedSetting(arrival, 'mode', MODES));
  // Read with the page, so Create Video is already right when the first result shows.
  const videoAccess = useVideoAccess();
  const posesQuery = usePoses();
  useEffect(() => {
    // A failed fetch is tried again by the Suspense boundary that needs it.
    loadControls().catch(() => undefined);
  }, []);
  // Needed only after a run or a hand-over: fetched when the browser is idle, not in the task
  // that commits the page.
  useIdlePrefetch(loadResults);
  useIdlePrefetch(loadCall);
  const poses = useMemo(() => toPoseList(posesQuery.data?.poses), [posesQuery.data]);
  const [start] = useState<{ settings: PoseSettings; pending: PendingPose }>(() =>
    draft
      ? { settings: draft.settings, pending: { kind: draft.autoPosePending ? 'auto' : 'none' } }
      : arrivalSettings(arrival),
  );
  const [settings, setSettings] = useState<PoseSettings>(start.settings);
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

  // Once the presets are listed: the pose chosen on load (document 2 §4), the one handed over,
  // and a kept pose that is no longer live let go.
  const pendingPose = useRef<PendingPose>(start.pending);
  // Until the presets have arrived, the pose chosen on load is still to be chosen.
  const autoPosePending = start.pending.kind === 'auto' && posesQuery.data === undefined;
  useEffect(() => {
    if (!posesQuery.data) return;
    const pending = pendingPose.current;
    pendingPose.current = { kind: 'none' };
    setSettings((current) => {
      let pose = null;
      if (pending.kind === 'auto' && !promptLocks(current)) pose = autoPose(poses);
      else if (pending.kind === 'id') pose = poses.find((p) => p.id === pending.id) ?? null;
      if (pose) {
        const type = current.filters.type === pose.type ? pose.type : 'all';
        return { ...current, poseId: pose.id, filters: { gender: pose.gender, type } };
      }
      if (current.poseId !== null && !poses.some((p) => p.id === current.poseId)) {
        return { ...current, poseId: null };
      }
      return current;
    });
  }, [posesQuery.data, poses]);

  const run = useGenerationRun<RunContext>({
    // Document 2 §8 gives the poses screen one failure line, whatever the reason.
    describeFailure: () => POSE_MESSAGES.failed,
    // A success without images is a failure (the server returns its credits).
    checkOutput: (generation) => (generation.imageUrls.length > 0 ? null : POSE_MESSAGES.failed),
    persist: { key: PERSIST_KEY, readContext, keepOutcome: true },
  });
  useKeepToolDraft(PERSIST_KEY, userId, {
    imageUrl: upload.image?.url ?? null,
    settings,
    mode: modeChoice.mode,
    handedOver,
    autoPosePending,
  } satisfies PosesDraft);
  const checks = usePreSendChecks(run, upload.image);
  const estimate = useCreditEstimate(
    ESTIMATE_FEATURE,
    posesEstimate(modeChoice.mode),
    upload.image !== null,
  );
  const generateRef = useRef<HTMLButtonElement>(null);
  // The checks await the plan and price; the request is built from what the page shows then.
  const latest = useRef({ settings, mode: modeChoice.mode, poses });
  useEffect(() => {
    latest.current = { settings, mode: modeChoice.mode, poses };
  }, [settings, modeChoice.mode, poses]);

  const [sendError, setSendError] = useState<string | null>(null);
  const busy = run.isGenerating || checks.checking;
  const locked = promptLocks(settings);

  const update = (patch: Partial<PoseSettings>) => {
    setSettings((current) => ({ ...current, ...patch }));
  };

  // A new image answers 'Please upload a model image': the alert goes with the old state.
  const inputUpload = {
    ...upload,
    upload: (file: File) => {
      checks.clearCheckMessage();
      upload.upload(file);
    },
  };

  const generate = () => {
    if (busy) return;
    setSendError(null);
    void checks.check(
      {
        userId,
        noImageMessage: POSE_MESSAGES.noImage,
        problem: null,
        tool: TOOL,
        estimate: { feature: ESTIMATE_FEATURE, payload: posesEstimate(modeChoice.mode) },
      },
      (imageUrl, signedIn) => {
        void loadCall().then(
          ({ posesRequest, runStyle }) => {
            const now = latest.current;
            const pose = now.poses.find((p) => p.id === now.settings.poseId) ?? null;
            const request = posesRequest(now.settings, pose, {
              userId: signedIn,
              imageUrl,
              mode: now.mode,
            });
            const context = {
              prompt: now.settings.prompt.trim(),
              style: runStyle(now.settings, pose),
            };
            if (run.start(request.path, request.body, context)) {
              upload.endExample();
              setHandedOver(null);
            }
          },
          () => {
            // The call's code could not be fetched (offline): nothing was sent or charged.
            setSendError(POSE_MESSAGES.failed);
          },
        );
      },
    );
  };

  const clearAll = () => {
    upload.clear();
    // The defaults, with the pose chosen on load chosen again.
    const auto = autoPose(poses);
    setSettings({
      ...initialSettings(),
      ...(auto ? { poseId: auto.id, filters: { gender: auto.gender, type: 'all' } } : {}),
    });
    modeChoice.setMode(DEFAULT_MODE);
    checks.clearCheckMessage();
    setSendError(null);
    setHandedOver(null);
    run.reset();
  };

  const renderResult = (generation: Generation, context: RunContext) => (
    <Suspense fallback={null}>
      <PoseResults
        urls={generation.imageUrls}
        generationId={generation.id}
        context={context}
        previewNote={generation.previewNote}
        videoAccess={videoAccess}
      />
    </Suspense>
  );

  return (
    <div className="flex flex-col gap-6">
      <div className="space-y-1">
        <h2 className="text-2xl font-semibold tracking-tight">{FEATURE_NAME}</h2>
        <p className="text-sm text-muted-foreground">
          Upload a model photo and get the same person in a new pose, view, background and
          expression.
        </p>
      </div>
      <ToolOutputNote tool="ai-poses" />

      {arrival.recreatingFrom ? (
        <Alert variant="info" role="note">
          Loaded from a past generation. Adjust the settings and generate again.
        </Alert>
      ) : null}

      <div className="grid min-w-0 gap-6 lg:grid-cols-2 xl:grid-cols-[minmax(0,1fr)_minmax(0,1.35fr)_minmax(0,1fr)]">
        <ToolPanel title="Model Image" className="lg:self-start">
          <UploadPanel
            upload={inputUpload}
            label="Upload model image"
            imageAlt="Model image"
            hint="JPG or PNG up to 10MB"
            locked={checks.checking}
          />
        </ToolPanel>

        <ToolPanel title="Controls" className="lg:self-start">
          <Suspense fallback={<ControlsPlaceholder />}>
            <PoseChoices settings={settings} onChange={update} disabled={busy} locked={locked} />
            <PosePicker
              poses={poses}
              filters={settings.filters}
              onFiltersChange={(filters) => {
                setSettings((current) => withFilters(current, filters, poses));
              }}
              selectedId={settings.poseId}
              onSelect={(poseId) => {
                update({ poseId });
              }}
              loading={posesQuery.isPending}
              failed={posesQuery.isError}
              retrying={posesQuery.isFetching}
              onRetry={() => {
                pendingPose.current = { kind: 'auto' };
                void posesQuery.refetch();
              }}
              locked={locked}
              disabled={busy}
            />
          </Suspense>
          <ModeSelect choice={modeChoice} disabled={busy} />
          <AdvancedSettings
            prompt={settings.prompt}
            onPromptChange={(prompt) => {
              setSettings((current) => withPrompt(current, prompt));
            }}
            hint="Writing a prompt replaces the pose, background, expression and colour choices."
            disabled={busy}
          />
          <CreditEstimateBox
            state={estimate}
            idleText="Add a model image to see what this costs."
          />

          {(checks.checkMessage ?? sendError) ? (
            <Alert variant="destructive" role="alert">
              {checks.checkMessage ?? sendError}
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
            Generate AI Poses
          </GenerateButton>
          <ClearAllButton onClear={clearAll} disabled={busy} />
        </ToolPanel>

        <ToolPanel title="Generated Result" className="lg:col-span-2 xl:col-span-1 xl:self-start">
          <ResultPanel
            run={run}
            renderResult={renderResult}
            placeholder="Your new pose will appear here."
            idle={
              handedOver ? (
                <Suspense fallback={null}>
                  <PastPoses results={handedOver} videoAccess={videoAccess} />
                </Suspense>
              ) : null
            }
          />
        </ToolPanel>
      </div>

      <GenerationDialogs run={run} featureName={FEATURE_NAME} returnFocusRef={generateRef} />
    </div>
  );
}
