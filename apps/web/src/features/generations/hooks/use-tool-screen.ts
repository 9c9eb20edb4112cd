import { useEffect, useRef, useState } from 'react';
import type { Generation, GenerationType } from '@studio/contract';
import { DEFAULT_MODE, MODES, type EstimateFeature, type Mode } from '@studio/contract/tools';
import { useCurrentUser } from '@/features/auth';
import { useCreditEstimate, type EstimatePayload } from '../api/credit-estimate';
import type { HandedOverResults } from '../lib/handed-over';
import { reusedSetting, type ToolNavigationState } from '../lib/navigation-state';
import type { ToolDraft } from '../lib/tool-draft';
import { useArrivalState } from './use-arrival-state';
import { useGenerationRun } from './use-generation-run';
import { useImageUpload, type ToolExample } from './use-image-upload';
import { useModeChoice } from './use-mode-choice';
import { usePreSendChecks } from './use-pre-send-checks';
import { useKeepToolDraft, useToolDraft } from './use-tool-draft';
import { useVideoAccess } from './use-video-access';

interface ToolRequest {
  path: string;
  body: Record<string, unknown>;
}

/** What a single-image tool tells the kit; everything else a tool screen does is the kit's. */
export interface ToolScreenConfig<S, C, E extends ToolExample = ToolExample> {
  tool: GenerationType;
  /** The draft's and the kept run's storage key. */
  key: string;
  estimateFeature: EstimateFeature;
  messages: {
    noImage: string;
    uploadSuccess: string;
    uploadFailure: string;
    /** The upload answered without a stored URL (defaults to `uploadFailure`). */
    uploadNoUrl?: string;
    /** A `request` promise failed (its code could not be fetched): nothing was sent. */
    sendFailure?: string;
  };
  /** The stored draft's reader (`toolDraftReader(schema)`). */
  readDraft: (stored: unknown) => ToolDraft<S> | null;
  /** The settings a page opens with when no draft comes back (what another screen handed over). */
  arrivalSettings: (arrival: ToolNavigationState) => S;
  /** What Clear All leaves. */
  clearedSettings: () => S;
  /** A setting the pre-send checks refuse before anything is sent, or null. */
  problem?: (settings: S) => string | null;
  estimate: (settings: S, mode: Mode) => EstimatePayload;
  /**
   * The generate call, or null when the settings cannot make one (the checks said why); a promise
   * when the call's code is a chunk of its own, fetched on Generate.
   */
  request: (
    settings: S,
    ids: { userId: string; imageUrl: string; mode: Mode },
  ) => ToolRequest | null | Promise<ToolRequest | null>;
  /** What the run keeps for its results' hand-offs. */
  context: (settings: S) => C;
  readContext: (stored: unknown) => C | null;
  describeFailure: (reason: string | null, context: C) => string;
  /** A finished run that is still a failure (no images), in the user's words, or null. */
  checkOutput?: (generation: Generation, context: C) => string | null;
  examples?: readonly E[];
  /** The settings an example was made with: choosing it starts over from them. */
  exampleSettings?: (example: E, current: S) => S;
}

/**
 * One single-image tool screen's state and actions (ADR 015): arrival, draft, upload, mode, video
 * access, pre-send checks, estimate, run, clear and hand-over, in the order every tool needs them.
 * The tool supplies its settings panel, its request builder and its draft schema.
 */
