import type { Generation } from '@studio/contract';
import type { AccessPlan } from '@studio/contract/tools';
import { http, HttpResponse, type RequestHandler } from 'msw';
import {
  estimateHandler,
  generateHandlers,
  generationFixture,
  modesHandler,
  uploadHandler,
  type RecordedGenerate,
} from './generation-handlers';

/** The offline engine's label on its designs, as the local provider words it. */
export const DESIGN_PREVIEW_NOTE =
  'Made by the offline engine: colour-palette variations of your garment. New designs from a prompt are not available in this studio yet.';

/** An AI designer generation (the shared fixture is an upscale). */
export function designFixture(overrides: Partial<Generation> = {}): Generation {
  return generationFixture({ type: 'ai-designer', prompt: 'A fresh redesign', ...overrides });
}

/**
 * The bundled example files (`/examples/ai-designer/*.jpg`), served as a few JPEG-typed bytes so
 * choosing an example can fetch and upload it.
 */
export function designerExampleHandler() {
  return http.get('/examples/ai-designer/:file', () =>
    HttpResponse.arrayBuffer(new Uint8Array(16).buffer, {
      headers: { 'content-type': 'image/jpeg' },
    }),
  );
}

/** `GET /generations/:id` answering with one finished generation (a past run's own record). */
export function pastGenerationHandler(generation: Generation) {
  return http.get(`/api/v1/generations/${generation.id}`, () =>
    HttpResponse.json({ success: true, generation }),
  );
}

/**
 * The AI designer's supporting calls for a signed-in user (pair with `mockSignedIn`): modes for
 * `plan`, an estimate (bodies collected in `estimates`), uploads, the examples and generate calls
 * accepted with 202 (recorded in `calls`).
 */
export function designerHandlers({
  plan = 'free',
  estimate,
  estimates,
  calls = [],
}: {
  plan?: AccessPlan;
  estimate?: { creditCost?: number; available?: number };
  estimates?: Record<string, unknown>[];
  calls?: RecordedGenerate[];
} = {}): RequestHandler[] {
  return [
    modesHandler(plan),
    estimateHandler(estimate, estimates),
    uploadHandler(),
    designerExampleHandler(),
    ...generateHandlers(calls),
  ];
}
