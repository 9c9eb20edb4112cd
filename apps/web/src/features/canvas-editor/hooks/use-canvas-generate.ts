import { useEffect, useRef } from 'react';
import type { VideoTemplate } from '@studio/contract';
import type { Mode } from '@studio/contract/tools';
import type { InputImage } from '@/features/generations';
import {
  useGenerationRun,
  type GenerationRun,
  usePreSendChecks,
  isCanvasTool,
  type CanvasTool,
} from '@/features/generations';
import {
  CANVAS_MESSAGES,
  canvasFailureMessage,
  missingOutputMessage,
  TOOL_LABELS,
} from '../lib/canvas-messages';
import { canvasEstimate, canvasRequest } from '../lib/canvas-request';
import type { CanvasSettings } from '../lib/canvas-state';

/** Where the run waited for is kept, so leaving the editor and coming back resumes it. */
export const CANVAS_PERSIST_KEY = 'canvas-editor';

const readTool = (stored: unknown): CanvasTool | null => (isCanvasTool(stored) ? stored : null);

/**
 * The canvas editor's Generate: the kit's pre-send checks (document 2 §5) with the editor's
 * wording and the chosen tool's plan rule, then the generation run.
 */
export function useCanvasGenerate({
  userId,
  image,
  settings,
  mode,
  templates,
  onSend,
}: {
  userId: string | null;
  image: InputImage | null;
  settings: CanvasSettings;
  mode: Mode;
  /** The video templates listed so far (empty until read): the chosen one's video is sent. */
  templates: readonly VideoTemplate[];
  /** Called when a click passed the checks and the request is sent (not for a refused click). */
  onSend?: () => void;
}): {
  run: GenerationRun<CanvasTool>;
  generate: () => Promise<void>;
  checking: boolean;
  checkMessage: string | null;
  clearCheckMessage: () => void;
} {
  const run = useGenerationRun<CanvasTool>({
    describeFailure: (reason, tool) => canvasFailureMessage(tool, reason),
    checkOutput: (generation, tool) => missingOutputMessage(tool, generation),
    // 'Video Generation', as the plan check before sending names it.
    upgradeFeature: (tool) => TOOL_LABELS[tool],
    persist: { key: CANVAS_PERSIST_KEY, readContext: readTool },
  });
  const checks = usePreSendChecks(run, image);
  // The checks await the plan and the price; the settings shown when they end are sent.
  const latest = useRef({ settings, mode, templates });
  useEffect(() => {
    latest.current = { settings, mode, templates };
  }, [settings, mode, templates]);

  const generate = async () => {
    if (run.isGenerating) return;
    await checks.check(
      {
        userId,
        noImageMessage: CANVAS_MESSAGES.noImage,
        problem: null,
        tool: settings.tool,
        estimate: canvasEstimate(settings, mode),
      },
      (imageUrl, signedIn) => {
        const now = latest.current;
        // The tool was switched while checking: the checks were for the other one.
        if (now.settings.tool !== settings.tool) return;
        const chosen = now.settings.template?.id;
        const request = canvasRequest(now.settings, {
          userId: signedIn,
          imageUrl,
          mode: now.mode,
          templateVideoUrl: now.templates.find((t) => t.videoId === chosen)?.videoUrl ?? null,
        });
        if (run.start(request.path, request.body, now.settings.tool)) onSend?.();
      },
    );
  };

  return {
    run,
    generate,
    checking: checks.checking,
    checkMessage: checks.checkMessage,
    clearCheckMessage: checks.clearCheckMessage,
  };
}
