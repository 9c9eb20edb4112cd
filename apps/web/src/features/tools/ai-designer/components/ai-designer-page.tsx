import type { Generation } from '@studio/contract';
import {
  AdvancedSettings,
  ExampleResults,
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
  arrivalSettings,
  clearedSettings,
  defaultPrompt,
  DESIGNER_MESSAGES,
  designerEstimate,
  designerRequest,
  ESTIMATE_FEATURE,
  FEATURE_NAME,
  NAMING,
  sentPrompt,
  TOOL,
} from '../lib/designer-request';
import { readDesignerDraft } from '../lib/designer-draft';
import { DESIGNER_EXAMPLES, EXAMPLE_RESULTS_NOTE } from '../lib/examples';
import { DesignChoices } from './design-choices';
import { NoDesigns } from './no-designs';

/**
 * /ai-designer (document 2 §2 AI designer): a cloth photo in, redesigned variants out, by cloth
 * type, design theme and colour palette. Three bundled example cloths to start from.
 */
export function AiDesignerPage() {
  const screen = useToolScreen({
    tool: TOOL,
    key: 'ai-designer',
    estimateFeature: ESTIMATE_FEATURE,
    messages: DESIGNER_MESSAGES,
    readDraft: readDesignerDraft,
    arrivalSettings,
    clearedSettings,
    estimate: designerEstimate,
    request: designerRequest,
    context: (settings): RunContext => ({ prompt: sentPrompt(settings), style: settings.style }),
    readContext: readRunContext,
    // Document 2 §8 gives the designer one failure line, whatever the reason.
    describeFailure: () => DESIGNER_MESSAGES.failed,
    checkOutput: (generation) =>
      generation.imageUrls.length > 0 ? null : DESIGNER_MESSAGES.failed,
    examples: DESIGNER_EXAMPLES,
    exampleSettings: (example, current) => ({
      ...current,
      clothType: example.clothType,
      customClothType: '',
      designTheme: example.designTheme,
      colorPalette: example.colorPalette,
      prompt: example.prompt,
    }),
  });
  const { settings, update, busy, videoAccess, handedOver, example } = screen;

  const renderResult = (generation: Generation, context: RunContext) => (
    <RunResults
      naming={NAMING}
      generation={generation}
      context={context}
      videoAccess={videoAccess}
    />
  );

  let idle = <NoDesigns />;
  if (handedOver)
    idle = <HandedOverRunResults naming={NAMING} results={handedOver} videoAccess={videoAccess} />;
  else if (example)
    idle = <ExampleResults example={example} note={EXAMPLE_RESULTS_NOTE} noun="result" />;

  return (
    <ToolScreenView
      screen={screen}
      title={FEATURE_NAME}
      description="Upload a garment photo and get redesigned variants of it by cloth type, design theme and colour palette."
      outputNote={<ToolOutputNote tool={TOOL} />}
      input={{
        title: 'Cloth Image',
        label: 'Upload cloth image',
        imageAlt: 'Cloth image',
        examples: DESIGNER_EXAMPLES,
      }}
      settingsTitle="Design Settings"
      estimateIdleText="Add a cloth image to see what this costs."
      generateLabel="Generate Design"
      results={{
        title: DESIGNER_MESSAGES.resultsTitle,
        exampleTitle: DESIGNER_MESSAGES.exampleResultsTitle,
        renderResult,
        idle,
      }}
    >
      <DesignChoices settings={settings} onChange={update} disabled={busy} />
      <ModeSelect choice={screen.modeChoice} disabled={busy} />
      <AdvancedSettings
        prompt={settings.prompt}
        onPromptChange={(prompt) => {
          update({ prompt });
        }}
        placeholder={defaultPrompt(settings)}
        hint="Leave empty to use the prompt shown, built from the type, theme and palette."
        disabled={busy}
      />
    </ToolScreenView>
  );
}
