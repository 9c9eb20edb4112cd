import { useEffect, useMemo, useRef } from 'react';
import type { Generation } from '@studio/contract';
import {
  AdvancedSettings,
  ModeSelect,
  readRunContext,
  RunResults,
  ToolScreenView,
  toTemplateList,
  useModelTemplates,
  useToolScreen,
  type RunContext,
} from '@/features/generations';
import { ToolOutputNote } from '@/features/site';
import {
  arrivalSettings,
  chosenTemplates,
  ESTIMATE_FEATURE,
  failureMessage,
  FEATURE_NAME,
  NAMING,
  initialSettings,
  inListOrder,
  REALISTIC_MESSAGES,
  realisticEstimate,
  realisticRequest,
  templateStyle,
  TOOL,
  type RealisticSettings,
} from '../lib/realistic-request';
import { readRealisticDraft } from '../lib/realistic-draft';
import { EthnicitySelect } from './ethnicity-select';
import { PastRealisticResults } from './realistic-results';
import { TemplatesPanel } from './templates-panel';

/**
 * /realistic-photoshoot (document 2 §2 Realistic photoshoot): a cloth photo and one or more model
 * templates in, one photo of a model wearing it per template out.
 */
export function RealisticPhotoshootPage() {
  const templatesQuery = useModelTemplates();
  const listed = useMemo(() => toTemplateList(templatesQuery.data), [templatesQuery.data]);
  // A list that failed leaves only the random entry.
  const shown = templatesQuery.isError ? listed.slice(0, 1) : listed;
  const chosenOf = (settings: RealisticSettings) => chosenTemplates(settings, shown);
  const problemOf = (settings: RealisticSettings) =>
    chosenOf(settings).length === 0 ? REALISTIC_MESSAGES.noTemplate : null;
  const screen = useToolScreen({
    tool: TOOL,
    key: 'realistic-photoshoot',
    estimateFeature: ESTIMATE_FEATURE,
    messages: REALISTIC_MESSAGES,
    readDraft: readRealisticDraft,
    arrivalSettings,
    clearedSettings: initialSettings,
    problem: problemOf,
    estimate: (settings, mode) => realisticEstimate(chosenOf(settings), mode),
    request: (settings, ids) =>
      problemOf(settings) === null ? realisticRequest(settings, chosenOf(settings), ids) : null,
    context: (settings): RunContext => ({
      prompt: settings.prompt.trim(),
      style: templateStyle(chosenOf(settings)),
    }),
    readContext: readRunContext,
    describeFailure: failureMessage,
    checkOutput: (generation) =>
      generation.imageUrls.length > 0 ? null : REALISTIC_MESSAGES.failed,
  });
  const { settings, update, setSettings, busy, videoAccess, handedOver } = screen;
  const chosen = chosenOf(settings);

  // The gallery's style and the draft name templates by id: chosen again once listed.
  const restoring = useRef(true);
  useEffect(() => {
    if (!restoring.current || !templatesQuery.data) return;
    restoring.current = false;
    setSettings((current) => inListOrder(current, listed));
  }, [templatesQuery.data, listed, setSettings]);

  const renderResult = (generation: Generation, context: RunContext) => (
    <RunResults
      naming={NAMING}
      generation={generation}
      context={context}
      videoAccess={videoAccess}
    />
  );

  return (
    <ToolScreenView
      screen={screen}
      title={FEATURE_NAME}
      description="Upload a garment photo, choose model templates, and get a photo of a model wearing it for each template."
      outputNote={<ToolOutputNote tool={TOOL} />}
      input={{
        title: 'Cloth Image',
        label: 'Upload cloth image',
        imageAlt: 'Cloth image',
        panels: (
          <TemplatesPanel
            query={templatesQuery}
            templates={shown}
            chosen={chosen}
            onChoose={(templates) => {
              update({ templateIds: templates.map((t) => t.id) });
            }}
            disabled={busy}
          />
        ),
      }}
      settingsTitle="Settings"
      estimateIdleText="Add a cloth image to see what this costs."
      generateLabel="Generate Photoshoot"
      noImageReason={REALISTIC_MESSAGES.noImage}
      blockedReason={problemOf(settings)}
      results={{
        title: 'Results',
        exampleTitle: 'Results',
        renderResult,
        idle: handedOver ? (
          <PastRealisticResults results={handedOver} videoAccess={videoAccess} />
        ) : null,
        placeholder: 'Your model photos will appear here, one for each template.',
      }}
    >
      <ModeSelect choice={screen.modeChoice} disabled={busy} />
      <EthnicitySelect
        value={settings.ethnicity}
        disabled={busy}
        onChange={(ethnicity) => {
          update({ ethnicity });
        }}
      />
      <AdvancedSettings
        prompt={settings.prompt}
        onPromptChange={(prompt) => {
          update({ prompt });
        }}
        disabled={busy}
      />
    </ToolScreenView>
  );
}
