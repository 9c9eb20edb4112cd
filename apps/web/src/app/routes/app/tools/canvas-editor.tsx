import { CanvasEditorPage } from '@/features/canvas-editor';

export default CanvasEditorPage;
