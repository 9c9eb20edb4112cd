import type { Generation } from '@studio/contract';
import { LISTING_SLOT_LABELS } from '@studio/contract/listing';
import { ANGLE_VIEW_LABELS } from '@studio/contract/tools';
import { CheckboxChoices } from '@/components/ui/checkbox-choices';
import { Field } from '@/components/ui/field';
import { NativeSelect } from '@/components/ui/native-select';
import {
  HandedOverRunResults,
  ModeSelect,
  readRunContext,
  RunResults,
  ToolScreenView,
  useToolScreen,
  type RunContext,
} from '@/features/generations';
import { ToolOutputNote } from '@/features/site';
import {
  ANGLE_SET_MESSAGES,
  angleSetEstimate,
  angleSetRequest,
  arrivalSettings,
  CATEGORY_LABELS,
  CATEGORY_LIST,
  ESTIMATE_FEATURE,
  FEATURE_NAME,
  initialSettings,
  isCategory,
  NAMING,
  TOOL,
  VIEW_CHOICES,
} from '../lib/angle-set-request';
import { readAngleSetDraft } from '../lib/angle-set-draft';

/**
 * /angle-sets (issue 36, ADR 064): one photo of the garment worn in, the same garment and model in
 * front, side, back and detail views out, each captioned with the listing slot it fills.
 */
export function AngleSetPage() {
  const screen = useToolScreen({
    tool: TOOL,
    key: 'angle-set',
    estimateFeature: ESTIMATE_FEATURE,
    messages: ANGLE_SET_MESSAGES,
    readDraft: readAngleSetDraft,
    arrivalSettings,
    clearedSettings: initialSettings,
    problem: (settings) => (settings.views.length === 0 ? ANGLE_SET_MESSAGES.noViews : null),
    estimate: angleSetEstimate,
    request: angleSetRequest,
    context: (settings): RunContext => ({ prompt: '', style: settings.category }),
    readContext: readRunContext,
    describeFailure: () => ANGLE_SET_MESSAGES.failed,
    checkOutput: (generation) =>
      generation.imageUrls.length > 0 ? null : ANGLE_SET_MESSAGES.failed,
  });
  const { settings, update, busy, videoAccess, handedOver } = screen;

  const renderResult = (generation: Generation, context: RunContext) => (
    <>
      <RunResults
        naming={NAMING}
        generation={generation}
        context={context}
        videoAccess={videoAccess}
      />
      {generation.views ? (
        <ol className="mt-3 space-y-1 text-sm" aria-label="Views">
          {generation.views.map((view, index) => (
            <li key={view.url}>
              {String(index + 1)}. {ANGLE_VIEW_LABELS[view.view]} ·{' '}
              {LISTING_SLOT_LABELS[view.slot].toLowerCase()}
            </li>
          ))}
        </ol>
      ) : null}
    </>
  );

  return (
    <ToolScreenView
      screen={screen}
      title={FEATURE_NAME}
      description="Upload a photo of the garment worn (a try-on result or your own) and get it in front, side, back and detail views, each tagged with its listing slot."
      outputNote={<ToolOutputNote tool={TOOL} />}
      input={{
        title: 'Garment Worn',
        label: 'Upload a photo',
        imageAlt: 'Photo of the garment worn',
      }}
      settingsTitle="Angle Set Settings"
      estimateIdleText="Add a photo to see what this costs."
      generateLabel="Generate Angle Set"
      noImageReason="Upload a photo of the garment worn to generate."
      results={{
        title: ANGLE_SET_MESSAGES.resultsTitle,
        exampleTitle: ANGLE_SET_MESSAGES.exampleResultsTitle,
        renderResult,
        idle: handedOver ? (
          <HandedOverRunResults naming={NAMING} results={handedOver} videoAccess={videoAccess} />
        ) : null,
        placeholder: 'Your views will appear here.',
      }}
    >
      <CheckboxChoices
        legend="Views"
        name="views"
        choices={VIEW_CHOICES}
        chosen={settings.views}
        error={undefined}
        onChange={(views) => {
          update({ views });
        }}
      />
      <Field label="Garment">
        {(control) => (
          <NativeSelect
            {...control}
            value={settings.category}
            disabled={busy}
            onChange={(event) => {
              const next = event.currentTarget.value;
              if (isCategory(next)) update({ category: next });
            }}
          >
            {CATEGORY_LIST.map((category) => (
              <option key={category} value={category}>
                {CATEGORY_LABELS[category]}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <ModeSelect choice={screen.modeChoice} disabled={busy} />
    </ToolScreenView>
  );
}
