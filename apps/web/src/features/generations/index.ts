// The feature's public entry: other features and the app import only what is exported here.
export { useCreditEstimate } from './api/credit-estimate';
export type { EstimatePayload } from './api/credit-estimate';
export { useModelTemplates } from './api/model-templates';
export { AdvancedSettings } from './components/advanced-settings';
export { ClearAllButton } from './components/clear-all-button';
export { CreditEstimateBox } from './components/credit-estimate-box';
export { GenerateButton } from './components/generate-button';
export { GenerationDialogs } from './components/generation-dialogs';
export { ModeSelect } from './components/mode-select';
export { ResultPanel } from './components/result-panel';
export { TemplatePicker } from './components/template-picker';
export { ToolPanel } from './components/tool-panel';
export { UploadPanel } from './components/upload-panel';
export { useArrivalState } from './hooks/use-arrival-state';
export { useGenerationRun } from './hooks/use-generation-run';
export type { GenerationRun } from './hooks/use-generation-run';
export { useIdlePrefetch } from './hooks/use-idle-prefetch';
export { useImageUpload } from './hooks/use-image-upload';
export type { InputImage } from './hooks/use-image-upload';
export { useModeChoice } from './hooks/use-mode-choice';
export { useKeepToolDraft, useToolDraft } from './hooks/use-tool-draft';
export { usePreSendChecks } from './hooks/use-pre-send-checks';
export { useVideoAccess } from './hooks/use-video-access';
export { openInNewTab, saveFile } from './lib/download';
export { templatePayload, toTemplateList, toggleTemplate } from './lib/model-templates';
export type { ModelTemplate } from './lib/model-templates';
export { isCanvasTool, reusedSetting } from './lib/navigation-state';
export { fetchGenerationSettings } from './api/generation-settings';
export type { CanvasTool, ToolNavigationState } from './lib/navigation-state';
export { PRE_SEND_MESSAGES, checkBeforeSend } from './lib/pre-send-checks';
export type { PreSendCheck, PreSendFacts } from './lib/pre-send-checks';
export { estimateQueryPrefix } from './api/credit-estimate';
export { uploadImages } from './api/uploads';
export type { GenerationDialog } from './hooks/use-generation-run';
export { classifyStartFailure } from './lib/generation-errors';
export { newIdempotencyKey } from './lib/idempotency-key';
export { IMAGE_ACCEPT, imageFileProblem } from './lib/upload-rules';
export { useStopwatch } from './hooks/use-stopwatch';
export type { ModeChoice } from './hooks/use-mode-choice';
export { generationQueryOptions } from './api/generation';
export { EXAMPLE_NOTICE, ExampleNotice, ExamplePicker } from './components/example-picker';
export type { ToolExample } from './hooks/use-image-upload';
export {
  DownloadButton,
  FidelityCheck,
  PreviewNote,
  ResultActions,
  ResultGrid,
  ResultViewer,
  PastToolResults,
  ToolResults,
  usePrefetchResultView,
} from './components/deferred-results';
export type { ToolResultsProps } from './components/tool-results';
export type { ViewerItem } from './components/result-viewer';
export { readHandedOver, type HandedOverResults } from './lib/handed-over';
export { FidelityBadge } from './components/fidelity-badge';
export { useToolScreen } from './hooks/use-tool-screen';
export type { ToolScreen, ToolScreenConfig } from './hooks/use-tool-screen';
export { ToolScreenHeading, ToolScreenView } from './components/tool-screen-view';
export { ExampleResults } from './components/example-results';
export { HandedOverRunResults, RunResults } from './components/run-results';
export type { ResultNaming } from './components/run-results';
export { resultColumns } from './lib/result-grid';
export { readRunContext, toolDraftReader } from './lib/tool-draft';
export type { RunContext, ToolDraft } from './lib/tool-draft';
