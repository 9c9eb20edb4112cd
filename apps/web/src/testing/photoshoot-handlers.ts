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

/** The offline engine's label on its product scenes, as the local provider words it. */
export const PHOTOSHOOT_PREVIEW_NOTE =
  'Made by the offline engine: your product cut out and composited onto a rendered scene. Your prompt is not used in this studio yet.';

/** A product photoshoot generation (the shared fixture is an upscale). */
export function photoshootFixture(overrides: Partial<Generation> = {}): Generation {
  return generationFixture({ type: 'photoshoot', prompt: 'in a landscape', ...overrides });
}

/**
 * The bundled example files (`/examples/photoshoot/*.jpg`), served as a few JPEG-typed bytes so
 * choosing an example can fetch and upload it.
 */
export function photoshootExampleHandler() {
  return http.get('/examples/photoshoot/:file', () =>
    HttpResponse.arrayBuffer(new Uint8Array(16).buffer, {
      headers: { 'content-type': 'image/jpeg' },
    }),
  );
}

/** `GET /generations/:id` answering with one finished generation (a past run's own record). */
export function pastPhotoshootHandler(generation: Generation) {
  return http.get(`/api/v1/generations/${generation.id}`, () =>
    HttpResponse.json({ success: true, generation }),
  );
}

/**
 * The product photoshoot's supporting calls for a signed-in user (pair with `mockSignedIn`):
 * modes for `plan`, an estimate (bodies collected in `estimates`), uploads, the examples and
 * generate calls accepted with 202 (recorded in `calls`).
 */
export function photoshootHandlers({
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
    photoshootExampleHandler(),
    ...generateHandlers(calls),
  ];
}
