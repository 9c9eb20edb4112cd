import { TOOL_DEFINITIONS, type Mode } from '@studio/contract/tools';
import {
  NUM_IMAGES,
  promptLocks,
  TOOL,
  type BackgroundColour,
  type Pose,
  type PoseSettings,
} from './pose-request';

/*
 * The generate call, needed only once Generate AI Poses is pressed: a chunk of its own, fetched as
 * the page mounts.
 */

/**
 * The colour theme each background colour is sent as (document 2 §3): white and black by name,
 * cream and the others as their pastel names.
 */
const SENT_COLOURS: Record<BackgroundColour, string> = {
  white: 'white',
  black: 'black',
  cream: 'pastel cream',
  red: 'pastel red',
  yellow: 'pastel yellow',
  brown: 'pastel brown',
  grey: 'pastel grey',
};

export const colourTheme = (colour: BackgroundColour) => SENT_COLOURS[colour];

/** The pose as the generate call sends it (document 2 §7), or null for a random one. */
function posePayload(pose: Pose | null) {
  if (!pose) return null;
  return {
    poseId: pose.id,
    imageUrl: pose.imageUrls,
    prompt: pose.prompt,
    type: pose.type,
    gender: pose.gender,
    generationType: pose.generationType,
    liveStatus: pose.liveStatus,
    timestamp: pose.timestamp,
  };
}

/**
 * The AI poses call (document 2 §7). While a prompt is written, the controls it locks are not in
 * effect, so their neutral values are sent (a disabled control is not part of the form).
 */
export function posesRequest(
  settings: PoseSettings,
  pose: Pose | null,
  { userId, imageUrl, mode }: { userId: string; imageUrl: string; mode: Mode },
): { path: string; body: Record<string, unknown> } {
  const locked = promptLocks(settings);
  const chosen = locked ? null : pose;
  return {
    path: TOOL_DEFINITIONS[TOOL].path,
    body: {
      background: locked ? 'no-change' : settings.background,
      colorTheme: locked ? undefined : colourTheme(settings.colour),
      expression: locked ? 'no-change' : settings.expression,
      inputImageUrls: [imageUrl],
      pose: posePayload(chosen),
      method: chosen ? 'preselected' : 'random',
      aspectRatio: settings.aspectRatio,
      viewType: settings.viewType,
      imageSize: 'square',
      prompt: settings.prompt.trim(),
      numImages: NUM_IMAGES,
      numInferenceSteps: 28,
      guidanceScale: 3.5,
      outputFormat: 'jpeg',
      enableSafetyChecker: true,
      userId,
      mode,
      quality: 'high',
    },
  };
}
