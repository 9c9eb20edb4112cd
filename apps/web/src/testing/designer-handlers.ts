import type { Generation } from '@studio/contract';
import type { RequestHandler } from 'msw';
import { generationFixture, toolHandlers, type ToolHandlerOptions } from './generation-handlers';

/** The offline engine's label on its designs, as the local provider words it. */
export const DESIGN_PREVIEW_NOTE =
  'Made by the offline engine: colour-palette variations of your garment. New designs from a prompt are not available in this studio yet.';

/** An AI designer generation (the shared fixture is an upscale). */
export function designFixture(overrides: Partial<Generation> = {}): Generation {
  return generationFixture({ type: 'ai-designer', prompt: 'A fresh redesign', ...overrides });
}

/** The AI designer's supporting calls (the kit's `toolHandlers`). */
export const designerHandlers = (options?: ToolHandlerOptions): RequestHandler[] =>
  toolHandlers('ai-designer', options);
