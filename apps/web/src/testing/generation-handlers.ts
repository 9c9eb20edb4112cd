import type { Generation, TemplateItem, TryOnBatch, VideoTemplate } from '@studio/contract';
import {
  GENERATION_TYPES,
  planAccess,
  TOOL_DEFINITIONS,
  type AccessPlan,
} from '@studio/contract/tools';
import { delay, http, HttpResponse, type RequestHandler } from 'msw';
import { vi } from 'vitest';
import { errorResponse } from './server';

/** A stored media URL as the server hands them out. */
export const mediaUrl = (id: string) => `/api/v1/media/${id}`;

export const UPLOADED_URL = mediaUrl('upload_1');
export const UPLOADED_PREVIEW_URL = `${UPLOADED_URL}/preview`;

/** A PNG the upload input accepts (the bytes do not matter to the fake server). */
export function pngFile(name = 'dress.png', size = 1024): File {
  return new File([new Uint8Array(size)], name, { type: 'image/png' });
}

/**
 * jsdom has no object URLs: local previews get predictable `blob:` URLs, and the test can see
 * which ones were released.
 */
export function stubObjectUrls() {
  let next = 0;
  const create = vi.fn(() => {
    next += 1;
    return `blob:local-preview-${String(next)}`;
  });
  const revoke = vi.fn();
  Object.defineProperty(URL, 'createObjectURL', {
    value: create,
    configurable: true,
    writable: true,
  });
  Object.defineProperty(URL, 'revokeObjectURL', {
    value: revoke,
    configurable: true,
    writable: true,
  });
  return { create, revoke };
}

