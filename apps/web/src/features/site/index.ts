// The feature's public entry: other features and the app import only what is exported here.
// Site information set by the operator: support contact (contact page) and the legal pages.
export { LegalPage } from './components/legal-page';
export { siteInfoQueryOptions, useSiteInfo, useSupportEmail } from './api/site-info';
// What each tool really makes here (ADR 048), and the seller's words for it.
export { useIsPreviewTool, usePreviewTools } from './api/tool-outputs';
export { ToolOutputBadge } from './components/tool-output-badge';
export { ToolOutputNote } from './components/tool-output-note';
export { previewToolsLine } from './lib/tool-output-words';
