import type { PoseItem } from '@studio/contract';
import type {
  ASPECT_RATIOS,
  BACKGROUNDS,
  EXPRESSIONS,
  GENDERS,
  POSE_TYPES,
  VIEW_TYPES,
} from '@studio/contract/tools';
import { TOOL_DEFINITIONS, type GenerationType, type Mode } from '@studio/contract/tools';
import {
  reusedSetting,
  type EstimatePayload,
  type ToolNavigationState,
} from '@/features/generations';
import { isRecord, isString, oneOf } from '@/lib/guards';

export const TOOL: GenerationType = 'ai-poses';
export const FEATURE_NAME = TOOL_DEFINITIONS[TOOL].label;
export const ESTIMATE_FEATURE = TOOL_DEFINITIONS['ai-poses'].feature;

/** Document 2 §4, §5 and §8, word for word. */
export const POSE_MESSAGES = {
  noImage: 'Please upload a model image',
  failed: 'Failed to generate AI poses. Please try again.',
  posesFailed: 'Failed to load poses',
  poseBroken: 'Pose Not Available',
  promptLock: 'Clear prompt to enable',
  uploadSuccess: 'Upload successful!',
  uploadFailure: 'Upload failed.',
} as const;

export type Background = (typeof BACKGROUNDS)[number];
export type Expression = (typeof EXPRESSIONS)[number];
export type ViewType = (typeof VIEW_TYPES)[number];
export type AspectRatio = (typeof ASPECT_RATIOS)[number];
export type Gender = (typeof GENDERS)[number];
export type PoseType = (typeof POSE_TYPES)[number];

/*
 * The contract's lists (document 2 §9), in their order, read from label records the types make
 * complete: importing the arrays would keep them in the chunk every page loads.
 */
export const BACKGROUND_LABELS: Record<Background, string> = {
  'no-change': 'No change',
  natural: 'Natural',
  studio: 'Studio',
  outdoor: 'Outdoor',
  minimalist: 'Minimalist',
  'simple-background': 'Simple background',
};
export const EXPRESSION_LABELS: Record<Expression, string> = {
  'no-change': 'No change',
  neutral: 'Neutral',
  smiling: 'Smiling',
  laughing: 'Laughing',
};
export const VIEW_LABELS: Record<ViewType, string> = {
  random: 'Random',
  'full body view': 'Full body',
  'upper body view': 'Upper body',
  'closeup view': 'Close-up',
  'side view': 'Side',
  'back view': 'Back',
};
export const ASPECT_RATIO_LABELS: Record<AspectRatio, string> = {
  '9:16': '9:16',
  '16:9': '16:9',
  '1:1': '1:1',
};
export const GENDER_LABELS: Record<Gender, string> = { female: 'Female', male: 'Male' };
export const POSE_TYPE_LABELS: Record<PoseType, string> = {
  standing: 'Standing',
  sitting: 'Sitting',
  leaning: 'Leaning',
};

const keysOf = <T extends string>(record: Record<T, string>) => Object.keys(record) as [T, ...T[]];
export const BACKGROUND_LIST = keysOf(BACKGROUND_LABELS);
export const EXPRESSION_LIST = keysOf(EXPRESSION_LABELS);
export const VIEW_LIST = keysOf(VIEW_LABELS);
export const ASPECT_RATIO_LIST = keysOf(ASPECT_RATIO_LABELS);
export const GENDER_LIST = keysOf(GENDER_LABELS);
export const POSE_TYPE_LIST = keysOf(POSE_TYPE_LABELS);

/** The background colours (document 2 §3) as the picker shows them (sent names: pose-call.ts). */
export const BACKGROUND_COLOURS = {
  white: { label: 'White', swatch: '#ffffff' },
  black: { label: 'Black', swatch: '#111111' },
  cream: { label: 'Cream', swatch: '#f3e9d2' },
  red: { label: 'Red', swatch: '#f4a6a6' },
  yellow: { label: 'Yellow', swatch: '#fbe7a1' },
  brown: { label: 'Brown', swatch: '#c8a98e' },
  grey: { label: 'Grey', swatch: '#cfd2d6' },
} as const satisfies Record<string, { label: string; swatch: string }>;
export type BackgroundColour = keyof typeof BACKGROUND_COLOURS;
export const BACKGROUND_COLOUR_LIST = Object.keys(BACKGROUND_COLOURS) as [
  BackgroundColour,
  ...BackgroundColour[],
];

/** A pose preset as the picker shows it (document 2 §3 Pose preset). */
export interface Pose {
  id: string;
  name: string;
  type: PoseType;
  gender: Gender;
  /** The image(s); the first is shown. */
  imageUrls: string[];
  prompt: string;
  generationType: string;
  liveStatus: boolean;
  timestamp: string;
}