/** A promise the test settles when it chooses (to hold a fake answer back). */
export function deferred() {
  let release = () => {
    // Replaced below: the executor runs synchronously.
  };
  const promise = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

// --- Uploads ---------------------------------------------------------------------------------

/** `POST /uploads` answering with one stored image; `until` holds the answer back. */
export function uploadHandler({
  url = UPLOADED_URL,
  previewUrl = UPLOADED_PREVIEW_URL,
  until,
  body,
}: { url?: string; previewUrl?: string; until?: Promise<unknown>; body?: unknown } = {}) {
  return http.post('/api/v1/uploads', async () => {
    if (until) await until;
    return HttpResponse.json(
      body ?? {
        success: true,
        uploaded: [
          {
            id: 'upload_1',
            url,
            thumbnailUrl: `${url}/thumbnail`,
            previewUrl,
            contentType: 'image/png',
            width: 800,
            height: 1200,
            bytes: 1024,
            thumbhash: 'AAAA',
          },
        ],
        urls: [url],
        url,
      },
    );
  });
}

export function uploadFailureHandler(
  status = 415,
  code = 'unsupported_image',
  message = 'This file is not a PNG, JPEG or WebP image.',
) {
  return http.post('/api/v1/uploads', () => errorResponse(status, code, message));
}

// --- Catalogue, modes, estimate -----------------------------------------------------------------

/** The four seeded try-on templates (durations 5, 5, 10, 10). */
export const videoTemplates: VideoTemplate[] = [1, 2, 3, 4].map((id) => ({
  videoId: String(id),
  videoUrl: mediaUrl(`template_video_${String(id)}`),
  thumbnailUrl: mediaUrl(`template_thumb_${String(id)}`),
  duration: id <= 2 ? 5 : 10,
  type: 'tryon',
}));

/** `POST /video/templates`; `calls` counts the requests. */
export function videoTemplatesHandler(
  templates: VideoTemplate[] = videoTemplates,
  calls: { count: number } = { count: 0 },
) {
  return http.post('/api/v1/video/templates', () => {
    calls.count += 1;
    return HttpResponse.json({
      success: true,
      videoTemplates: templates,
      message: 'Video templates loaded',
    });
  });
}

export function videoTemplatesFailureHandler(status = 500) {
  return http.post('/api/v1/video/templates', () =>
    errorResponse(status, 'internal_error', 'Something went wrong.'),
  );
}

/** Three model templates as `GET /templates` lists them (one outside the General category). */
export const modelTemplateFixtures: TemplateItem[] = [
  ['1', 'Ava', 'General', 'Studio portrait, neutral backdrop'],
  ['2', 'Noah', 'General', 'Full-length, soft daylight'],
  ['3', 'Mia', 'Streetwear', 'Urban street, late afternoon'],
].map(([templateId = '', templateName = '', category = '', templateDescription = '']) => ({
  templateId,
  templateName,
  templateUrl: mediaUrl(`template_${templateId}`),
  templateDescription,
  category,
  prompt: `${templateName}, ${templateDescription.toLowerCase()}`,
}));

/** `GET /templates` answering with `templates`. */
export function modelTemplatesHandler(templates: TemplateItem[] = modelTemplateFixtures) {
  return http.get('/api/v1/templates', () => HttpResponse.json(templates));
}

export function modelTemplatesFailureHandler(status = 500) {
  return http.get('/api/v1/templates', () =>
    errorResponse(status, 'internal_error', 'Something went wrong.'),
  );
}

/** `GET /modes` as the server answers for `plan` (the contract's own plan rules). */
export function modesBody(plan: AccessPlan) {
  return { success: true, ...planAccess(plan) };
}

export function modesHandler(plan: AccessPlan = 'free') {
  return http.get('/api/v1/modes', () => HttpResponse.json(modesBody(plan)));
}

/**
 * `POST /credits/estimate` with a fixed price and balance; `requests` collects the bodies and
 * `until` holds the answer back.
 */
export function estimateHandler(
  {
    creditCost = 1,
    available = 12,
    until,
  }: { creditCost?: number; available?: number; until?: Promise<unknown> } = {},
  requests: Record<string, unknown>[] = [],
) {
  return http.post('/api/v1/credits/estimate', async ({ request }) => {
    requests.push((await request.json()) as Record<string, unknown>);
    if (until) await until;
    return HttpResponse.json({
      success: true,
      creditCost,
      available,
      canAfford: available >= creditCost,
      message: `This costs ${String(creditCost)} credits.`,
    });
  });
}

// --- Generations -------------------------------------------------------------------------------

export const GENERATION_ID = 'gen_1';

export function generationFixture(overrides: Partial<Generation> = {}): Generation {
  const status = overrides.status ?? 'queued';
  const active = status === 'queued' || status === 'running';
  return {
    id: GENERATION_ID,
    type: 'upscaler',
    status: 'queued',
    progress: 0,
    queuePosition: 1,
    // The stage follows the status; no estimate unless a test gives one (ADR 049), so the bar
    // shows `progress` as it did before the server sent estimates.
    stage: active ? status : null,
    expectedMs: null,
    elapsedMs: null,
    creditCost: 1,
    prompt: 'Upscale 2x',
    imageUrls: [],
    videoUrls: [],
    inputImageUrls: [UPLOADED_URL],
    previewNote: null,
    error: null,
    cancelRequested: false,
    createdAt: '2026-11-21T10:00:00.000Z',
    startedAt: null,
    finishedAt: null,
    fidelity: null,
    credentials: null,
    views: null,
    ...overrides,
  };
}

export interface RecordedGenerate {
  path: string;
  body: Record<string, unknown>;
  idempotencyKey: string | null;
}

/** Every tool's generate call, from the contract's tool list. */
const GENERATE_PATHS = GENERATION_TYPES.map((type) => TOOL_DEFINITIONS[type].path);

/** The three canvas generate calls, accepted with 202; each call is recorded in `calls`. */
export function generateHandlers(
  calls: RecordedGenerate[],
  { generationId = GENERATION_ID }: { generationId?: string } = {},
): RequestHandler[] {
  return GENERATE_PATHS.map((path) =>
    http.post(`/api/v1${path}`, async ({ request }) => {
      calls.push({
        path,
        body: (await request.json()) as Record<string, unknown>,
        idempotencyKey: request.headers.get('idempotency-key'),
      });
      return HttpResponse.json({ success: true, generationId, status: 'queued' }, { status: 202 });
    }),
  );
}

/**
 * Generate calls refused with the server's error body (402, 403, 429…); each call is recorded
 * in `calls` when given.
 */
export function generateFailureHandlers(
  status: number,
  code: string,
  message: string,
  details?: unknown,
  calls?: RecordedGenerate[],
): RequestHandler[] {
  return GENERATE_PATHS.map((path) =>
    http.post(`/api/v1${path}`, async ({ request }) => {
      calls?.push({
        path,
        body: (await request.json()) as Record<string, unknown>,
        idempotencyKey: request.headers.get('idempotency-key'),
      });
      return HttpResponse.json({ success: false, error: { code, message, details } }, { status });
    }),
  );
}

/** Generate calls that never reach the server (the connection drops); recorded in `calls`. */
export function generateNetworkErrorHandlers(calls: RecordedGenerate[]): RequestHandler[] {
  return GENERATE_PATHS.map((path) =>
    http.post(`/api/v1${path}`, async ({ request }) => {
      calls.push({
        path,
        body: (await request.json()) as Record<string, unknown>,
        idempotencyKey: request.headers.get('idempotency-key'),
      });
      return HttpResponse.error();
    }),
  );
}

/** A poll answer the client cannot read (a proxy's page, a broken deploy). */
export const MALFORMED_ANSWER = 'malformed';

/**
 * `GET /generations/:id` answering the states in turn, then the last one for good;
 * `MALFORMED_ANSWER` answers with a body that is not a generation. `calls` counts the polls.
 */
export function generationSequence(
  states: (Generation | typeof MALFORMED_ANSWER)[],
  calls: { count: number } = { count: 0 },
) {
  let index = 0;
  return http.get('/api/v1/generations/:id', () => {
    const state = states[Math.min(index, states.length - 1)];
    index += 1;
    calls.count += 1;
    if (state === MALFORMED_ANSWER) {
      return HttpResponse.json({ success: true, generation: { id: GENERATION_ID } });
    }
    return HttpResponse.json({ success: true, generation: state });
  });
}

export function cancelHandler(generation: Generation) {
  return http.post('/api/v1/generations/:id/cancel', () =>
    HttpResponse.json({ success: true, generation }),
  );
}

/** `POST /video/prompt`: a written prompt, or the server's failure; `until` holds it back. */
export function videoPromptHandler(
  prompt = 'turning slowly to show the dress',
  until?: Promise<unknown>,
) {
  return http.post('/api/v1/video/prompt', async () => {
    if (until) await until;
    return HttpResponse.json({
      success: true,
      prompt,
      message: 'Prompt generated',
      preview: false,
    });
  });
}

export function videoPromptFailureHandler(
  message = 'Failed to generate prompt: the writer failed',
  until?: Promise<unknown>,
) {
  return http.post('/api/v1/video/prompt', async () => {
    await delay(10);
    if (until) await until;
    return errorResponse(502, 'generation_failed', message);
  });
}

/**
 * The canvas editor's supporting calls for a signed-in user: templates, modes for `plan` and
 * an estimate. Pair with `mockSignedIn` (session, credits, subscription).
 */
export function canvasHandlers({
  plan = 'free',
  estimate,
}: {
  plan?: AccessPlan;
  estimate?: { creditCost?: number; available?: number };
} = {}): RequestHandler[] {
  return [videoTemplatesHandler(), modesHandler(plan), estimateHandler(estimate)];
}

/**
 * `GET /try-on/batches/latest`: the user's most recent catalogue, or none (the default below).
 */
export function latestCatalogueHandler(batch: TryOnBatch | null = null): RequestHandler {
  return http.get('/api/v1/try-on/batches/latest', () =>
    HttpResponse.json({ success: true, batch }),
  );
}

/**
 * Defaults for the shared test server (like `billingHandlers`), so pages that render the canvas
 * editor or other tools (model templates included) without setting up their calls (shell and
 * route tests) get quiet answers.
 */
export const generationHandlers: RequestHandler[] = [
  ...canvasHandlers(),
  modelTemplatesHandler(),
  // The result viewer reads a result's size from a HEAD request (no body).
  http.head(
    '/api/v1/media/:id',
    () => new HttpResponse(null, { headers: { 'content-length': '250880' } }),
  ),
  // /try-on asks for the latest catalogue when it opens without one: none by default.
  latestCatalogueHandler(),
];

// --- One tool screen's calls ---------------------------------------------------------------------

/**
 * A tool's bundled example files (`/examples/<tool>/*.jpg`), served as a few JPEG-typed bytes so
 * choosing an example can fetch and upload it.
 */
export function toolExampleHandler(tool: string) {
  return http.get(`/examples/${tool}/:file`, () =>
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

export interface ToolHandlerOptions {
  plan?: AccessPlan;
  estimate?: { creditCost?: number; available?: number };
  estimates?: Record<string, unknown>[];
  calls?: RecordedGenerate[];
}

/**
 * One tool screen's supporting calls for a signed-in user (pair with `mockSignedIn`): modes for
 * `plan`, an estimate (bodies collected in `estimates`), uploads, the tool's examples and generate
 * calls accepted with 202 (recorded in `calls`).
 */
export function toolHandlers(
  tool: string,
  { plan = 'free', estimate, estimates, calls = [] }: ToolHandlerOptions = {},
): RequestHandler[] {
  return [
    modesHandler(plan),
    estimateHandler(estimate, estimates),
    uploadHandler(),
    toolExampleHandler(tool),
    ...generateHandlers(calls),
  ];
}
