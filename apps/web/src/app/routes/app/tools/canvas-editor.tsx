import { CanvasEditorPage } from '@/features/canvas-editor/components/canvas-editor-page';

export default CanvasEditorPage;
