import { CANVAS_TOOLS } from '@studio/contract/tools';
import { isFiniteNumber, isRecord, isString, isStringArray } from '@/lib/guards';
import { safeMediaUrls } from '@/lib/media-url';

export type CanvasTool = (typeof CANVAS_TOOLS)[number];

export function isCanvasTool(value: unknown): value is CanvasTool {
  return CANVAS_TOOLS.some((tool) => tool === value);
}

/**
 * What one screen hands another through router state (document 2 §2): the gallery's View, a
 * result's "HD" or "Create Video" button, the dashboard's tool cards. Every field is optional
 * because any of them may be missing or stale; `readToolNavigationState` drops what is malformed.
 */
export interface ToolNavigationState {
  inputImages?: string[];
  generatedImages?: string[];
  generatedVideos?: string[];
  prompt?: string;
  style?: string;
  variations?: number;
  background?: string;
  expression?: string;
  /** The generation the user came from (gallery View). */
  recreatingFrom?: string;
  /** Canvas editor preset. */
  tool?: CanvasTool;
  /**
   * The settings the generation was made with (the gallery's Reuse settings, ADR 030): its
   * tool's request as the server keeps it. Each screen reads its own keys (`reusedSetting`).
   */
  settings?: Record<string, unknown>;
}

/** Reads router state defensively: history entries outlive deploys and can be anything. */
export function readToolNavigationState(state: unknown): ToolNavigationState {
  if (!isRecord(state)) return {};
  const out: ToolNavigationState = {};
  for (const key of ['inputImages', 'generatedImages', 'generatedVideos'] as const) {
    const value = state[key];
    const links = isStringArray(value) ? safeMediaUrls(value) : [];
    if (links.length > 0) out[key] = links;
  }
  for (const key of ['prompt', 'style', 'background', 'expression', 'recreatingFrom'] as const) {
    const value = state[key];
    if (isString(value) && value !== '') out[key] = value;
  }
  if (isFiniteNumber(state.variations) && state.variations > 0) {
    out.variations = Math.floor(state.variations);
  }
  if (isCanvasTool(state.tool)) out.tool = state.tool;
  if (isRecord(state.settings)) out.settings = state.settings;
  return out;
}

/**
 * One reused setting (`settings`) when it is one of the screen's own `options`: a value the
 * screen does not offer (an older or newer server's) is ignored, so the control keeps its default.
 */
export const reusedSetting = <T>(
  arrival: ToolNavigationState,
  key: string,
  options: readonly T[],
): T | undefined => options.find((option) => option === arrival.settings?.[key]);

/** What a result hands the canvas editor (document 2 §2): one image, its prompt and origin. */
export function resultHandOff({
  imageUrl,
  prompt,
  style,
  generationId,
  tool,
}: {
  imageUrl: string;
  prompt: string;
  style?: string;
  generationId: string;
  /** 'upscaler' for HD; Create Video leaves it to the editor's default, video generation. */
  tool?: CanvasTool;
}): ToolNavigationState {
  const state: ToolNavigationState = {
    inputImages: [imageUrl],
    prompt,
    variations: 1,
    recreatingFrom: generationId,
  };
  if (style) state.style = style;
  if (tool) state.tool = tool;
  return state;
}
