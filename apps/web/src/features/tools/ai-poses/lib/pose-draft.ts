import { readHandedOver, type HandedOverResults } from '@/features/generations';
import { MODES, type Mode } from '@studio/contract/tools';
import { isRecord, isString, oneOf } from '@/lib/guards';
import {
  ASPECT_RATIO_LIST,
  BACKGROUND_COLOUR_LIST,
  BACKGROUND_LIST,
  EXPRESSION_LIST,
  GENDER_LIST,
  POSE_TYPE_FILTER_LIST,
  VIEW_LIST,
  type PoseSettings,
} from './pose-request';

/** The page as the user left it (useToolDraft). */
export interface PosesDraft {
  imageUrl: string | null;
  settings: PoseSettings;
  mode: Mode;
  handedOver: HandedOverResults | null;
  /**
   * The page was still waiting for the presets to choose its pose on load (document 2 §4): a
   * draft kept before they arrived (a reload on a slow line) chooses it on return, rather than
   * reading "no pose" as the user's choice.
   */
  autoPosePending: boolean;
}

function readSettings(value: unknown): PoseSettings | null {
  if (
    !isRecord(value) ||
    !oneOf(BACKGROUND_LIST, value.background) ||
    !oneOf(EXPRESSION_LIST, value.expression) ||
    !oneOf(VIEW_LIST, value.viewType) ||
    !oneOf(ASPECT_RATIO_LIST, value.aspectRatio) ||
    !oneOf(BACKGROUND_COLOUR_LIST, value.colour) ||
    !(value.poseId === null || isString(value.poseId)) ||
    !isRecord(value.filters) ||
    !oneOf(GENDER_LIST, value.filters.gender) ||
    !oneOf(POSE_TYPE_FILTER_LIST, value.filters.type) ||
    !isString(value.prompt)
  ) {
    return null;
  }
  return {
    background: value.background,
    expression: value.expression,
    viewType: value.viewType,
    aspectRatio: value.aspectRatio,
    colour: value.colour,
    poseId: value.poseId,
    filters: { gender: value.filters.gender, type: value.filters.type },
    prompt: value.prompt,
  };
}

/** A stored draft, checked field by field; anything unexpected counts as no draft. */
export function readPosesDraft(stored: unknown): PosesDraft | null {
  if (!isRecord(stored) || !(stored.imageUrl === null || isString(stored.imageUrl))) return null;
  const settings = readSettings(stored.settings);
  if (!settings || !oneOf(MODES, stored.mode)) return null;
  return {
    imageUrl: stored.imageUrl,
    settings,
    mode: stored.mode,
    handedOver: readHandedOver(stored.handedOver),
    autoPosePending: stored.autoPosePending === true,
  };
}
export type { HandedOverResults };
