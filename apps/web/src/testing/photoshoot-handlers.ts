import type { Generation } from '@studio/contract';
import type { RequestHandler } from 'msw';
import { generationFixture, toolHandlers, type ToolHandlerOptions } from './generation-handlers';

/** The offline engine's label on its product scenes, as the local provider words it. */
export const PHOTOSHOOT_PREVIEW_NOTE =
  'Made by the offline engine: your product cut out and composited onto a rendered scene. Your prompt is not used in this studio yet.';

/** A product photoshoot generation (the shared fixture is an upscale). */
export function photoshootFixture(overrides: Partial<Generation> = {}): Generation {
  return generationFixture({ type: 'photoshoot', prompt: 'in a landscape', ...overrides });
}

/** The product photoshoot's supporting calls (the kit's `toolHandlers`). */
export const photoshootHandlers = (options?: ToolHandlerOptions): RequestHandler[] =>
  toolHandlers('photoshoot', options);
