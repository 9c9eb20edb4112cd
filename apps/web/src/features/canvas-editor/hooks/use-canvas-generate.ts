import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Mode } from '@studio/contract/tools';
import { subscriptionStatusQueryOptions } from '@/features/billing/api/subscription-status';
import { getPlanFamily } from '@/features/billing/lib/plan';
import { estimateQueryOptions } from '@/features/generations/api/credit-estimate';
import type { InputImage } from '@/features/generations/hooks/use-image-upload';
import {
  useGenerationRun,
  type GenerationRun,
} from '@/features/generations/hooks/use-generation-run';
import { isCanvasTool, type CanvasTool } from '@/features/generations/lib/navigation-state';
import {
  canvasFailureMessage,
  missingOutputMessage,
  TOOL_LABELS,
  VIDEO_FEATURE_NAME,
} from '../lib/canvas-messages';
import { canvasEstimate, canvasRequest } from '../lib/canvas-request';
import type { CanvasSettings } from '../lib/canvas-state';
import { checkGenerate, type GenerateCheckInput } from '../lib/generate-checks';

/** An estimate younger than this is trusted at the click; older ones are asked for again. */
const ESTIMATE_FRESH_MS = 10_000;

/** Where the run waited for is kept, so leaving the editor and coming back resumes it. */
export const CANVAS_PERSIST_KEY = 'canvas-editor';

const readTool = (stored: unknown): CanvasTool | null => (isCanvasTool(stored) ? stored : null);

/**
 * The canvas editor's Generate: the checks in the spec's order (reading the plan and the price
 * only when the check gets that far), then the generation run. Nothing is sent when a check
 * fails; the server repeats the plan and credit checks anyway (402/403 open the same dialogs).
 */
export function useCanvasGenerate({
  userId,
  image,
  settings,
  mode,
  onSend,
}: {
  userId: string | null;
  image: InputImage | null;
  settings: CanvasSettings;
  mode: Mode;
  /** Called when a click passed the checks and the request is sent (not for a refused click). */
  onSend?: () => void;
}): {
  run: GenerationRun<CanvasTool>;
  generate: () => Promise<void>;
  checking: boolean;
  checkMessage: string | null;
} {
  const queryClient = useQueryClient();
  const run = useGenerationRun<CanvasTool>({
    describeFailure: (reason, tool) => canvasFailureMessage(tool, reason),
    checkOutput: (generation, tool) => missingOutputMessage(tool, generation),
    // 'Video Generation', as the plan check before sending names it.
    upgradeFeature: (tool) => TOOL_LABELS[tool],
    persist: { key: CANVAS_PERSIST_KEY, readContext: readTool },
  });
  const [checking, setChecking] = useState(false);
  const [checkMessage, setCheckMessage] = useState<string | null>(null);
  // A second click in the same frame still sees `checking` false: the ref is set at once.
  const busy = useRef(false);
  // The checks await the plan and the price; what the page shows when they end is read here.
  const latest = useRef({ image, settings, mode });
  useEffect(() => {
    latest.current = { image, settings, mode };
  }, [image, settings, mode]);

  const readPlan = async (id: string): Promise<GenerateCheckInput['plan']> => {
    try {
      const status = await queryClient.query(subscriptionStatusQueryOptions(id));
      return getPlanFamily(status.type);
    } catch {
      return 'error';
    }
  };

  const readEstimate = async (id: string): Promise<GenerateCheckInput['estimate']> => {
    const { feature, payload } = canvasEstimate(settings, mode);
    try {
      return await queryClient.query({
        ...estimateQueryOptions(id, feature, payload),
        staleTime: ESTIMATE_FRESH_MS,
      });
    } catch {
      // The estimator being down must not block a paying user: the server checks the balance.
      return 'unavailable';
    }
  };

  const generate = async () => {
    if (busy.current || run.isGenerating) return;
    busy.current = true;
    setCheckMessage(null);
    const input: GenerateCheckInput = {
      image,
      userId,
      tool: settings.tool,
      plan: 'unknown',
      estimate: 'unknown',
    };
    setChecking(true);
    try {
      // Each pass either ends or learns one missing fact (plan, then price): at most three.
      for (let pass = 0; pass < 3; pass += 1) {
        const check = checkGenerate(input);
        switch (check.kind) {
          case 'need-plan':
            if (userId !== null) input.plan = await readPlan(userId);
            continue;
          case 'need-estimate':
            input.estimate = userId !== null ? await readEstimate(userId) : 'unavailable';
            continue;
          case 'message':
            setCheckMessage(check.message);
            return;
          case 'upgrade':
            run.openDialog({
              kind: 'upgrade',
              requiresPlan: check.requiresPlan,
              feature: VIDEO_FEATURE_NAME,
            });
            return;
          case 'insufficient-credits':
            run.openDialog({
              kind: 'insufficient-credits',
              required: check.required,
              available: check.available,
            });
            return;
          case 'ok': {
            // The image may have been replaced (a drop, 'Use as input') while the checks awaited:
            // the checks and the price were for the old one, so nothing is sent.
            const now = latest.current;
            const imageUrl = now.image?.url ?? null;
            if (userId === null || imageUrl === null || imageUrl !== image?.url) return;
            if (now.settings.tool !== settings.tool) return;
            const request = canvasRequest(now.settings, { userId, imageUrl, mode: now.mode });
            if (run.start(request.path, request.body, now.settings.tool)) onSend?.();
            return;
          }
        }
      }
    } finally {
      busy.current = false;
      setChecking(false);
    }
  };

  return { run, generate, checking, checkMessage };
}