export function useToolScreen<S, C, E extends ToolExample = ToolExample>(
  config: ToolScreenConfig<S, C, E>,
) {
  const arrival = useArrivalState();
  const userId = useCurrentUser()?.id ?? null;
  // What another screen hands over wins; otherwise the page comes back as it was left.
  const draft = useToolDraft(config.key, userId, config.readDraft, Object.keys(arrival).length > 0);
  const { messages } = config;
  const upload = useImageUpload(
    userId,
    {
      success: messages.uploadSuccess,
      failure: messages.uploadFailure,
      noUrl: messages.uploadNoUrl ?? messages.uploadFailure,
    },
    arrival.inputImages?.[0] ?? draft?.imageUrl ?? null,
  );
  const modeChoice = useModeChoice(draft?.mode ?? reusedSetting(arrival, 'mode', MODES));
  // Read with the page, so Create Video is already right when the first result shows.
  const videoAccess = useVideoAccess();
  const [settings, setSettings] = useState<S>(
    () => draft?.settings ?? config.arrivalSettings(arrival),
  );
  // A past run's results, handed over by the gallery's View, until the first run here.
  const [handedOver, setHandedOver] = useState<HandedOverResults | null>(() =>
    arrival.generatedImages && arrival.recreatingFrom
      ? {
          urls: arrival.generatedImages,
          generationId: arrival.recreatingFrom,
          prompt: arrival.prompt ?? '',
          style: arrival.style ?? '',
        }
      : (draft?.handedOver ?? null),
  );
  const run = useGenerationRun<C>({
    describeFailure: config.describeFailure,
    checkOutput: config.checkOutput,
    persist: { key: config.key, readContext: config.readContext, keepOutcome: true },
  });
  useKeepToolDraft(config.key, userId, {
    imageUrl: upload.image?.url ?? null,
    settings,
    mode: modeChoice.mode,
    handedOver,
  } satisfies ToolDraft<S>);
  const checks = usePreSendChecks(run, upload.image);
  const [sendFailure, setSendFailure] = useState<string | null>(null);
  const estimatePayload = config.estimate(settings, modeChoice.mode);
  const estimate = useCreditEstimate(
    config.estimateFeature,
    estimatePayload,
    upload.image !== null,
  );
  // The checks await the plan and price; the request is built from what the page shows then.
  const latest = useRef({ settings, mode: modeChoice.mode, config });
  useEffect(() => {
    latest.current = { settings, mode: modeChoice.mode, config };
  });

  const busy = run.isGenerating || checks.checking;
  const example = config.examples?.find((candidate) => candidate === upload.example) ?? null;

  const update = (patch: Partial<S>) => {
    setSettings((current) => ({ ...current, ...patch }));
  };

  // A new image answers the 'please upload' alert: the alert goes with the old state.
  const inputUpload = {
    ...upload,
    upload: (file: File) => {
      checks.clearCheckMessage();
      upload.upload(file);
    },
  };

  const chooseExample = (chosen: ToolExample) => {
    const picked = config.examples?.find((candidate) => candidate === chosen);
    if (!picked) return;
    checks.clearCheckMessage();
    // Starting from an example starts over: its settings and its results replace the page's.
    run.reset();
    setHandedOver(null);
    const fromExample = config.exampleSettings;
    if (fromExample) setSettings((current) => fromExample(picked, current));
    void upload.chooseExample(picked);
  };

  const generate = () => {
    if (busy) return;
    setSendFailure(null);
    void checks.check(
      {
        userId,
        noImageMessage: messages.noImage,
        problem: config.problem?.(settings) ?? null,
        tool: config.tool,
        estimate: { feature: config.estimateFeature, payload: estimatePayload },
      },
      (imageUrl, signedIn) => {
        const now = latest.current;
        const start = (request: ToolRequest | null) => {
          if (request === null) return;
          if (run.start(request.path, request.body, now.config.context(now.settings))) {
            upload.endExample();
            setHandedOver(null);
          }
        };
        const request = now.config.request(now.settings, {
          userId: signedIn,
          imageUrl,
          mode: now.mode,
        });
        if (!(request instanceof Promise)) {
          start(request);
          return;
        }
        void request.then(start, () => {
          setSendFailure(now.config.messages.sendFailure ?? null);
        });
      },
    );
  };

  const clearAll = () => {
    upload.clear();
    setSettings(config.clearedSettings());
    modeChoice.setMode(DEFAULT_MODE);
    checks.clearCheckMessage();
    setSendFailure(null);
    setHandedOver(null);
    run.reset();
  };

  return {
    arrival,
    userId,
    /** The upload as the input panel drives it (a new file clears the checks' message). */
    upload: inputUpload,
    modeChoice,
    videoAccess,
    settings,
    update,
    setSettings,
    handedOver,
    run,
    checks,
    /** Shown with the checks' message: the generate call could not be made (`sendFailure`). */
    sendFailure,
    estimate,
    busy,
    /** The bundled example the input is, while example mode lasts. */
    example,
    /** The example's results show in the results panel (idle, nothing handed over). */
    showsExample: example !== null && run.phase === 'idle' && handedOver === null,
    chooseExample,
    generate,
    clearAll,
  };
}

export type ToolScreen<S, C, E extends ToolExample = ToolExample> = ReturnType<
  typeof useToolScreen<S, C, E>
>;
