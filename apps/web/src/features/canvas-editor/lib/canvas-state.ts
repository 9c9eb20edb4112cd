import {
  DEFAULT_VIDEO_PROMPT,
  MODES,
  VIDEO_DURATIONS,
  type Mode,
  type UpscaleFactor,
  type VideoDuration,
} from '@studio/contract/tools';
import {
  isCanvasTool,
  reusedSetting,
  type CanvasTool,
  type ToolNavigationState,
} from '@/features/generations';

export const DEFAULT_CANVAS_TOOL: CanvasTool = 'video-generation';

export interface ChosenTemplate {
  id: string;
  /** The template's own length, which the video then takes. */
  duration: VideoDuration;
}

/** The Controls panel's settings (document 2 §4 Canvas editor). */
export interface CanvasSettings {
  tool: CanvasTool;
  prompt: string;
  template: ChosenTemplate | null;
  /** The chosen duration, used when no template is chosen. */
  duration: VideoDuration;
  upscaleFactor: UpscaleFactor;
}

export type CanvasAction =
  | { type: 'set-tool'; tool: CanvasTool }
  | { type: 'set-prompt'; prompt: string }
  | { type: 'toggle-template'; id: string; duration: number }
  | { type: 'clear-template' }
  | { type: 'set-duration'; duration: VideoDuration }
  | { type: 'set-upscale-factor'; factor: UpscaleFactor };

/** Template lengths other than 5 and 10 s (a catalogue typo) round to the nearer one we sell. */
export function toVideoDuration(seconds: number): VideoDuration {
  return seconds > 7.5 ? 10 : 5;
}

/**
 * The tool to open with: router state (a result's HD button, the gallery) wins over the `?tool=`
 * query parameter (dashboard links), which wins over video generation.
 */
export function presetTool(
  stateTool: CanvasTool | undefined,
  queryTool: string | null,
): CanvasTool {
  if (stateTool) return stateTool;
  return isCanvasTool(queryTool) ? queryTool : DEFAULT_CANVAS_TOOL;
}

/** A past video's settings, read back from its gallery style ('template 4 · 10 sec · quality'). */
export interface PastVideoSettings {
  templateId: string | null;
  duration: VideoDuration | null;
  mode: Mode | null;
}

/**
 * Reads the style the server records for a video (ADR 024): 'template {id}', '{5|10} sec' and the
 * mode, joined by ' · ' (older runs have only 'template {id}'). Parts it does not know are skipped.
 */
export function readVideoStyle(style: string | undefined): PastVideoSettings {
  const past: PastVideoSettings = { templateId: null, duration: null, mode: null };
  for (const part of (style ?? '').split('·').map((text) => text.trim())) {
    const template = /^template (.+)$/i.exec(part)?.[1];
    const seconds = /^(5|10) sec$/i.exec(part)?.[1];
    const mode = MODES.find((known) => known === part.toLowerCase());
    if (template) past.templateId = template;
    else if (seconds) past.duration = seconds === '10' ? 10 : 5;
    else if (mode) past.mode = mode;
  }
  return past;
}

/**
 * A past video's settings as another screen hands them over: its style (View; the template always
 * shows there), and its own duration and mode where Reuse settings hands them over (ADR 030), which
 * win where the editor offers them (an older run's style has no duration or mode).
 */
export function arrivalVideoSettings(arrival: ToolNavigationState): PastVideoSettings {
  const past = readVideoStyle(arrival.style);
  return {
    ...past,
    duration: reusedSetting(arrival, 'duration', VIDEO_DURATIONS) ?? past.duration,
    mode: reusedSetting(arrival, 'mode', MODES) ?? past.mode,
  };
}

export function initialCanvasSettings({
  tool = DEFAULT_CANVAS_TOOL,
  prompt = '',
  past,
  upscaleFactor = '2x',
}: {
  tool?: CanvasTool;
  prompt?: string;
  past?: PastVideoSettings;
  upscaleFactor?: UpscaleFactor;
} = {}): CanvasSettings {
  const duration = past?.duration ?? 5;
  // A template run was sent with the default prompt: the template, not that prompt, comes back.
  const template = past?.templateId ? { id: past.templateId, duration } : null;
  return {
    tool,
    prompt: template ? '' : prompt,
    template,
    duration,
    upscaleFactor,
  };
}

const hasText = (prompt: string) => prompt.trim() !== '';

/**
 * The prompt and template exclude each other: picking a template clears the prompt, typing a
 * prompt clears the template (document 2 §4). Clicking the chosen template again unchooses it.
 */
export function canvasReducer(state: CanvasSettings, action: CanvasAction): CanvasSettings {
  switch (action.type) {
    case 'set-tool':
      return { ...state, tool: action.tool };
    case 'set-prompt':
      return {
        ...state,
        prompt: action.prompt,
        template: hasText(action.prompt) ? null : state.template,
      };
    case 'toggle-template':
      if (state.template?.id === action.id) return { ...state, template: null };
      return {
        ...state,
        prompt: '',
        template: { id: action.id, duration: toVideoDuration(action.duration) },
      };
    case 'clear-template':
      return { ...state, template: null };
    case 'set-duration':
      return { ...state, duration: action.duration };
    case 'set-upscale-factor':
      return { ...state, upscaleFactor: action.factor };
  }
}

/** A non-empty prompt disables template selection ('Clear the prompt to choose a template'). */
export function templatesLocked(state: Pick<CanvasSettings, 'prompt'>): boolean {
  return hasText(state.prompt);
}

/** The duration comes from the chosen template while there is one. */
export function durationLocked(state: Pick<CanvasSettings, 'template'>): boolean {
  return state.template !== null;
}

export function effectiveDuration(
  state: Pick<CanvasSettings, 'template' | 'duration'>,
): VideoDuration {
  return state.template?.duration ?? state.duration;
}

/** Only video generation takes a prompt; the upscaler and background removal do not. */
export function promptEnabled(tool: CanvasTool): boolean {
  return tool === 'video-generation';
}

/** The prompt sent for a video: what the user wrote, or the default one when empty. */
export function videoPrompt(prompt: string): string {
  return prompt.trim() || DEFAULT_VIDEO_PROMPT;
}
