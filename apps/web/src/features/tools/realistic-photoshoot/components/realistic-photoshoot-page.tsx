import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { Generation } from '@studio/contract';
import { DEFAULT_MODE, ETHNICITIES, MODES } from '@studio/contract/tools';
import { Alert } from '@/components/ui/alert';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { RadioGroup } from '@/components/ui/radio-group';
import { useCurrentUser } from '@/features/auth';
import {
  useCreditEstimate,
  useModelTemplates,
  AdvancedSettings,
  ClearAllButton,
  CreditEstimateBox,
  GenerateButton,
  GenerationDialogs,
  ModeSelect,
  PreviewNote,
  ResultActions,
  ResultGrid,
  ResultPanel,
  TemplatePicker,
  ToolPanel,
  UploadPanel,
  useArrivalState,
  useGenerationRun,
  useImageUpload,
  useKeepToolDraft,
  useModeChoice,
  usePreSendChecks,
  useToolDraft,
  useVideoAccess,
  toggleTemplate,
  toTemplateList,
  reusedSetting,
} from '@/features/generations';
import { getErrorMessage } from '@/lib/api-client';
import {
  downloadName,
  ESTIMATE_FEATURE,
  ETHNICITY_LABELS,
  failureMessage,
  FEATURE_NAME,
  formProblem,
  initialSettings,
  REALISTIC_MESSAGES,
  realisticEstimate,
  realisticRequest,
  TOOL,
  type Ethnicity,
  type RealisticSettings,
} from '../lib/realistic-request';
import {
  readRealisticDraft,
  type HandedOverResults,
  type RealisticDraft,
} from '../lib/realistic-draft';
import { ToolOutputNote } from '@/features/site';

/** What a run keeps for its results' hand-offs: the prompt and templates it was made with. */
interface RunContext {
  prompt: string;
  style: string;
}

const PERSIST_KEY = 'realistic-photoshoot';
const readContext = (stored: unknown): RunContext | null =>
  typeof stored === 'object' &&
  stored !== null &&
  'prompt' in stored &&
  'style' in stored &&
  typeof stored.prompt === 'string' &&
  typeof stored.style === 'string'
    ? { prompt: stored.prompt, style: stored.style }
    : null;

const uploadMessages = {
  success: REALISTIC_MESSAGES.uploadSuccess,
  failure: REALISTIC_MESSAGES.uploadFailure,
  noUrl: REALISTIC_MESSAGES.uploadNoUrl,
};

const genderOptions = [
  { value: 'female', label: 'Female' },
  { value: 'male', label: 'Male', hint: 'Coming Soon', disabled: true },
] as const;

const ethnicityOptions = ETHNICITIES.map((value) => ({ value, label: ETHNICITY_LABELS[value] }));

/** Results with Download, Create Video and HD under each (document 2 §2). */
function RealisticResults({
  urls,
  generationId,
  context,
  previewNote,
  videoAccess,
}: {
  urls: readonly string[];
  generationId: string;
  context: RunContext;
  previewNote: string | null;
  videoAccess: 'open' | 'locked';
}) {
  const several = urls.length > 1;
  return (
    <div className="flex flex-col gap-3">
      <PreviewNote note={previewNote} />
      <ResultGrid
        urls={urls}
        altText={(index) => (several ? `Generated photo ${String(index + 1)}` : 'Generated photo')}
        className="sm:grid-cols-2 xl:grid-cols-4"
        renderActions={(url, index) => (
          <ResultActions
            url={url}
            filename={downloadName(index)}
            index={several ? index : null}
            generationId={generationId}
            tool="realistic-try-on"
            prompt={context.prompt}
            style={context.style}
            videoAccess={videoAccess}
          />
        )}
      />
    </div>
  );
}

/**
 * /realistic-photoshoot (document 2 §2 Realistic photoshoot): a cloth photo and one or more model
 * templates in, one photo of a model wearing it per template out.
 */
