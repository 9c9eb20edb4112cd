import { useEffect, useRef, useState } from 'react';
import { TRY_ON_CATEGORIES, type TryOnCategory } from '@studio/contract/tools';
import { Alert } from '@/components/ui/alert';
import { Field } from '@/components/ui/field';
import { NativeSelect } from '@/components/ui/native-select';
import { useCurrentUser } from '@/features/auth';
import {
  ClearAllButton,
  CreditEstimateBox,
  GenerateWithReason,
  GenerationDialogs,
  ToolPanel,
  UploadPanel,
  useArrivalState,
  useCreditEstimate,
  useImageUpload,
  useKeepToolDraft,
  usePreSendChecks,
  useToolDraft,
} from '@/features/generations';
import { ToolOutputNote } from '@/features/site';
import { useColourwayRun } from '../hooks/use-colourway-run';
import {
  CATEGORY_LABELS,
  canAddVariant,
  colourwaysEstimate,
  colourwaysRequest,
  DRAFT_KEY,
  ESTIMATE_FEATURE,
  FEATURE_NAME,
  formProblem,
  initialSettings,
  MESSAGES,
  newVariant,
  TOOL,
  variantProblems,
  type ColourwaysSettings,
} from '../lib/colourways-request';
import { readColourwaysDraft } from '../lib/colourways-draft';
import { ColourwayResults } from './colourway-results';
import { VariantList } from './variant-list';

const isCategory = (value: string): value is TryOnCategory =>
  (TRY_ON_CATEGORIES as readonly string[]).includes(value);

/**
 * /colourways (issue 36): one garment photo in; one image per colour variant out, the garment in
 * the variant's exact colour, measured (ΔE) and refunded when it misses.
 */
export function ColourwaysPage() {
  const arrival = useArrivalState();
  const userId = useCurrentUser()?.id ?? null;
  const draft = useToolDraft(
    DRAFT_KEY,
    userId,
    readColourwaysDraft,
    Object.keys(arrival).length > 0,
  );
  const upload = useImageUpload(
    userId,
    {
      success: MESSAGES.uploadSuccess,
      failure: MESSAGES.uploadFailure,
      noUrl: MESSAGES.uploadFailure,
    },
    arrival.inputImages?.[0] ?? draft?.imageUrl ?? null,
  );
  const [settings, setSettings] = useState<ColourwaysSettings>(() =>
    draft ? { category: draft.category, variants: draft.variants } : initialSettings(),
  );
  // The rows' messages show from the first Generate on, as a form's do (ADR 056).
  const [tried, setTried] = useState(false);
  const run = useColourwayRun();
  const checks = usePreSendChecks(run, upload.image);
  const estimatePayload = colourwaysEstimate(settings);
  const estimate = useCreditEstimate(ESTIMATE_FEATURE, estimatePayload, upload.image !== null);
  const generateRef = useRef<HTMLButtonElement>(null);
  const latest = useRef(settings);
  useEffect(() => {
    latest.current = settings;
  });
  useKeepToolDraft(DRAFT_KEY, userId, {
    imageUrl: upload.image?.url ?? null,
    category: settings.category,
    variants: settings.variants.map(({ name, colour }) => ({ name, colour })),
  });

  const busy = run.running || checks.checking;
  const problems = tried ? variantProblems(settings.variants) : new Map();
  const update = (change: (current: ColourwaysSettings) => ColourwaysSettings) => {
    setSettings(change);
  };

  const generate = () => {
    if (busy) return;
    setTried(true);
    void checks.check(
      {
        userId,
        noImageMessage: MESSAGES.noImage,
        problem: formProblem(settings),
        tool: TOOL,
        estimate: { feature: ESTIMATE_FEATURE, payload: estimatePayload },
      },
      (imageUrl, signedIn) => {
        run.start(colourwaysRequest(latest.current, { userId: signedIn, imageUrl }));
      },
    );
  };

  const clearAll = () => {
    upload.clear();
    setSettings(initialSettings());
    setTried(false);
    checks.clearCheckMessage();
    run.reset();
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="space-y-1">
        <h2 className="text-2xl font-semibold tracking-tight">{FEATURE_NAME}</h2>
        <p className="text-sm text-muted-foreground">
          One photo, every colour: the garment recoloured to each variant's exact colour, its
          shading, texture and print kept, everything else untouched. Each image is measured and
          refunded if it misses.
        </p>
      </div>
      <ToolOutputNote tool={TOOL} />

      <div className="grid min-w-0 gap-6 lg:grid-cols-2">
        <ToolPanel title="Garment photo">
          <UploadPanel
            upload={upload}
            hint="JPG, PNG or WebP up to 10MB: a product shot or a photo of it worn"
            label="Upload garment photo"
            imageAlt="Garment photo"
            locked={checks.checking}
          />
          <Field label="Garment to recolour">
            {(control) => (
              <NativeSelect
                {...control}
                value={settings.category}
                disabled={busy}
                onChange={(event) => {
                  const next = event.currentTarget.value;
                  if (isCategory(next)) update((current) => ({ ...current, category: next }));
                }}
              >
                {TRY_ON_CATEGORIES.map((category) => (
                  <option key={category} value={category}>
                    {CATEGORY_LABELS[category]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
        </ToolPanel>

        <ToolPanel title="Variants" className="lg:self-start">
          <VariantList
            variants={settings.variants}
            problems={problems}
            disabled={busy}
            onRowChange={(rowId, patch) => {
              update((current) => ({
                ...current,
                variants: current.variants.map((row) =>
                  row.id === rowId ? { ...row, ...patch } : row,
                ),
              }));
            }}
            onRemove={(rowId) => {
              update((current) => ({
                ...current,
                variants: current.variants.filter((row) => row.id !== rowId),
              }));
            }}
            onAdd={() => {
              update((current) =>
                canAddVariant(current)
                  ? { ...current, variants: [...current.variants, newVariant()] }
                  : current,
              );
            }}
          />
          <CreditEstimateBox
            state={estimate}
            idleText="Add a garment photo to see what this costs."
          />
          {checks.checkMessage ? (
            <Alert variant="destructive" role="alert">
              {checks.checkMessage}
            </Alert>
          ) : null}
          <GenerateWithReason
            ref={generateRef}
            reason={
              upload.image === null && !run.running ? 'Upload a garment photo to generate.' : null
            }
            generating={run.running}
            busy={checks.checking}
            elapsedMs={run.elapsedMs}
            onClick={generate}
          >
            Generate Colourways
          </GenerateWithReason>
          <ClearAllButton onClear={clearAll} disabled={busy} />
        </ToolPanel>
      </div>

      <ToolPanel title="Results">
        {run.set ? (
          <ColourwayResults set={run.set} />
        ) : run.loadError !== null ? (
          <Alert variant="destructive" role="alert">
            This colourway set could not be loaded: {run.loadError}
          </Alert>
        ) : run.startError !== null ? (
          <Alert variant="destructive" role="alert">
            {run.startError}
          </Alert>
        ) : run.running ? (
          <p role="status" className="text-sm text-muted-foreground">
            Starting…
          </p>
        ) : (
          <p className="text-sm text-muted-foreground">
            Your colourways will appear here, one per variant.
          </p>
        )}
      </ToolPanel>

      <GenerationDialogs run={run} featureName={FEATURE_NAME} returnFocusRef={generateRef} />
    </div>
  );
}
