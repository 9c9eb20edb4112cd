// What a tool shows once a run is under way or done: loaded after the page (see deferred-results).
export { DownloadButton } from './download-button';
export { FidelityCheck } from './fidelity-check';
export { GenerationProgress } from './generation-progress';
export { PreviewNote } from './preview-note';
export { ResultActions } from './result-actions';
export { ResultGrid } from './result-grid';
export { ResultViewer } from './result-viewer';
export { PastToolResults, ToolResults } from './tool-results';
export { bringIntoView } from '../lib/bring-into-view';
export { CredentialsDisclosure } from '@/features/provenance';
