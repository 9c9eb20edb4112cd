import { useEffect, useReducer, useRef, useState } from 'react';
import { Crown } from 'lucide-react';
import type { VideoTemplate } from '@studio/contract';
import { UPSCALE_FACTORS } from '@studio/contract/tools';
import { useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useCurrentUser } from '@/features/auth';
import { useSubscriptionStatus, getPlanFamily } from '@/features/billing';
import {
  useCreditEstimate,
  CreditEstimateBox,
  GenerateButton,
  GenerationDialogs,
  ModeSelect,
  UploadPanel,
  useImageUpload,
  useModeChoice,
  useArrivalState,
  ToolPanel,
  reusedSetting,
} from '@/features/generations';
import type { CanvasTool } from '@/features/generations';
import { isApiError } from '@/lib/api-client';
import { useVideoPrompt } from '../api/video-prompt';
import { useVideoTemplates } from '../api/video-templates';
import { useCanvasGenerate } from '../hooks/use-canvas-generate';
import {
  CANVAS_FEATURE_NAME,
  CANVAS_MESSAGES,
  promptFailureMessage,
  VIDEO_FEATURE_NAME,
} from '../lib/canvas-messages';
import { canvasEstimate } from '../lib/canvas-request';
import {
  canvasReducer,
  durationLocked,
  effectiveDuration,
  initialCanvasSettings,
  presetTool,
  promptEnabled,
  arrivalVideoSettings,
  templatesLocked,
} from '../lib/canvas-state';
import { VIDEO_PLANS } from '../lib/generate-checks';
import { CanvasResult, type CanvasOutput } from './canvas-result';
import { DurationSelect } from './duration-select';
import { PromptField, type PromptNotice } from './prompt-field';
import { TemplateGrid } from './template-grid';
import { ToolSelector } from './tool-selector';
import { UpscaleFactorSelect } from './upscale-factor-select';

const NO_TEMPLATES: readonly VideoTemplate[] = [];

const uploadMessages = {
  success: CANVAS_MESSAGES.uploadSuccess,
  failure: CANVAS_MESSAGES.uploadFailure,
  noUrl: CANVAS_MESSAGES.uploadNoUrl,
};

/**
 * /canvas-editor (document 2 §2 Canvas editor): image-to-video, upscaler and background removal
 * on one page, in three panels (Input Image, Controls, Generated Result) that stack on phones.
 */
