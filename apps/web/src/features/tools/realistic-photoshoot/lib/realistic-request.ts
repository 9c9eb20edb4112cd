import {
  TOOL_DEFINITIONS,
  type ETHNICITIES,
  type GenerationType,
  type Mode,
} from '@studio/contract/tools';
import type { EstimatePayload } from '@/features/generations';
import { templatePayload, type ModelTemplate } from '@/features/generations';

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

export interface RealisticSettings {
  templates: readonly ModelTemplate[];
  ethnicity: Ethnicity;
  prompt: string;
}

export const initialSettings = (prompt = ''): RealisticSettings => ({
  templates: [],
  ethnicity: 'auto',
  prompt,
});

/** Why Generate Photoshoot is refused (document 2 §5), or null when the form is complete. */
export function formProblem(hasImage: boolean, settings: RealisticSettings): string | null {
  if (!hasImage) return REALISTIC_MESSAGES.noImage;
  if (settings.templates.length === 0) return REALISTIC_MESSAGES.noTemplate;
  return null;
}

/**
 * The realistic try-on call (document 2 §7): one image per chosen template, female models (male
 * is 'Coming Soon'), 9:16, and the spec's fixed values, which the server accepts and ignores.
 */
export function realisticRequest(
  settings: RealisticSettings,
  { userId, imageUrl, mode }: { userId: string; imageUrl: string; mode: Mode },
): { path: string; body: Record<string, unknown> } {
  return {
    path: TOOL_DEFINITIONS[TOOL].path,
    body: {
      template: templatePayload(settings.templates),
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
export function realisticEstimate(settings: RealisticSettings, mode: Mode): EstimatePayload {
  return { mode, numImages: 1, template: templatePayload(settings.templates) };
}

/** The failure line: the server's message, else the spec's fallback. */
export function failureMessage(reason: string | null): string {
  return reason?.trim() ? reason.trim() : REALISTIC_MESSAGES.failed;
}

/** Saved names of results ('advance-clothes-photoshoot-2.jpg'). */
export const downloadName = (index: number) =>
  `advance-clothes-photoshoot-${String(index + 1)}.jpg`;
