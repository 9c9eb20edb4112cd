import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { DEFAULT_MODE, MODES } from '@studio/contract/tools';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useCurrentUser } from '@/features/auth';
import {
  ClearAllButton,
  CreditEstimateBox,
  GenerateWithReason,
  GenerationDialogs,
  TemplatePicker,
  ToolPanel,
  toggleTemplate,
  toTemplateList,
  useArrivalState,
  useCreditEstimate,
  useIdlePrefetch,
  useKeepToolDraft,
  useModeChoice,
  useModelTemplates,
  usePreSendChecks,
  usePrefetchResultView,
  useToolDraft,
  useVideoAccess,
  reusedSetting,
} from '@/features/generations';
import { getErrorMessage } from '@/lib/api-client';
import { useCatalogueRun } from '../hooks/use-catalogue-run';
import { useImageList } from '../hooks/use-image-list';
import { readTryOnDraft, type HandedOverResults, type TryOnDraft } from '../lib/try-on-draft';
import {
  BATCH_GARMENTS_MAX,
  BATCH_MODELS_MAX,
  catalogueEstimate,
  catalogueRequest,
  ESTIMATE_FEATURE,
  FEATURE_NAME,
  formProblem,
  arrivalSettings,
  initialSettings,
  TOOL,
  TRY_ON_MESSAGES,
  type TryOnSettings,
} from '../lib/try-on-request';
import { ImageListPanel } from './image-list-panel';
import { TryOnSettingsFields } from './try-on-settings';
import { ToolOutputNote } from '@/features/site';

// Results show only after a catalogue starts (or a hand-over): their code is not needed to paint
// the form, so it loads after the page, fetched ahead once the page is up and the browser idle.
const loadResults = () => import('./catalogue-view');
const CatalogueView = lazy(() => loadResults().then((m) => ({ default: m.CatalogueView })));
const HandedOverPhotos = lazy(() => loadResults().then((m) => ({ default: m.HandedOverPhotos })));

const DRAFT_KEY = 'try-on';
const UPLOAD_MESSAGES = {
  success: TRY_ON_MESSAGES.uploadSuccess,
  failure: TRY_ON_MESSAGES.uploadFailure,
};

const plural = (n: number, word: string) => `${String(n)} ${word}${n === 1 ? '' : 's'}`;

/**
 * /try-on (Clothes AI Photoshoot, issue 13; the spec shows it only through the dashboard cards):
 * garment photos (flat lay, mannequin, dummy or worn) and models (templates or the user's own
 * photos) in; every garment on every model out, one generation per pair, as one catalogue that
 * is priced and confirmed up front, followed live (and after a reload) and zipped at the end.
 */