export function RealisticPhotoshootPage() {
  const arrival = useArrivalState();
  const userId = useCurrentUser()?.id ?? null;
  const ethnicityId = useId();
  // What another screen hands over wins; otherwise the page comes back as it was left.
  const draft = useToolDraft(
    PERSIST_KEY,
    userId,
    readRealisticDraft,
    Object.keys(arrival).length > 0,
  );
  const upload = useImageUpload(
    userId,
    uploadMessages,
    arrival.inputImages?.[0] ?? draft?.imageUrl ?? null,
  );
  const modeChoice = useModeChoice(draft?.mode ?? reusedSetting(arrival, 'mode', MODES));
  // Read with the page, so Create Video is already right when the first result shows.
  const videoAccess = useVideoAccess();
  const templatesQuery = useModelTemplates();
  const templates = useMemo(() => toTemplateList(templatesQuery.data), [templatesQuery.data]);
  const [settings, setSettings] = useState<RealisticSettings>(() =>
    draft
      ? { ...initialSettings(draft.prompt), ethnicity: draft.ethnicity }
      : {
          ...initialSettings(arrival.prompt ?? ''),
          // Reuse settings (ADR 030) hands over the run's own ethnicity; the templates come back
          // from its style below.
          ethnicity: reusedSetting(arrival, 'ethnicity', ETHNICITIES) ?? 'auto',
        },
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
  // The gallery records a run's templates as its style ('3, 7'), the draft by id: choose them
  // again once listed.
  const pendingStyle = useRef(arrival.style ?? draft?.templateIds.join(',') ?? null);
  useEffect(() => {
    const style = pendingStyle.current;
    if (style === null || !templatesQuery.data) return;
    pendingStyle.current = null;
    const ids = style.split(',').map((id) => id.trim());
    setSettings((current) => ({
      ...current,
      templates: templates.filter((t) => ids.includes(t.id)),
    }));
  }, [templatesQuery.data, templates]);

  const run = useGenerationRun<RunContext>({
    describeFailure: (reason) => failureMessage(reason),
    checkOutput: (generation) =>
      generation.imageUrls.length > 0 ? null : REALISTIC_MESSAGES.failed,
    persist: { key: PERSIST_KEY, readContext, keepOutcome: true },
  });
  useKeepToolDraft(PERSIST_KEY, userId, {
    imageUrl: upload.image?.url ?? null,
    templateIds: settings.templates.map((template) => template.id),
    ethnicity: settings.ethnicity,
    prompt: settings.prompt,
    mode: modeChoice.mode,
    handedOver,
  } satisfies RealisticDraft);
  const checks = usePreSendChecks(run, upload.image);
  const estimate = useCreditEstimate(
    ESTIMATE_FEATURE,
    realisticEstimate(settings, modeChoice.mode),
    upload.image !== null,
  );
  const generateRef = useRef<HTMLButtonElement>(null);
  // The checks await the plan and price; the request is built from what the page shows then.
  const latest = useRef({ settings, mode: modeChoice.mode });
  useEffect(() => {
    latest.current = { settings, mode: modeChoice.mode };
  }, [settings, modeChoice.mode]);

  const busy = run.isGenerating || checks.checking;
  const problem = formProblem(upload.image !== null, settings);

  const update = (patch: Partial<RealisticSettings>) => {
    setSettings((current) => ({ ...current, ...patch }));
  };

  const generate = () => {
    if (busy) return;
    void checks.check(
      {
        userId,
        noImageMessage: REALISTIC_MESSAGES.noImage,
        problem: settings.templates.length === 0 ? REALISTIC_MESSAGES.noTemplate : null,
        tool: TOOL,
        estimate: {
          feature: ESTIMATE_FEATURE,
          payload: realisticEstimate(settings, modeChoice.mode),
        },
      },
      (imageUrl, signedIn) => {
        const now = latest.current;
        if (now.settings.templates.length === 0) return;
        const request = realisticRequest(now.settings, {
          userId: signedIn,
          imageUrl,
          mode: now.mode,
        });
        const context = {
          prompt: now.settings.prompt.trim(),
          style: now.settings.templates.map((t) => t.id).join(', '),
        };
        if (run.start(request.path, request.body, context)) {
          upload.endExample();
          setHandedOver(null);
        }
      },
    );
  };

  const clearAll = () => {
    upload.clear();
    setSettings(initialSettings());
    modeChoice.setMode(DEFAULT_MODE);
    checks.clearCheckMessage();
    setHandedOver(null);
    run.reset();
  };

  const renderResult = (generation: Generation, context: RunContext) => (
    <RealisticResults
      urls={generation.imageUrls}
      generationId={generation.id}
      context={context}
      previewNote={generation.previewNote}
      videoAccess={videoAccess}
    />
  );

  return (
    <div className="flex flex-col gap-6">
      <div className="space-y-1">
        <h2 className="text-2xl font-semibold tracking-tight">{FEATURE_NAME}</h2>
        <p className="text-sm text-muted-foreground">
          Upload a garment photo, choose model templates, and get a photo of a model wearing it for
          each template.
        </p>
      </div>
      <ToolOutputNote tool="realistic-try-on" />

      {arrival.recreatingFrom ? (
        <Alert variant="info" role="note">
          Loaded from a past generation. Adjust the settings and generate again.
        </Alert>
      ) : null}

      <div className="grid min-w-0 gap-6 lg:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)]">
        <div className="flex min-w-0 flex-col gap-6">
          <ToolPanel title="Cloth Image">
            <UploadPanel
              upload={upload}
              label="Upload cloth image"
              imageAlt="Cloth image"
              hint="JPG or PNG up to 10MB"
              locked={checks.checking}
            />
          </ToolPanel>

          <ToolPanel title="Templates">
            <RadioGroup
              label="Gender"
              appearance="segments"
              value="female"
              options={genderOptions}
              onChange={() => undefined}
            />
            <TemplatePicker
              templates={templatesQuery.isError ? templates.slice(0, 1) : templates}
              selected={settings.templates}
              onToggle={(template) => {
                update({ templates: toggleTemplate(settings.templates, template) });
              }}
              loading={templatesQuery.isPending}
              error={
                templatesQuery.isError
                  ? getErrorMessage(templatesQuery.error) || 'Failed to load templates'
                  : null
              }
              disabled={busy}
            />
          </ToolPanel>
        </div>

        <ToolPanel title="Settings" className="lg:self-start">
          <ModeSelect choice={modeChoice} disabled={busy} />
          <div className="flex flex-col gap-2">
            <Label htmlFor={ethnicityId}>Ethnicity</Label>
            <NativeSelect
              id={ethnicityId}
              value={settings.ethnicity}
              disabled={busy}
              onChange={(event) => {
                const next = ETHNICITIES.find((value) => value === event.currentTarget.value);
                if (next) update({ ethnicity: next satisfies Ethnicity });
              }}
            >
              {ethnicityOptions.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </NativeSelect>
          </div>
          <AdvancedSettings
            prompt={settings.prompt}
            onPromptChange={(prompt) => {
              update({ prompt });
            }}
            disabled={busy}
          />
          <CreditEstimateBox
            state={estimate}
            idleText="Add a cloth image to see what this costs."
          />

          {checks.checkMessage ? (
            <Alert variant="destructive" role="alert">
              {checks.checkMessage}
            </Alert>
          ) : null}

          <div className="flex flex-col gap-2">
            <GenerateButton
              ref={generateRef}
              className="w-full"
              generating={run.isGenerating}
              busy={checks.checking}
              elapsedMs={run.elapsedMs}
              disabled={problem !== null && !run.isGenerating}
              aria-describedby={problem !== null ? 'realistic-generate-reason' : undefined}
              onClick={generate}
            >
              Generate Photoshoot
            </GenerateButton>
            {problem !== null && !run.isGenerating ? (
              <p
                id="realistic-generate-reason"
                className="text-center text-xs text-muted-foreground"
              >
                {problem}
              </p>
            ) : null}
          </div>
          <ClearAllButton onClear={clearAll} disabled={busy} />
        </ToolPanel>
      </div>

      <ToolPanel title="Results">
        <ResultPanel
          run={run}
          renderResult={renderResult}
          placeholder="Your model photos will appear here, one for each template."
          idle={
            handedOver ? (
              <RealisticResults
                urls={handedOver.urls}
                generationId={handedOver.generationId}
                context={{ prompt: handedOver.prompt, style: handedOver.style }}
                previewNote={null}
                videoAccess={videoAccess}
              />
            ) : null
          }
        />
      </ToolPanel>

      <GenerationDialogs run={run} featureName={FEATURE_NAME} returnFocusRef={generateRef} />
    </div>
  );
}