export function CanvasEditorPage() {
  const arrival = useArrivalState();
  const [searchParams, setSearchParams] = useSearchParams();
  const userId = useCurrentUser()?.id ?? null;
  const subscription = useSubscriptionStatus(userId);

  // The gallery's View of a video hands its style back: template, duration and mode (ADR 024);
  // Reuse settings its own settings too (ADR 030).
  const [past] = useState(() =>
    arrival.tool === 'video-generation' ? arrivalVideoSettings(arrival) : undefined,
  );
  const [settings, dispatch] = useReducer(canvasReducer, undefined, () =>
    initialCanvasSettings({
      tool: presetTool(arrival.tool, searchParams.get('tool')),
      prompt: arrival.prompt,
      past,
      upscaleFactor: reusedSetting(arrival, 'upscaleFactor', UPSCALE_FACTORS),
    }),
  );
  const upload = useImageUpload(userId, uploadMessages, arrival.inputImages?.[0] ?? null);
  const modeChoice = useModeChoice(past?.mode ?? undefined);
  // Fetched on load, whichever tool is open, and kept for the visit (document 2 §4).
  const templates = useVideoTemplates();
  const [preloaded, setPreloaded] = useState<CanvasOutput | null>(() =>
    arrival.generatedImages || arrival.generatedVideos
      ? {
          // Decides the download name: the tool that made it when known, else the one opened.
          tool: arrival.generatedVideos
            ? 'video-generation'
            : presetTool(arrival.tool, searchParams.get('tool')),
          imageUrls: arrival.generatedImages ?? [],
          videoUrls: arrival.generatedVideos ?? [],
        }
      : null,
  );

  const { feature, payload } = canvasEstimate(settings, modeChoice.mode);
  const estimate = useCreditEstimate(feature, payload, upload.image !== null);
  const { run, generate, checking, checkMessage, clearCheckMessage } = useCanvasGenerate({
    userId,
    image: upload.image,
    settings,
    mode: modeChoice.mode,
    templates: templates.data ?? NO_TEMPLATES,
    // A new run replaces whatever was shown, including a result handed over by another screen;
    // a click the checks refuse (no credits, no plan) leaves it in place.
    onSend: () => {
      setPreloaded(null);
    },
  });
  const generateRef = useRef<HTMLButtonElement>(null);

  const videoPrompt = useVideoPrompt();
  // An image check's notice ('Please upload an image first') names the image it was about, and
  // goes once that image is replaced or has finished uploading.
  const [promptNotice, setPromptNotice] = useState<(PromptNotice & { image?: string }) | null>(
    null,
  );
  const imageNow = upload.image === null ? 'none' : (upload.image.url ?? 'uploading');
  const shownNotice =
    promptNotice?.image === undefined || promptNotice.image === imageNow ? promptNotice : null;
  // What the prompt says now, for an Auto-generate answer that arrives after the user typed.
  const promptNow = useRef(settings.prompt);
  useEffect(() => {
    promptNow.current = settings.prompt;
  }, [settings.prompt]);

  const isVideo = settings.tool === 'video-generation';
  // Only a plan actually read locks the tool here; an unreadable status is reported at Generate.
  const planFamily = subscription.data ? getPlanFamily(subscription.data.type) : null;
  const videoLocked = isVideo && planFamily !== null && !VIDEO_PLANS.includes(planFamily);
  const chosenTemplate = settings.template ? `Template ${settings.template.id}` : null;

  const setTool = (tool: CanvasTool) => {
    dispatch({ type: 'set-tool', tool });
    setPromptNotice(null);
    // What Generate said was about the other tool (its plan, its checks).
    clearCheckMessage();
    // The tool is part of the address, so a reload or a shared link opens the same tool.
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('tool', tool);
        return next;
      },
      { replace: true },
    );
  };

  const autoGenerate = () => {
    setPromptNotice(null);
    const image = upload.image;
    if (!image) {
      setPromptNotice({ tone: 'error', text: CANVAS_MESSAGES.noImage, image: imageNow });
      return;
    }
    if (image.url === null) {
      setPromptNotice({ tone: 'error', text: CANVAS_MESSAGES.stillUploading, image: imageNow });
      return;
    }
    if (userId === null) {
      setPromptNotice({ tone: 'error', text: CANVAS_MESSAGES.noUser });
      return;
    }
    // The fallback prompts load while the writer works, ready if it fails (without them, as
    // when offline, the prompt stays as it was and the notice says what failed).
    const samples = import('../lib/sample-prompts').catch(() => null);
    const promptAtClick = settings.prompt;
    // The user's own words win over an answer that arrives after they changed the prompt.
    const promptChanged = () => promptNow.current !== promptAtClick;
    videoPrompt.mutate(
      { userId, imageUrl: image.url },
      {
        onSuccess: (written) => {
          if (promptChanged()) return;
          dispatch({ type: 'set-prompt', prompt: written.prompt });
          if (written.preview) {
            setPromptNotice({
              tone: 'info',
              text: 'Written by the built-in prompt writer (no vision model is configured). Edit it as you like.',
            });
          }
        },
        onError: (error) => {
          if (promptChanged()) return;
          setPromptNotice({
            tone: 'error',
            text: promptFailureMessage(isApiError(error) ? error.message : null),
          });
          void samples.then((loaded) => {
            if (loaded && !promptChanged()) {
              dispatch({ type: 'set-prompt', prompt: loaded.pickSamplePrompt() });
            }
          });
        },
      },
    );
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="space-y-1">
        <h2 className="text-2xl font-semibold tracking-tight">Canvas Editor</h2>
        <p className="text-sm text-muted-foreground">
          Turn a photo into a short fashion video, upscale it to HD or 4K, or remove its background.
        </p>
      </div>

      {arrival.recreatingFrom ? (
        <Alert variant="info" role="note">
          Loaded from a past generation. Adjust the settings and generate again.
        </Alert>
      ) : null}

      <div className="grid min-w-0 gap-6 lg:grid-cols-2 xl:grid-cols-[minmax(0,1fr)_minmax(0,1.15fr)_minmax(0,1fr)]">
        <ToolPanel title="Input Image">
          <UploadPanel upload={upload} hint="PNG, JPG, WebP up to 10MB" locked={checking} />
        </ToolPanel>

        <ToolPanel title="Controls">
          <ToolSelector value={settings.tool} onChange={setTool} disabled={checking} />

          {videoLocked ? (
            <Alert variant="warning">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span>{VIDEO_FEATURE_NAME} is included in the Pro and Enterprise plans.</span>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => {
                    run.openDialog({
                      kind: 'upgrade',
                      requiresPlan: VIDEO_PLANS,
                      feature: VIDEO_FEATURE_NAME,
                    });
                  }}
                >
                  <Crown aria-hidden="true" />
                  Upgrade
                </Button>
              </div>
            </Alert>
          ) : null}

          {isVideo ? (
            <>
              <div className="grid gap-4 sm:grid-cols-2">
                <ModeSelect choice={modeChoice} />
                <DurationSelect
                  value={effectiveDuration(settings)}
                  lockedBy={durationLocked(settings) ? chosenTemplate : null}
                  onChange={(duration) => {
                    dispatch({ type: 'set-duration', duration });
                  }}
                />
              </div>
              <TemplateGrid
                templates={templates}
                selectedId={settings.template?.id ?? null}
                locked={templatesLocked(settings)}
                onToggle={(template) => {
                  dispatch({
                    type: 'toggle-template',
                    id: template.videoId,
                    duration: template.duration,
                  });
                }}
                onClear={() => {
                  dispatch({ type: 'clear-template' });
                }}
              />
            </>
          ) : null}

          {settings.tool === 'upscaler' ? (
            <UpscaleFactorSelect
              value={settings.upscaleFactor}
              onChange={(factor) => {
                dispatch({ type: 'set-upscale-factor', factor });
              }}
            />
          ) : null}

          <PromptField
            value={settings.prompt}
            disabled={!promptEnabled(settings.tool)}
            onChange={(prompt) => {
              dispatch({ type: 'set-prompt', prompt });
            }}
            onAutoGenerate={autoGenerate}
            autoGenerating={videoPrompt.isPending}
            notice={shownNotice}
          />

          <CreditEstimateBox state={estimate} />

          {checkMessage ? (
            <Alert variant="destructive" role="alert">
              {checkMessage}
            </Alert>
          ) : null}

          <GenerateButton
            ref={generateRef}
            className="w-full"
            generating={run.isGenerating}
            busy={checking}
            elapsedMs={run.elapsedMs}
            onClick={() => {
              void generate();
            }}
          >
            Generate
          </GenerateButton>
        </ToolPanel>

        <ToolPanel title="Generated Result" className="lg:col-span-2 xl:col-span-1">
          <CanvasResult
            run={run}
            preloaded={run.phase === 'idle' ? preloaded : null}
            onUseAsInput={(url) => {
              upload.setStoredImage(url);
            }}
          />
        </ToolPanel>
      </div>

      <GenerationDialogs
        run={run}
        featureName={CANVAS_FEATURE_NAME}
        returnFocusRef={generateRef}
        prefetchUpgrade={videoLocked}
      />
    </div>
  );
}
