import {
  ETHNICITIES,
  TOOL_DEFINITIONS,
  type GenerationType,
  type Mode,
} from '@studio/contract/tools';
import type { EstimatePayload, ResultNaming, ToolNavigationState } from '@/features/generations';
import { reusedSetting, templatePayload, type ModelTemplate } from '@/features/generations';

export const TOOL: GenerationType = 'realistic-try-on';
export const FEATURE_NAME = TOOL_DEFINITIONS[TOOL].label;
export const ESTIMATE_FEATURE = TOOL_DEFINITIONS['realistic-try-on'].feature;

export type Ethnicity = (typeof ETHNICITIES)[number];

/** Document 2 §5 and §8, word for word. */
export const REALISTIC_MESSAGES = {
  noImage: 'Please upload a cloth image',
  noTemplate: 'Please select at least one template',
  failed: 'Failed to generate images. Please try again.',
  uploadSuccess: 'Upload successful!',
  uploadFailure: 'Upload failed.',
  uploadNoUrl: 'Upload failed.',
} as const;

export const ETHNICITY_LABELS: Record<Ethnicity, string> = {
  auto: 'Auto',
  indian: 'Indian',
  american: 'American',
  latino: 'Latino',
  asian: 'Asian',
  african: 'African',
  european: 'European',
};

/** The form's settings: templates by id, in the order chosen, so the draft keeps them so. */
export interface RealisticSettings {
  templateIds: readonly string[];
  ethnicity: Ethnicity;
  prompt: string;
}

export const initialSettings = (): RealisticSettings => ({
  templateIds: [],
  ethnicity: 'auto',
  prompt: '',
});

/**
 * The settings a page opens with from another screen: the gallery records a run's templates as
 * its style ('3, 7'), and Reuse settings (ADR 030) hands over the run's own ethnicity.
 */
export const arrivalSettings = (arrival: ToolNavigationState): RealisticSettings => ({
  templateIds: arrival.style?.split(',').map((id) => id.trim()) ?? [],
  ethnicity: reusedSetting(arrival, 'ethnicity', ETHNICITIES) ?? 'auto',
  prompt: arrival.prompt ?? '',
});

/** The chosen templates as listed, in the order chosen; those no longer listed are left out. */
export const chosenTemplates = (
  settings: RealisticSettings,
  listed: readonly ModelTemplate[],
): ModelTemplate[] => settings.templateIds.flatMap((id) => listed.filter((t) => t.id === id));

/** Templates handed over or left in the draft, chosen again once listed: in the list's order. */
export const inListOrder = (
  settings: RealisticSettings,
  listed: readonly ModelTemplate[],
): RealisticSettings => ({
  ...settings,
  templateIds: listed.filter((t) => settings.templateIds.includes(t.id)).map((t) => t.id),
});

/** What the gallery records as a run's style: its templates' ids ('3, 7'). */
export const templateStyle = (templates: readonly ModelTemplate[]) =>
  templates.map((t) => t.id).join(', ');

/**
 * The realistic try-on call (document 2 §7): one image per chosen template, female models (male
 * is 'Coming Soon'), 9:16, and the spec's fixed values, which the server accepts and ignores.
 */
export function realisticRequest(
  settings: RealisticSettings,
  templates: readonly ModelTemplate[],
  { userId, imageUrl, mode }: { userId: string; imageUrl: string; mode: Mode },
): { path: string; body: Record<string, unknown> } {
  return {
    path: TOOL_DEFINITIONS[TOOL].path,
    body: {
      template: templatePayload(templates),
      clothing: { id: imageUrl, imageUrl: [imageUrl] },
      clothType: 'auto',
      prompt: settings.prompt.trim(),
      numImages: 1,
      ethnicity: settings.ethnicity,
      gender: 'female',
      mode,
      userId,
      quality: 'high',
      aspectRatio: '9:16',
      enableSafetyChecker: true,
      outputFormat: 'jpeg',
      numInferenceSteps: 28,
      guidanceScale: 3.5,
    },
  };
}

/** What changes the price, as the generate payload says it: the mode and the templates. */
export function realisticEstimate(
  templates: readonly ModelTemplate[],
  mode: Mode,
): EstimatePayload {
  return { mode, numImages: 1, template: templatePayload(templates) };
}

/** The failure line: the server's message, else the spec's fallback. */
export function failureMessage(reason: string | null): string {
  return reason?.trim() ? reason.trim() : REALISTIC_MESSAGES.failed;
}

/** Saved names of results ('advance-clothes-photoshoot-2.jpg'). */
export const downloadName = (index: number) =>
  `advance-clothes-photoshoot-${String(index + 1)}.jpg`;

/** The realistic photoshoot's results as the screen names them (document 2 §2). */
export const NAMING = {
  tool: TOOL,
  altText: (index, several) =>
    several ? `Generated photo ${String(index + 1)}` : 'Generated photo',
  filename: downloadName,
  columns: () => 'sm:grid-cols-2 xl:grid-cols-4',
} satisfies ResultNaming;
