import type { Generation } from '@studio/contract';
import type { RequestHandler } from 'msw';
import { generationFixture, toolHandlers, type ToolHandlerOptions } from './generation-handlers';

/** A fashion extractor generation (the shared fixture is an upscale). */
export function extractionFixture(overrides: Partial<Generation> = {}): Generation {
  return generationFixture({
    type: 'fashion-extractor',
    prompt: 'Extract the clothes from the image',
    ...overrides,
  });
}

/** The extractor's supporting calls (the kit's `toolHandlers`); its plans start at Plus. */
export const extractorHandlers = ({ plan = 'plus', ...options }: ToolHandlerOptions = {}) =>
  toolHandlers('fashion-extractor', { plan, ...options }) satisfies RequestHandler[];