/** 'pose.png', '"pose.png"', '["a.png","b.png"]' or 'a.png, b.png' as a list of URLs. */
export function poseImageUrls(raw: string): string[] {
  const text = raw.trim();
  if (text.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (Array.isArray(parsed)) {
        return parsed.flatMap((item) => (typeof item === 'string' ? poseImageUrls(item) : []));
      }
    } catch {
      // Not JSON: read as a plain list below.
    }
  }
  return text
    .replace(/^\[|\]$/g, '')
    .split(',')
    .map((part) => part.trim().replace(/^["']+|["']+$/g, ''))
    .filter((part) => part !== '');
}

/** The live presets (only `liveStatus` true is shown), names falling back to the type + ' Pose'. */
export function toPoseList(items: readonly PoseItem[] | undefined): Pose[] {
  return (items ?? [])
    .filter((item) => item.liveStatus)
    .map((item) => ({
      id: item.poseId,
      name: item.poseName.trim() || `${POSE_TYPE_LABELS[item.type]} Pose`,
      type: item.type,
      gender: item.gender,
      imageUrls: poseImageUrls(item.imageUrl),
      prompt: item.prompt,
      generationType: item.generationType || 'pose',
      liveStatus: item.liveStatus,
      timestamp: item.timestamp,
    }));
}

/** The pose chosen on load (document 2 §4): the first female standing one, else the first. */
export function autoPose(poses: readonly Pose[]): Pose | null {
  return poses.find((p) => p.gender === 'female' && p.type === 'standing') ?? poses[0] ?? null;
}

export type PoseTypeFilter = PoseType | 'all';
export interface PoseFilters {
  gender: Gender;
  type: PoseTypeFilter;
}
export const POSE_TYPE_FILTER_LIST: [PoseTypeFilter, ...PoseTypeFilter[]] = [
  'all',
  ...POSE_TYPE_LIST,
];

export const matchesFilters = (pose: Pose, filters: PoseFilters) =>
  pose.gender === filters.gender && (filters.type === 'all' || pose.type === filters.type);

/** The form (document 2 §2 AI poses); variations are fixed at 1 (§9). */
export interface PoseSettings {
  background: Background;
  expression: Expression;
  viewType: ViewType;
  aspectRatio: AspectRatio;
  colour: BackgroundColour;
  /** The chosen preset's id; null is a random pose. */
  poseId: string | null;
  filters: PoseFilters;
  prompt: string;
  /**
   * The pose chosen on load (document 2 §4) waits for the presets: a draft kept before they
   * arrived (a reload on a slow line) chooses it on return, rather than reading "no pose" as the
   * user's choice.
   */
  autoPosePending: boolean;
}

export const NUM_IMAGES = 1;

export const initialSettings = (): PoseSettings => ({
  background: 'no-change',
  expression: 'no-change',
  viewType: 'random',
  aspectRatio: '9:16',
  colour: 'white',
  poseId: null,
  filters: { gender: 'female', type: 'all' },
  prompt: '',
  autoPosePending: true,
});

/** A written prompt locks the pose, background, expression and colour (document 2 §4). */
export const promptLocks = (settings: Pick<PoseSettings, 'prompt'>) =>
  settings.prompt.trim() !== '';

/** Typing a prompt clears the chosen pose (document 2 §4). */
export function withPrompt(settings: PoseSettings, prompt: string): PoseSettings {
  return { ...settings, prompt, poseId: prompt.trim() !== '' ? null : settings.poseId };
}

/** A filter change keeps the chosen pose only while it still matches (document 2 §4). */
export function withFilters(
  settings: PoseSettings,
  filters: PoseFilters,
  poses: readonly Pose[],
): PoseSettings {
  const chosen = poses.find((p) => p.id === settings.poseId);
  const keep = chosen !== undefined && matchesFilters(chosen, filters);
  return { ...settings, filters, poseId: keep ? settings.poseId : null };
}

/** What changes the price, as the generate payload says it: the mode and the images. */
export const posesEstimate = (mode: Mode): EstimatePayload => ({ mode, numImages: NUM_IMAGES });

/** Saved names of results ('ai-pose-1.jpg'). */
export const downloadName = (index: number) => `ai-pose-${String(index + 1)}.jpg`;

/**
 * The pose and view a recorded style names (the gallery's View): `pose 3` → the preset 3;
 * a view type → that view and a random pose; anything else says nothing.
 */
export function readStyle(
  style: string | undefined,
): { poseId: string } | { viewType: ViewType } | null {
  if (!style) return null;
  const pose = /^pose (.+)$/.exec(style.trim());
  if (pose?.[1]) return { poseId: pose[1] };
  return oneOf(VIEW_LIST, style) ? { viewType: style } : null;
}

/**
 * The form a hand-over describes (the gallery's View): prompt, view or pose, and the rest. Reuse
 * settings (ADR 030) also hands over the run's own settings, which win where the form offers them:
 * view, background, expression, aspect ratio, colour and the preset (null: a random pose). A
 * handed-over pose is chosen once the presets are listed (`withPresets`).
 */
export function arrivalSettings(arrival: ToolNavigationState): PoseSettings {
  const base = initialSettings();
  const style = readStyle(arrival.style);
  const reused = arrival.settings ?? {};
  const settings: PoseSettings = {
    ...base,
    prompt: arrival.prompt ?? '',
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
  const preset: unknown = reused.pose;
  if (promptLocks(settings) || (style && 'viewType' in style) || preset === null) {
    return { ...settings, autoPosePending: false };
  }
  const handedOver = isRecord(preset) && isString(preset.poseId) ? preset.poseId : undefined;
  const poseId = handedOver ?? (style && 'poseId' in style ? style.poseId : undefined);
  return poseId === undefined ? settings : { ...settings, poseId, autoPosePending: false };
}

/**
 * The form once the presets are listed: the pose chosen on load or the one handed over, shown
 * under its gender, and a kept pose that is no longer live let go.
 */
export function withPresets(settings: PoseSettings, poses: readonly Pose[]): PoseSettings {
  const pose =
    settings.autoPosePending && !promptLocks(settings)
      ? autoPose(poses)
      : poses.find((p) => p.id === settings.poseId);
  if (!pose) return { ...settings, poseId: null, autoPosePending: false };
  const type = settings.filters.type === pose.type ? pose.type : 'all';
  return {
    ...settings,
    poseId: pose.id,
    filters: { gender: pose.gender, type },
    autoPosePending: false,
  };
}

/** The style the server records for a run (`pose 3`, or the view type for a random pose). */
export const runStyle = (settings: PoseSettings, pose: Pose | null) =>
  pose && !promptLocks(settings) ? `pose ${pose.id}` : settings.viewType;
