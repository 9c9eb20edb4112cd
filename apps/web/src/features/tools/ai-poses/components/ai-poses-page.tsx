import { lazy, Suspense, useEffect, useMemo } from 'react';
import type { Generation } from '@studio/contract';
import {
  AdvancedSettings,
  ModeSelect,
  readRunContext,
  ToolScreenView,
  useIdlePrefetch,
  useToolScreen,
  type RunContext,
} from '@/features/generations';
import { ToolOutputNote } from '@/features/site';
import { usePoses } from '../api/poses';
import { readPosesDraft } from '../lib/pose-draft';
import {
  arrivalSettings,
  ESTIMATE_FEATURE,
  FEATURE_NAME,
  initialSettings,
  POSE_MESSAGES,
  posesEstimate,
  runStyle,
  toPoseList,
  TOOL,
  withPresets,
  withPrompt,
  type PoseSettings,
} from '../lib/pose-request';

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
const PoseControls = lazy(() =>
  import('./pose-controls').then((m) => ({ default: m.PoseControls })),
);
const loadCall = () => import('../lib/pose-call');

/**
 * /ai-poses (document 2 §2 AI poses): a model photo in, the same person in a chosen or random
 * pose, view, background and expression out. Three columns: Model Image, Controls, Generated
 * Result.
 */
export function AiPosesPage() {
  const posesQuery = usePoses();
  const poses = useMemo(() => toPoseList(posesQuery.data?.poses), [posesQuery.data]);
  const poseOf = (settings: PoseSettings) => poses.find((p) => p.id === settings.poseId) ?? null;
  const screen = useToolScreen({
    tool: TOOL,
    key: 'ai-poses',
    estimateFeature: ESTIMATE_FEATURE,
    // The call's code could not be fetched (offline): nothing was sent or charged.
    messages: { ...POSE_MESSAGES, sendFailure: POSE_MESSAGES.failed },
    readDraft: readPosesDraft,
    arrivalSettings,
    // The defaults, with the pose chosen on load chosen again.
    clearedSettings: () =>
      posesQuery.data ? withPresets(initialSettings(), poses) : initialSettings(),
    estimate: (_settings, mode) => posesEstimate(mode),
    request: (settings, ids) =>
      loadCall().then(({ posesRequest }) => posesRequest(settings, poseOf(settings), ids)),
    context: (settings): RunContext => ({
      prompt: settings.prompt.trim(),
      style: runStyle(settings, poseOf(settings)),
    }),
    readContext: readRunContext,
    // Document 2 §8 gives the poses screen one failure line, whatever the reason.
    describeFailure: () => POSE_MESSAGES.failed,
    // A success without images is a failure (the server returns its credits).
    checkOutput: (generation) => (generation.imageUrls.length > 0 ? null : POSE_MESSAGES.failed),
  });
  const { settings, setSettings, busy, videoAccess, handedOver } = screen;
  // Needed only after a run or a hand-over: fetched when the browser is idle, not in the task
  // that commits the page.
  useIdlePrefetch(loadResults);
  useIdlePrefetch(loadCall);
  useEffect(() => {
    if (posesQuery.data) setSettings((current) => withPresets(current, poses));
  }, [posesQuery.data, poses, setSettings]);

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
    <ToolScreenView
      screen={screen}
      title={FEATURE_NAME}
      description="Upload a model photo and get the same person in a new pose, view, background and expression."
      outputNote={<ToolOutputNote tool={TOOL} />}
      input={{
        title: 'Model Image',
        label: 'Upload model image',
        imageAlt: 'Model image',
      }}
      settingsTitle="Controls"
      estimateIdleText="Add a model image to see what this costs."
      generateLabel="Generate AI Poses"
      results={{
        title: 'Generated Result',
        renderResult,
        idle: handedOver ? (
          <Suspense fallback={null}>
            <PastPoses results={handedOver} videoAccess={videoAccess} />
          </Suspense>
        ) : null,
        placeholder: 'Your new pose will appear here.',
        beside: true,
      }}
    >
      <Suspense
        fallback={
          <p className="min-h-[40rem] text-sm text-muted-foreground" aria-busy="true">
            Loading the pose controls…
          </p>
        }
      >
        <PoseControls screen={screen} poses={poses} query={posesQuery} />
      </Suspense>
      <ModeSelect choice={screen.modeChoice} disabled={busy} />
      <AdvancedSettings
        prompt={settings.prompt}
        onPromptChange={(prompt) => {
          setSettings((current) => withPrompt(current, prompt));
        }}
        hint="Writing a prompt replaces the pose, background, expression and colour choices."
        disabled={busy}
      />
    </ToolScreenView>
  );
}
