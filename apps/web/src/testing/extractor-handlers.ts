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

/** A fashion extractor generation (the shared fixture is an upscale). */
export function extractionFixture(overrides: Partial<Generation> = {}): Generation {
  return generationFixture({
    type: 'fashion-extractor',
    prompt: 'Extract the clothes from the image',
    ...overrides,
  });
}

/**
 * The bundled example files (`/examples/fashion-extractor/*.jpg`), served as a few JPEG-typed
 * bytes so choosing an example can fetch and upload it.
 */
export function extractorExampleHandler() {
  return http.get('/examples/fashion-extractor/:file', () =>
    HttpResponse.arrayBuffer(new Uint8Array(16).buffer, {
      headers: { 'content-type': 'image/jpeg' },
    }),
  );
}

/**
 * The extractor's supporting calls for a signed-in user (pair with `mockSignedIn`): modes for
 * `plan`, an estimate (bodies collected in `estimates`), uploads, the examples and generate calls
 * accepted with 202 (recorded in `calls`).
 */
export function extractorHandlers({
  plan = 'plus',
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
    extractorExampleHandler(),
    ...generateHandlers(calls),
  ];
}