export function TryOnPage() {
  const arrival = useArrivalState();
  const userId = useCurrentUser()?.id ?? null;
  const draft = useToolDraft(DRAFT_KEY, userId, readTryOnDraft, Object.keys(arrival).length > 0);
  const [arrivedGarment, arrivedModel] = arrival.inputImages ?? [];
  const garments = useImageList(
    userId,
    BATCH_GARMENTS_MAX,
    UPLOAD_MESSAGES,
    draft?.garments ?? (arrivedGarment ? [{ url: arrivedGarment, name: 'Garment' }] : []),
  );
  const photos = useImageList(userId, BATCH_MODELS_MAX, UPLOAD_MESSAGES, draft?.photos ?? []);
  const modeChoice = useModeChoice(draft?.mode ?? reusedSetting(arrival, 'mode', MODES));
  const videoAccess = useVideoAccess();
  const templatesQuery = useModelTemplates();
  const templates = useMemo(() => toTemplateList(templatesQuery.data), [templatesQuery.data]);
  const [settings, setSettings] = useState<TryOnSettings>(() =>
    draft ? { ...draft, templates: [] } : arrivalSettings(arrival),
  );
  const [handedOver, setHandedOver] = useState<HandedOverResults | null>(() =>
    arrival.generatedImages && arrival.recreatingFrom
      ? {
          urls: arrival.generatedImages,
          generationId: arrival.recreatingFrom,
          prompt: arrival.prompt ?? '',
        }
      : (draft?.handedOver ?? null),
  );
  // The confirmation is for one exact catalogue: any change to it (a photo added or removed, a
  // setting) takes it back, so Confirm never sends something other than what it said.
  const [confirmedFor, setConfirmedFor] = useState<string | null>(null);
  // Opened plainly (a reload, a return from another page): the latest catalogue comes back.
  const run = useCatalogueRun({ restoreLatest: Object.keys(arrival).length === 0 });
  const generateRef = useRef<HTMLButtonElement>(null);
  useIdlePrefetch(loadResults);
  usePrefetchResultView();

  // Templates come back by id once listed; a handed-over model photo is a template's picture
  // (chosen as that template) or the user's own photo.
  const pending = useRef({ ids: draft?.templateIds ?? [], modelUrl: arrivedModel ?? null });
  useEffect(() => {
    if (!templatesQuery.data) return;
    const { ids, modelUrl } = pending.current;
    pending.current = { ids: [], modelUrl: null };
    const template = templates.find((t) => t.imageUrl !== null && t.imageUrl === modelUrl);
    if (modelUrl !== null && !template) photos.setStored([{ url: modelUrl, name: 'Your model' }]);
    const chosen = templates.filter((t) => ids.includes(t.id) || t === template);
    if (chosen.length > 0) setSettings((current) => ({ ...current, templates: chosen }));
    // `photos` is a fresh object each render; this runs once, when the list arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [templatesQuery.data, templates]);

  const models = settings.templates.length + photos.ready.length;
  const pairs = garments.ready.length * models;
  const estimatePayload = catalogueEstimate(
    settings,
    modeChoice.mode,
    garments.ready.length,
    photos.ready.length,
  );
  const estimate = useCreditEstimate(ESTIMATE_FEATURE, estimatePayload, garments.ready.length > 0);
  const image =
    garments.ready.length === 0 && !garments.uploading
      ? null
      : {
          url: garments.uploading || photos.uploading ? null : (garments.ready[0]?.url ?? null),
        };
  const checks = usePreSendChecks(run, image);
  const catalogueKey = JSON.stringify([
    garments.ready.map((g) => g.url),
    photos.ready.map((p) => p.url),
    settings,
    modeChoice.mode,
  ]);
  const uploading = garments.uploading || photos.uploading;
  const confirming = confirmedFor === catalogueKey && !uploading;
  const latest = useRef({ settings, mode: modeChoice.mode, garments, photos, catalogueKey });
  useEffect(() => {
    latest.current = { settings, mode: modeChoice.mode, garments, photos, catalogueKey };
  });

  useKeepToolDraft(DRAFT_KEY, userId, {
    garments: garments.ready,
    photos: photos.ready,
    templateIds: settings.templates.map((t) => t.id),
    category: settings.category,
    photoType: settings.photoType,
    numImages: settings.numImages,
    name: settings.name,
    mode: modeChoice.mode,
    handedOver,
  } satisfies TryOnDraft);

  const busy = run.running || checks.checking;
  const problem = formProblem(garments.items.length, models);
  const update = (patch: Partial<TryOnSettings>) => {
    setSettings((current) => ({ ...current, ...patch }));
  };

  const send = (signedIn: string) => {
    const now = latest.current;
    const body = catalogueRequest(now.settings, {
      userId: signedIn,
      garments: now.garments.ready,
      photos: now.photos.ready,
      mode: now.mode,
    });
    if (run.start(body)) {
      setConfirmedFor(null);
      setHandedOver(null);
      // Confirm goes away with the confirmation: focus stays on the form's action.
      generateRef.current?.focus();
    }
  };

  const generate = () => {
    if (busy) return;
    setConfirmedFor(null);
    void checks.check(
      {
        userId,
        noImageMessage: TRY_ON_MESSAGES.noGarment,
        problem: models === 0 ? TRY_ON_MESSAGES.noModel : null,
        tool: TOOL,
        estimate: { feature: ESTIMATE_FEATURE, payload: estimatePayload },
      },
      (_imageUrl, signedIn) => {
        // One pair is what the estimate shows; a catalogue is confirmed with its total first.
        if (pairs > 1) setConfirmedFor(latest.current.catalogueKey);
        else send(signedIn);
      },
    );
  };

  const clearAll = () => {
    garments.clear();
    photos.clear();
    setSettings(initialSettings());
    modeChoice.setMode(DEFAULT_MODE);
    checks.clearCheckMessage();
    setHandedOver(null);
    setConfirmedFor(null);
    run.reset();
  };

  const cost = estimate.estimate?.creditCost ?? null;
  const pairSummary =
    pairs > 0
      ? `${plural(garments.ready.length, 'garment')} × ${plural(models, 'model')} = ${plural(
          pairs * settings.numImages,
          'photo',
        )}`
      : null;

  return (
    <div className="flex flex-col gap-6">
      <div className="space-y-1">
        <h2 className="text-2xl font-semibold tracking-tight">{FEATURE_NAME}</h2>
        <p className="text-sm text-muted-foreground">
          Upload garment photos — flat lay, on a mannequin or dummy, or worn — choose models, and
          get every garment on every model. Up to {BATCH_GARMENTS_MAX} garments and{' '}
          {BATCH_MODELS_MAX} models in one catalogue.
        </p>
      </div>
      <ToolOutputNote tool="try-on" />

      {arrival.recreatingFrom ? (
        <Alert variant="info" role="note">
          Loaded from a past generation. Adjust the settings and generate again.
        </Alert>
      ) : null}

      <div className="grid min-w-0 gap-6 lg:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)]">
        <div className="flex min-w-0 flex-col gap-6">
          <ToolPanel title="Garments">
            <ImageListPanel
              list={garments}
              label="Upload garment photos"
              listLabel="Garments"
              hint={`JPG, PNG or WebP up to 10MB · up to ${String(BATCH_GARMENTS_MAX)} garments`}
              max={BATCH_GARMENTS_MAX}
              disabled={checks.checking}
            />
          </ToolPanel>

          <ToolPanel title="Models">
            <TemplatePicker
              templates={templatesQuery.isError ? templates.slice(0, 1) : templates}
              selected={settings.templates}
              max={BATCH_MODELS_MAX - photos.items.length}
              summary={`${plural(models, 'model')} chosen of ${String(BATCH_MODELS_MAX)}`}
              onToggle={(template) => {
                update({
                  templates: toggleTemplate(
                    settings.templates,
                    template,
                    BATCH_MODELS_MAX - photos.items.length,
                  ),
                });
              }}
              loading={templatesQuery.isPending}
              error={
                templatesQuery.isError
                  ? getErrorMessage(templatesQuery.error) || 'Failed to load templates'
                  : null
              }
              disabled={checks.checking}
            />
            <div className="flex flex-col gap-2">
              <h4 className="text-sm font-medium">Your own model photos</h4>
              <ImageListPanel
                list={photos}
                label="Upload model photos"
                listLabel="Your model photos"
                hint="A clear, front-facing photo of a person"
                max={Math.max(0, BATCH_MODELS_MAX - settings.templates.length)}
                disabled={checks.checking}
              />
            </div>
          </ToolPanel>
        </div>

        <ToolPanel title="Settings" className="lg:self-start">
          <TryOnSettingsFields
            settings={settings}
            onChange={update}
            modeChoice={modeChoice}
            catalogue={pairs > 1}
            disabled={busy}
          />
          <CreditEstimateBox
            state={estimate}
            idleText="Add a garment photo to see what this costs."
          />
          {pairSummary !== null ? (
            <p className="text-sm text-muted-foreground">{pairSummary}</p>
          ) : null}

          {checks.checkMessage ? (
            <Alert variant="destructive" role="alert">
              {checks.checkMessage}
            </Alert>
          ) : null}

          <GenerateWithReason
            ref={generateRef}
            reason={problem !== null && !run.running ? problem : null}
            generating={run.running}
            busy={checks.checking}
            elapsedMs={run.elapsedMs}
            onClick={generate}
          >
            {pairs > 1 ? 'Generate Catalogue' : 'Generate Try-On'}
          </GenerateWithReason>
          {confirming ? (
            <div
              role="group"
              aria-label="Confirm catalogue"
              className="flex flex-col gap-3 rounded-lg border border-brand-200 bg-brand-50 p-3"
            >
              <p className="text-sm">
                Generate {plural(pairs * settings.numImages, 'photo')} ({pairSummary ?? ''})
                {cost !== null ? ` for ${plural(cost, 'credit')}` : ''}? Failed photos are refunded.
              </p>
              <div className="flex flex-wrap gap-2">
                <Button
                  // The confirmation replaces the click's focus target: keyboard users land on it.
                  autoFocus
                  // The total shown must be the one for this catalogue.
                  disabled={estimate.isEstimating}
                  onClick={() => {
                    if (userId !== null) send(userId);
                  }}
                >
                  Confirm and generate
                </Button>
                <Button
                  variant="outline"
                  onClick={() => {
                    setConfirmedFor(null);
                    generateRef.current?.focus();
                  }}
                >
                  Back
                </Button>
              </div>
            </div>
          ) : null}
          <ClearAllButton onClear={clearAll} disabled={busy} />
        </ToolPanel>
      </div>

      <ToolPanel title="Results">
        <div className="flex flex-col gap-3">
          {run.refreshFailed ? (
            <p role="status" className="text-sm text-warning">
              Couldn’t refresh the progress. Trying again…
            </p>
          ) : null}
          {run.batch ? (
            <Suspense fallback={<p className="text-sm text-muted-foreground">Loading results…</p>}>
              <CatalogueView
                batch={run.batch}
                videoAccess={videoAccess}
                onCancel={run.cancel}
                canceling={run.canceling}
                cancelError={run.cancelError}
              />
            </Suspense>
          ) : run.loadError !== null ? (
            <Alert variant="destructive" role="alert">
              This catalogue could not be loaded: {run.loadError}
            </Alert>
          ) : run.startError !== null ? (
            <Alert variant="destructive" role="alert">
              <p>{run.startError}</p>
              {run.runningElsewhere !== null ? (
                <Button variant="outline" size="sm" className="mt-2" onClick={run.showRunning}>
                  Show the running catalogue
                </Button>
              ) : null}
            </Alert>
          ) : run.running ? (
            <p role="status" className="text-sm text-muted-foreground">
              {run.starting ? 'Starting…' : 'Loading your catalogue…'}
            </p>
          ) : run.looking ? (
            <p role="status" className="text-sm text-muted-foreground">
              Looking for your latest catalogue…
            </p>
          ) : handedOver ? (
            <Suspense fallback={<p className="text-sm text-muted-foreground">Loading results…</p>}>
              <HandedOverPhotos results={handedOver} videoAccess={videoAccess} />
            </Suspense>
          ) : (
            <p className="text-sm text-muted-foreground">
              Your photos will appear here, grouped by garment.
            </p>
          )}
        </div>
      </ToolPanel>

      <GenerationDialogs run={run} featureName={FEATURE_NAME} returnFocusRef={generateRef} />
    </div>
  );
}
