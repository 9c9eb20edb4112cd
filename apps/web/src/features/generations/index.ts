// The feature's public entry: other features and the app import only what is exported here.
// Sections run from what a new tool screen needs (the template) to the parts the two screens the
// template does not lay out (try-on's image lists and catalogue, the canvas editor) compose by hand.

// --- The tool-screen template (ADR 015: a new tool is a config, its settings and its request) ---
export { useToolScreen } from './hooks/use-tool-screen';
export type { ToolScreen, ToolScreenConfig } from './hooks/use-tool-screen';
export { ToolScreenHeading, ToolScreenView } from './components/tool-screen-view';
export { readRunContext, toolDraftReader } from './lib/tool-draft';
export type { RunContext } from './lib/tool-draft';
export type { ToolExample } from './hooks/use-image-upload';
export type { ToolNavigationState } from './lib/navigation-state';
export { reusedSetting } from './lib/navigation-state';
export type { EstimatePayload } from './api/credit-estimate';

// --- Settings controls a tool puts in its panel ---
export { AdvancedSettings } from './components/advanced-settings';
export { ModeSelect } from './components/mode-select';
export type { ModeChoice } from './hooks/use-mode-choice';
export { TemplatePicker } from './components/template-picker';
export { useModelTemplates } from './api/model-templates';
export { templatePayload, toTemplateList, toggleTemplate } from './lib/model-templates';
export type { ModelTemplate } from './lib/model-templates';

// --- Results: a run's, a past run's, an example's, and their parts ---
export { HandedOverRunResults, RunResults } from './components/run-results';
export type { ResultNaming } from './components/run-results';
export { ExampleResults } from './components/example-results';
export { readHandedOver, type HandedOverResults } from './lib/handed-over';
export {
  DownloadButton,
  FidelityCheck,
  PreviewNote,
  ResultActions,
  ResultGrid,
  ResultViewer,
  PastToolResults,
  ToolResults,
  prefetchResultView,
  usePrefetchResultView,
} from './components/deferred-results';
export type { ViewerItem } from './components/result-viewer';
export { FidelityBadge } from './components/fidelity-badge';
export { downloadLink, openInNewTab, saveFile } from './lib/download';
export { generationQueryOptions } from './api/generation';
export { fetchGenerationSettings } from './api/generation-settings';

// --- The template's parts, for screens laid out by hand (try-on, canvas editor) ---
export { useArrivalState } from './hooks/use-arrival-state';
export { useKeepToolDraft, useToolDraft } from './hooks/use-tool-draft';
export { useImageUpload } from './hooks/use-image-upload';
export type { InputImage } from './hooks/use-image-upload';
export { useModeChoice } from './hooks/use-mode-choice';
export { useVideoAccess } from './hooks/use-video-access';
export { usePreSendChecks } from './hooks/use-pre-send-checks';
export { PRE_SEND_MESSAGES, checkBeforeSend } from './lib/pre-send-checks';
export type { PreSendCheck, PreSendFacts } from './lib/pre-send-checks';
export { useCreditEstimate, estimateQueryPrefix } from './api/credit-estimate';
export { useGenerationRun } from './hooks/use-generation-run';
export type { GenerationDialog, GenerationRun } from './hooks/use-generation-run';
export { classifyStartFailure } from './lib/generation-errors';
export { useStartDialogs } from './hooks/use-start-dialogs';
export { newIdempotencyKey } from './lib/idempotency-key';
export { useStopwatch } from './hooks/use-stopwatch';
export { useIdlePrefetch } from './hooks/use-idle-prefetch';
export { ToolPanel } from './components/tool-panel';
export { UploadPanel } from './components/upload-panel';
export { uploadImages } from './api/uploads';
export { IMAGE_ACCEPT, imageFileProblem } from './lib/upload-rules';
export { EXAMPLE_NOTICE } from './components/example-picker';
export { CreditEstimateBox } from './components/credit-estimate-box';
export { GenerateButton, GenerateWithReason } from './components/generate-button';
export { ClearAllButton } from './components/clear-all-button';
export { ResultPanel } from './components/result-panel';
export { GenerationDialogs } from './components/generation-dialogs';
export { isCanvasTool } from './lib/navigation-state';
export type { CanvasTool } from './lib/navigation-state';
