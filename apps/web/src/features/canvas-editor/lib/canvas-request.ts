import {
  TOOL_DEFINITIONS,
  VIDEO_RESOLUTIONS,
  type EstimateFeature,
  type Mode,
} from '@studio/contract/tools';
import type { EstimatePayload } from '@/features/generations';
import { effectiveDuration, videoPrompt, type CanvasSettings } from './canvas-state';

/** The upscaling method the spec's client sends by default (document 2 §7). */
export const UPSCALE_METHOD = 'High Fidelity V2';

export interface CanvasRequest {
  path: string;
  body: Record<string, unknown>;
}

/** The generate call for the chosen tool (document 2 §7; paths from ARCHITECTURE §5). */
export function canvasRequest(
  settings: CanvasSettings,
  {
    userId,
    imageUrl,
    mode,
    templateVideoUrl = null,
  }: {
    userId: string;
    imageUrl: string;
    mode: Mode;
    /** The chosen template's video, from the template list (null when it is not listed). */
    templateVideoUrl?: string | null;
  },
): CanvasRequest {
  switch (settings.tool) {
    case 'video-generation':
      return {
        path: TOOL_DEFINITIONS['video-generation'].path,
        body: {
          userId,
          inputImageUrls: [imageUrl],
          prompt: videoPrompt(settings.prompt),
          duration: effectiveDuration(settings),
          resolution: VIDEO_RESOLUTIONS[mode],
          mode,
          // Document 2 §3: the chosen template's id and its video, which the motion follows.
          ...(settings.template ? { templateId: settings.template.id } : {}),
          ...(settings.template && templateVideoUrl ? { inputVideoUrl: templateVideoUrl } : {}),
        },
      };
    case 'upscaler':
      return {
        path: TOOL_DEFINITIONS.upscaler.path,
        body: { userId, imageUrl, upscaleFactor: settings.upscaleFactor, method: UPSCALE_METHOD },
      };
    case 'background-removal':
      return { path: TOOL_DEFINITIONS['background-removal'].path, body: { userId, imageUrl } };
  }
}

/** The estimator's feature name and the settings that change the price. */
export function canvasEstimate(
  settings: CanvasSettings,
  mode: Mode,
): { feature: EstimateFeature; payload: EstimatePayload } {
  switch (settings.tool) {
    case 'video-generation':
      return {
        feature: TOOL_DEFINITIONS[settings.tool].feature,
        payload: { mode, duration: effectiveDuration(settings) },
      };
    case 'upscaler':
      return {
        feature: TOOL_DEFINITIONS[settings.tool].feature,
        payload: { upscaleFactor: settings.upscaleFactor },
      };
    case 'background-removal':
      return { feature: TOOL_DEFINITIONS[settings.tool].feature, payload: {} };
  }
}
