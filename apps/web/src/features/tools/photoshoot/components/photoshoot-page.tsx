import type { Generation } from '@studio/contract';
import { Field } from '@/components/ui/field';
import { NativeSelect } from '@/components/ui/native-select';
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
  DEFAULT_PROMPT,
  ESTIMATE_FEATURE,
  FEATURE_NAME,
  NAMING,
  initialSettings,
  isSceneStyle,
  PHOTOSHOOT_MESSAGES,
  photoshootEstimate,
  photoshootRequest,
  SCENE_STYLE_LABELS,
  SCENE_STYLE_LIST,
  sentPrompt,
  TOOL,
} from '../lib/photoshoot-request';
import { readPhotoshootDraft } from '../lib/photoshoot-draft';
import { EXAMPLE_RESULTS_NOTE, PHOTOSHOOT_EXAMPLES } from '../lib/examples';
import { ImageCountStepper } from './image-count-stepper';

/**
 * /photoshoot (document 2 §2 Product photoshoot): a product photo in, the product placed in
 * rendered scenes out, by scene style. Three bundled example products to start from.
 */
export function PhotoshootPage() {
  const screen = useToolScreen({
    tool: TOOL,
    key: 'photoshoot',
    estimateFeature: ESTIMATE_FEATURE,
    messages: PHOTOSHOOT_MESSAGES,
    readDraft: readPhotoshootDraft,
    arrivalSettings,
    clearedSettings: initialSettings,
    estimate: photoshootEstimate,
    request: photoshootRequest,
    context: (settings): RunContext => ({
      prompt: sentPrompt(settings),
      style: settings.sceneStyle,
    }),
    readContext: readRunContext,
    // Document 2 §8 gives the product photoshoot one failure line, whatever the reason.
    describeFailure: () => PHOTOSHOOT_MESSAGES.failed,
    // A run that ends without scenes is a failure the user is told about (and refunded for by the
    // server), not an empty result area as in the old client.
    checkOutput: (generation) =>
      generation.imageUrls.length > 0 ? null : PHOTOSHOOT_MESSAGES.failed,
    examples: PHOTOSHOOT_EXAMPLES,
    exampleSettings: (example, current) => ({ ...current, sceneStyle: example.sceneStyle }),
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

  let idle = null;
  if (handedOver)
    idle = <HandedOverRunResults naming={NAMING} results={handedOver} videoAccess={videoAccess} />;
  else if (example)
    idle = <ExampleResults example={example} note={EXAMPLE_RESULTS_NOTE} noun="scene" />;

  return (
    <ToolScreenView
      screen={screen}
      title={FEATURE_NAME}
      description="Upload a product photo and get it placed in rendered scenes: lifestyle, studio, outdoor, minimal or luxury."
      outputNote={<ToolOutputNote tool={TOOL} />}
      input={{
        title: 'Product Image',
        label: 'Upload product image',
        imageAlt: 'Product image',
        examples: PHOTOSHOOT_EXAMPLES,
      }}
      settingsTitle="Photoshoot Settings"
      estimateIdleText="Add a product image to see what this costs."
      generateLabel="Generate Photoshoot"
      // Document 2 §5: Generate is off without an image.
      noImageReason="Upload a product image or try an example to generate."
      results={{
        title: PHOTOSHOOT_MESSAGES.resultsTitle,
        exampleTitle: PHOTOSHOOT_MESSAGES.exampleResultsTitle,
        renderResult,
        idle,
        placeholder: 'Your product scenes will appear here.',
      }}
    >
      <Field label="Scene style">
        {(control) => (
          <NativeSelect
            {...control}
            value={settings.sceneStyle}
            disabled={busy}
            onChange={(event) => {
              const next = event.currentTarget.value;
              if (isSceneStyle(next)) update({ sceneStyle: next });
            }}
          >
            {SCENE_STYLE_LIST.map((style) => (
              <option key={style} value={style}>
                {SCENE_STYLE_LABELS[style]}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <ModeSelect choice={screen.modeChoice} disabled={busy} />
      <ImageCountStepper
        value={settings.numImages}
        disabled={busy}
        onChange={(numImages) => {
          update({ numImages });
        }}
      />
      <AdvancedSettings
        prompt={settings.prompt}
        onPromptChange={(prompt) => {
          update({ prompt });
        }}
        placeholder={DEFAULT_PROMPT}
        hint={`Leave empty to use '${DEFAULT_PROMPT}'.`}
        disabled={busy}
      />
    </ToolScreenView>
  );
}
