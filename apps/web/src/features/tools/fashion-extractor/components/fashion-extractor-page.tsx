import type { Generation } from '@studio/contract';
import { requiredPlansForTool } from '@studio/contract/tools';
import { Field } from '@/components/ui/field';
import { NativeSelect } from '@/components/ui/native-select';
import { PremiumFeatureGate } from '@/features/billing';
import {
  ModeSelect,
  ToolScreenHeading,
  ToolScreenView,
  useToolScreen,
} from '@/features/generations';
import { ToolOutputNote } from '@/features/site';
import {
  arrivalSettings,
  ESTIMATE_FEATURE,
  EXTRACTION_TYPE,
  EXTRACTION_TYPE_LABELS,
  EXTRACTION_TYPE_LIST,
  EXTRACTOR_MESSAGES,
  extractorEstimate,
  extractorRequest,
  FEATURE_NAME,
  sentPrompt,
  TOOL,
} from '../lib/extractor-request';
import { readContext, readExtractorDraft, type RunContext } from '../lib/extractor-draft';
import { EXTRACTOR_EXAMPLES } from '../lib/examples';
import { ExtractedItems, PastItems } from './extracted-items';

const REQUIRED_PLANS = requiredPlansForTool(TOOL);

const textareaClass =
  'w-full min-w-0 resize-y rounded-md border border-input bg-surface px-3 py-2 text-base text-foreground shadow-xs sm:text-sm placeholder:text-muted-foreground/80 focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25 focus-visible:outline-none disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-70';

/**
 * /fashion-extractor (document 2 §2 Fashion extractor): a photo of a model in, the clothing on a
 * plain background out. Plus and above (the contract's plan rule): others see the premium gate.
 */
export function FashionExtractorPage() {
  return (
    <div className="flex flex-col gap-6">
      <ToolScreenHeading
        title={FEATURE_NAME}
        description="Upload a photo of a model and get the clothing on a plain background."
        outputNote={<ToolOutputNote tool={TOOL} />}
      />
      <PremiumFeatureGate requiredPlans={REQUIRED_PLANS} featureName={FEATURE_NAME}>
        <ExtractorScreen />
      </PremiumFeatureGate>
    </div>
  );
}

function ExtractorScreen() {
  const screen = useToolScreen({
    tool: TOOL,
    key: 'fashion-extractor',
    estimateFeature: ESTIMATE_FEATURE,
    messages: EXTRACTOR_MESSAGES,
    readDraft: readExtractorDraft,
    arrivalSettings,
    clearedSettings: () => ({ instructions: '' }),
    estimate: (_, mode) => extractorEstimate(mode),
    request: extractorRequest,
    context: ({ instructions }): RunContext => ({ prompt: sentPrompt(instructions) }),
    readContext,
    // Document 2 §8 gives the extractor one failure line, whatever the reason; a run that ends
    // without images says the same (the server refunds it).
    describeFailure: () => EXTRACTOR_MESSAGES.failed,
    checkOutput: (generation) =>
      generation.imageUrls.length > 0 ? null : EXTRACTOR_MESSAGES.failed,
    examples: EXTRACTOR_EXAMPLES,
  });
  const { settings, busy, handedOver } = screen;

  const renderResult = (generation: Generation, context: RunContext) => (
    <ExtractedItems
      urls={generation.imageUrls}
      generationId={generation.id}
      prompt={context.prompt}
      previewNote={generation.previewNote}
    />
  );

  return (
    <ToolScreenView
      screen={screen}
      title={FEATURE_NAME}
      recreatingNote="Loaded from a past generation. Adjust the settings and extract again."
      input={{
        title: 'Fashion Image',
        label: 'Upload fashion image',
        imageAlt: 'Fashion image',
        hint: EXTRACTOR_MESSAGES.uploadHint,
        examples: EXTRACTOR_EXAMPLES,
      }}
      settingsTitle="Extraction Settings"
      estimateIdleText="Add a fashion image to see what this costs."
      generateLabel="Extract Fashion"
      noImageReason="Upload a fashion image or choose an example to extract."
      clearLabel="Clear"
      results={{
        title: EXTRACTOR_MESSAGES.resultsTitle,
        exampleTitle: EXTRACTOR_MESSAGES.resultsTitle,
        renderResult,
        idle: handedOver ? <PastItems results={handedOver} /> : null,
        placeholder: EXTRACTOR_MESSAGES.empty,
      }}
    >
      <Field label="Extraction type" hint="Fixed: the whole outfit is extracted.">
        {(control) => (
          <NativeSelect {...control} value={EXTRACTION_TYPE} disabled>
            {EXTRACTION_TYPE_LIST.map((type) => (
              <option key={type} value={type}>
                {EXTRACTION_TYPE_LABELS[type]}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <ModeSelect choice={screen.modeChoice} disabled={busy} />
      <Field
        label="Custom instructions"
        hint={`Optional. Leave empty to send ‘${EXTRACTOR_MESSAGES.defaultPrompt}’.`}
      >
        {(control) => (
          <textarea
            {...control}
            value={settings.instructions}
            disabled={busy}
            rows={3}
            maxLength={2000}
            placeholder={EXTRACTOR_MESSAGES.defaultPrompt}
            onChange={(event) => {
              screen.update({ instructions: event.currentTarget.value });
            }}
            className={textareaClass}
          />
        )}
      </Field>
    </ToolScreenView>
  );
}
