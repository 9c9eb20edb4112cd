import { createHash, generateKeyPairSync, randomUUID, sign, type KeyObject } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { z } from 'zod';

/**
 * A local stand-in for fal's queue API (queue.fal.run) so provider tests never leave loopback.
 * It speaks the real protocol: submit at the full model id, then status / result / cancel under
 * the first two segments of that id (`fal-ai/kling-video/v2.1/…` → `fal-ai/kling-video`),
 * `Authorization: Key <key>`, 202 while queued or running and 200 once COMPLETED, and a failed run
 * that still says COMPLETED and only shows its failure when the result is read (422 or 500).
 *
 * Choices where fal's behaviour is not pinned down by its docs:
 * - an expired result answers 410 `{detail}`; an unknown request id answers 404;
 * - reading the result before COMPLETED answers 400 `{detail:'Request is still in progress'}`;
 * - a cancelled request reports COMPLETED from then on and its result answers 400
 *   `{detail:'Request was cancelled'}`; cancelling a completed one answers 400 ALREADY_COMPLETED.
 *   fal only signals a running request to stop; `ignoresCancel` plays a model that finishes anyway.
 * Output files are served without auth at `/files/<name>`, as fal's CDN serves them.
 * Webhooks (ADR 035): the fake's ED25519 key set is served at `/.well-known/jwks.json` (its
 * `jwksUrl`), and `signWebhook` signs a body the way fal's docs describe, for the test to post.
 * A scripted `FakeFalAnswer` plays any documented failure (see `requestError` and `modelError`).
 * The default models' inputs are checked against their documented schemas (`MODEL_INPUTS`).
 */

/** One HTTP answer the fake gives verbatim: status, extra headers and a JSON body. */
export interface FakeFalAnswer {
  status: number;
  headers?: Record<string, string>;
  body: unknown;
}

/**
 * fal's request error (docs: "Request Error Types"): `{detail, error_type}` with the same type in
 * `X-Fal-Error-Type`, and `X-Fal-Retryable` when given.
 */
export function requestError(
  status: number,
  errorType: string,
  options: { retryable?: boolean; inBody?: boolean; inHeader?: boolean } = {},
): FakeFalAnswer {
  const { retryable, inBody = true, inHeader = true } = options;
  return {
    status,
    headers: {
      ...(inHeader ? { 'x-fal-error-type': errorType } : {}),
      ...(retryable === undefined ? {} : { 'x-fal-retryable': String(retryable) }),
    },
    body: inBody
      ? { detail: 'Request failed', error_type: errorType }
      : { detail: 'Request failed' },
  };
}

/** fal's model error (docs: "Model Errors"): `{detail: [{loc, msg, type, url}]}`. */
export function modelError(
  status: number,
  type: string,
  msg: string,
  options: { retryable?: boolean } = {},
): FakeFalAnswer {
  return {
    status,
    headers:
      options.retryable === undefined ? {} : { 'x-fal-retryable': String(options.retryable) },
    body: {
      detail: [
        { loc: ['body', 'image_url'], msg, type, url: `https://docs.fal.ai/errors#${type}` },
      ],
    },
  };
}

export interface FakeFalScript {
  /** Status polls answering IN_QUEUE, with queue_position counting down to 0. */
  queueSteps: number;
  /** Status polls answering IN_PROGRESS after the queue steps. */
  progressSteps: number;
  /** How the result read ends: the model output, a canned failure, or any scripted answer. */
  outcome: 'ok' | '422' | '500' | 'expired' | FakeFalAnswer;
  /** Replaces the model output the fake would make up for this model id. */
  output?: unknown;
  /** A cancel of a running request is acknowledged (202) but the run ends with its outcome. */
  ignoresCancel?: boolean;
  /** Seconds a COMPLETED status reports in `metrics.inference_time`; null leaves metrics out. */
  inferenceSeconds: number | null;
}

export type FakeFalCallKind = 'submit' | 'status' | 'result' | 'cancel';

export interface FakeFalCall {
  kind: FakeFalCallKind;
  /** The path's app (`owner/alias`) for status/result/cancel, the full model id for submit. */
  appId: string;
  requestId: string;
  httpStatus: number;
}

export interface FakeFal {
  url: string;
  /**
   * `webhookUrl`: the `fal_webhook` query parameter the submission named, or null; `startTimeout`:
   * its `X-Fal-Request-Timeout` (seconds fal waits for a runner to start it), or null.
   */
  submissions: {
    modelId: string;
    input: unknown;
    requestId: string;
    webhookUrl: string | null;
    startTimeout: number | null;
  }[];
  calls: FakeFalCall[];
  /** The Authorization header of every queue call, in order ('' when missing). */
  authorizations: string[];
  setDefaultScript(script: Partial<FakeFalScript>): void;
  setModelScript(modelId: string, script: Partial<FakeFalScript>): void;
  /** Changes the script of a submitted request; its poll count is kept. */
  setRequestScript(requestId: string, script: Partial<FakeFalScript>): void;
  /**
   * The next `times` calls of that kind answer `httpStatus` with a JSON detail (or the given
   * headers and body), before anything else.
   */
  failNext(
    kind: FakeFalCallKind,
    httpStatus: number,
    times?: number,
    answer?: Omit<FakeFalAnswer, 'status'>,
  ): void;
  fileUrl(name: string): string;
  /** Where the fake serves its webhook key set, and how many times it was fetched. */
  jwksUrl: string;
  jwksFetches: number;
  /**
   * The next submission is accepted (fal has the work and will run it) but its answer never
   * arrives: held until `lose()`, then the connection is cut, as when a worker dies or the network
   * drops between fal's accepting a request and our reading its id.
   */
  holdNextSubmitAnswer(): { accepted: Promise<string>; lose(): void };
  /** Signs with a new key, and the key set names it instead of the old one: a rotation at fal. */
  rotateWebhookKey(): void;
  /**
   * fal's webhook headers for this body: the signed message is
   * `<request id>\n<user id>\n<timestamp>\n<hex SHA-256 of the body>`, ED25519, hex.
   */
  signWebhook(
    requestId: string,
    body: string,
    options?: { timestamp?: number; key?: KeyObject; userId?: string },
  ): Record<string, string>;
  close(): Promise<void>;
}

/** The fal account the fake's webhooks are signed for (FAL_USER_ID of the tests that check it). */
export const FAKE_FAL_USER_ID = 'fake-fal-user';

/**
 * An app on the fake with fal's webhooks on, although its PUBLIC_URL is loopback (the tests post
 * the webhooks themselves), and the fallback poll ten minutes away: a job finishes only when a
 * webhook for it is posted.
 */
export function webhookAppEnv(fake: FakeFal, apiKey: string): Record<string, string> {
  return {
    GENERATION_PROVIDER: 'fal',
    FAL_KEY: apiKey,
    FAL_BASE_URL: fake.url,
    FAL_WEBHOOKS: 'on',
    FAL_WEBHOOK_POLL_INTERVAL_MS: String(10 * 60_000),
    FAL_JWKS_URL: fake.jwksUrl,
    FAL_USER_ID: FAKE_FAL_USER_ID,
  };
}

interface QueuedRequest {
  modelId: string;
  appId: string;
  input: unknown;
  script: FakeFalScript;
  polls: number;
  cancelled: boolean;
  /** The file a `render` made for this request; false while it is still being made. */
  file?: string | false;
}

/**
 * Makes a request's output image from its input (the e2e journeys' fake fal recolours the garment
 * it was sent); null keeps the fake's stock image.
 */
export type FakeFalRender = (modelId: string, input: unknown) => Promise<Buffer | null>;

const numImagesSchema = z.object({ num_images: z.number().int().min(1).max(8) });

const url = z.string().min(1);
const count = (max: number) => z.number().int().min(1).max(max).optional();
const ASPECT_RATIOS = ['21:9', '16:9', '4:3', '3:2', '1:1', '2:3', '3:4', '9:16', '9:21'] as const;
const kontext = {
  prompt: z.string().min(1),
  aspect_ratio: z.enum(ASPECT_RATIOS).optional(),
  num_images: count(4),
  output_format: z.enum(['jpeg', 'png']).optional(),
  seed: z.number().int().optional(),
  guidance_scale: z.number().min(1).max(20).optional(),
  safety_tolerance: z.enum(['1', '2', '3', '4', '5', '6']).optional(),
  enhance_prompt: z.boolean().optional(),
  sync_mode: z.boolean().optional(),
};
/**
 * The input schemas of the default models, field by field as fal's model pages give them (ADR
 * 034): a submission that does not fit answers 422 as fal's validation does, so a mapping that
 * sends a field the model does not have, or a value it does not take, fails in tests. Other model
 * ids (a test's own) are accepted as they come.
 */
const MODEL_INPUTS: Record<string, z.ZodType> = {
  'fal-ai/fashn/tryon/v1.6': z.strictObject({
    model_image: url,
    garment_image: url,
    category: z.enum(['tops', 'bottoms', 'one-pieces', 'auto']).optional(),
    mode: z.enum(['performance', 'balanced', 'quality']).optional(),
    garment_photo_type: z.enum(['auto', 'model', 'flat-lay']).optional(),
    moderation_level: z.enum(['conservative', 'permissive', 'none']).optional(),
    num_samples: count(4),
    segmentation_free: z.boolean().optional(),
    seed: z.number().int().optional(),
    output_format: z.enum(['png', 'jpeg']).optional(),
  }),
  'fal-ai/nano-banana-pro/edit': z.strictObject({
    prompt: z.string().min(1),
    image_urls: z.array(url).min(1),
    num_images: count(4),
    aspect_ratio: z
      .enum(['auto', '21:9', '16:9', '3:2', '4:3', '5:4', '1:1', '4:5', '3:4', '2:3', '9:16'])
      .optional(),
    resolution: z.enum(['1K', '2K', '4K']).optional(),
    output_format: z.enum(['jpeg', 'png', 'webp']).optional(),
    seed: z.number().int().optional(),
    // "1" the most strict, "6" the least; fal's default "4" (model page, read 2026-11-28).
    safety_tolerance: z.enum(['1', '2', '3', '4', '5', '6']).optional(),
  }),
  // fal.ai/models/fal-ai/nano-banana-2/edit/llms.txt (read 2026-11-29).
  'fal-ai/nano-banana-2/edit': z.strictObject({
    prompt: z.string().min(1),
    image_urls: z.array(url).min(1),
    num_images: count(4),
    seed: z.number().int().optional(),
    aspect_ratio: z
      .enum([
        'auto',
        '21:9',
        '16:9',
        '3:2',
        '4:3',
        '5:4',
        '1:1',
        '4:5',
        '3:4',
        '2:3',
        '9:16',
        '4:1',
        '1:4',
        '8:1',
        '1:8',
      ])
      .optional(),
    output_format: z.enum(['jpeg', 'png', 'webp']).optional(),
    safety_tolerance: z.enum(['1', '2', '3', '4', '5', '6']).optional(),
    sync_mode: z.boolean().optional(),
    resolution: z.enum(['0.5K', '1K', '2K', '4K']).optional(),
    limit_generations: z.boolean().optional(),
    enable_web_search: z.boolean().optional(),
    thinking_level: z.enum(['minimal', 'high']).optional(),
  }),
  'fal-ai/flux-pro/kontext': z.strictObject({ ...kontext, image_url: url }),
  'fal-ai/flux-pro/kontext/multi': z.strictObject({ ...kontext, image_urls: z.array(url).min(1) }),
  // Kontext [max] takes [pro]'s fields (fal's model pages for kontext/max and kontext/max/multi).
  'fal-ai/flux-pro/kontext/max': z.strictObject({ ...kontext, image_url: url }),
  'fal-ai/flux-pro/kontext/max/multi': z.strictObject({
    ...kontext,
    image_urls: z.array(url).min(1),
  }),
  'fal-ai/topaz/upscale/image': z.strictObject({
    image_url: url,
    model: z
      .enum([
        'Low Resolution V2',
        'Standard V2',
        'CGI',
        'High Fidelity V2',
        'Text Refine',
        'Recovery',
        'Redefine',
        'Recovery V2',
      ])
      .optional(),
    upscale_factor: z.number().min(1).max(4).optional(),
    crop_to_fill: z.boolean().optional(),
    output_format: z.enum(['jpeg', 'png']).optional(),
    subject_detection: z.enum(['All', 'Foreground', 'Background']).optional(),
    face_enhancement: z.boolean().optional(),
    face_enhancement_creativity: z.number().min(0).max(1).optional(),
    face_enhancement_strength: z.number().min(0).max(1).optional(),
  }),
  'fal-ai/seedvr/upscale/image': z.strictObject({
    image_url: url,
    upscale_mode: z.enum(['target', 'factor']).optional(),
    upscale_factor: z.number().min(1).optional(),
    target_resolution: z.enum(['720p', '1080p', '1440p', '2160p']).optional(),
    seed: z.number().int().optional(),
    noise_scale: z.number().optional(),
    output_format: z.enum(['png', 'jpg', 'webp']).optional(),
  }),
  'fal-ai/birefnet/v2': z.strictObject({
    image_url: url,
    model: z
      .enum([
        'General Use (Light)',
        'General Use (Light 2K)',
        'General Use (Heavy)',
        'Matting',
        'Portrait',
        'General Use (Dynamic)',
      ])
      .optional(),
    operating_resolution: z.enum(['1024x1024', '2048x2048']).optional(),
    output_mask: z.boolean().optional(),
    refine_foreground: z.boolean().optional(),
    output_format: z.enum(['webp', 'png', 'gif']).optional(),
  }),
  'fal-ai/bytedance/seedance/v1/pro/image-to-video': z.strictObject({
    prompt: z.string().min(1),
    image_url: url,
    aspect_ratio: z.enum(['21:9', '16:9', '4:3', '1:1', '3:4', '9:16', 'auto']).optional(),
    resolution: z.enum(['480p', '720p', '1080p']).optional(),
    duration: z.enum(['2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12']).optional(),
    camera_fixed: z.boolean().optional(),
    seed: z.number().int().optional(),
    enable_safety_checker: z.boolean().optional(),
    end_image_url: url.optional(),
  }),
};
/** fal's start timeout header: seconds, above 0.1 (fal docs, "Platform Headers"). */
function startTimeoutOf(header: string | string[] | undefined): number | null {
  if (typeof header !== 'string') return null;
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds > 0.1 ? seconds : null;
}

const numSamplesSchema = z.object({ num_samples: z.number().int().min(1).max(4) });
/** The 422 detail message of a failed run, exported so tests can expect it. */
export const NO_PERSON = 'The image could not be processed: no person was detected';

export async function startFakeFal(options: {
  apiKey: string;
  /** Listens here instead of on a free port (a fake fal process the e2e server is pointed at). */
  port?: number;
  render?: FakeFalRender;
}): Promise<FakeFal> {
  const png = await sharp({
    create: { width: 8, height: 8, channels: 3, background: { r: 200, g: 40, b: 40 } },
  })
    .png()
    .toBuffer();
  // Not a playable video: the runner only copies bytes, and the content type is what matters here.
  const mp4 = Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex');
  const files = new Map<string, { data: Buffer; type: string }>([
    ['output.png', { data: png, type: 'image/png' }],
    ['output.mp4', { data: mp4, type: 'video/mp4' }],
  ]);

  let defaultScript: FakeFalScript = {
    queueSteps: 0,
    progressSteps: 0,
    outcome: 'ok',
    inferenceSeconds: 0.25,
  };
  const modelScripts = new Map<string, Partial<FakeFalScript>>();
  const requests = new Map<string, QueuedRequest>();
  const failures: { kind: FakeFalCallKind; answer: FakeFalAnswer }[] = [];
  const heldSubmits: { accept(id: string): void; lost: Promise<void> }[] = [];
  let origin = '';
  let webhookKey = generateKeyPairSync('ed25519');
  const fake: Omit<FakeFal, 'url' | 'close' | 'jwksUrl'> = {
    submissions: [],
    calls: [],
    authorizations: [],
    setDefaultScript: (script) => (defaultScript = { ...defaultScript, ...script }),
    setModelScript: (modelId, script) => modelScripts.set(modelId, script),
    setRequestScript: (requestId, script) => {
      const request = requests.get(requestId);
      if (!request) throw new Error(`fake fal: no request ${requestId}`);
      request.script = { ...request.script, ...script };
    },
    failNext: (kind, httpStatus, times = 1, answer) => {
      const scripted: FakeFalAnswer = {
        status: httpStatus,
        headers: answer?.headers ?? {},
        body: answer ? answer.body : { detail: 'Service temporarily unavailable' },
      };
      for (let i = 0; i < times; i++) failures.push({ kind, answer: scripted });
    },
    fileUrl: (name) => `${origin}/files/${name}`,
    jwksFetches: 0,
    holdNextSubmitAnswer: () => {
      let accept: (id: string) => void = () => undefined;
      let lose: () => void = () => undefined;
      const accepted = new Promise<string>((resolve) => {
        accept = resolve;
      });
      const lost = new Promise<void>((resolve) => {
        lose = resolve;
      });
      heldSubmits.push({ accept, lost });
      return { accepted, lose };
    },
    rotateWebhookKey: () => {
      webhookKey = generateKeyPairSync('ed25519');
    },
    signWebhook: (requestId, body, options = {}) => {
      const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
      const digest = createHash('sha256').update(body).digest('hex');
      const userId = options.userId ?? FAKE_FAL_USER_ID;
      const message = [requestId, userId, timestamp, digest].join('\n');
      const key = options.key ?? webhookKey.privateKey;
      return {
        'content-type': 'application/json',
        'x-fal-webhook-request-id': requestId,
        'x-fal-webhook-user-id': userId,
        'x-fal-webhook-timestamp': timestamp,
        'x-fal-webhook-signature': sign(null, Buffer.from(message), key).toString('hex'),
      };
    },
  };

  // Shapes of the real models' outputs, told apart by id (the fake's only model "registry").
  const outputFor = (modelId: string, input: unknown, file = 'output.png'): unknown => {
    const image = () => ({ url: fake.fileUrl(file), content_type: 'image/png' });
    if (/video/.test(modelId)) {
      return { video: { url: fake.fileUrl('output.mp4'), content_type: 'video/mp4' } };
    }
    if (/vision|moondream|llm/.test(modelId)) {
      return { output: 'The model turns slowly towards the camera as the dress sways.' };
    }
    if (/fashn/.test(modelId)) {
      // FASHN answers `num_samples` images, without a safety flag list.
      const parsed = numSamplesSchema.safeParse(input);
      return {
        images: Array.from({ length: parsed.success ? parsed.data.num_samples : 1 }, image),
      };
    }
    if (/kontext|flux|nano-banana/.test(modelId)) {
      const parsed = numImagesSchema.safeParse(input);
      const count = parsed.success ? parsed.data.num_images : 1;
      const images = Array.from({ length: count }, image);
      return { images, has_nsfw_concepts: images.map(() => false), seed: 42 };
    }
    return { image: image() };
  };
  const resultFailures: Record<'422' | '500' | 'expired', [number, unknown]> = {
    '422': [422, { detail: [{ loc: ['body', 'image_url'], msg: NO_PERSON, type: 'value_error' }] }],
    '500': [500, { detail: 'Internal server error' }],
    expired: [410, { detail: 'Request result has expired' }],
  };
  const urls = (app: string, id: string) => {
    const base = `${origin}/${app}/requests/${id}`;
    return {
      request_id: id,
      response_url: base,
      status_url: `${base}/status`,
      cancel_url: `${base}/cancel`,
    };
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { ...headers, 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      const { pathname, searchParams } = new URL(req.url ?? '/', origin);
      const method = req.method ?? 'GET';

      if (pathname === '/.well-known/jwks.json') {
        fake.jwksFetches += 1;
        // One unrelated key first: fal sends no key id, so every key is tried.
        const other = generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' });
        const current = webhookKey.publicKey.export({ format: 'jwk' });
        send(200, {
          keys: [
            { ...other, kid: 'old' },
            { ...current, kid: 'current' },
          ],
        });
        return;
      }

      if (pathname.startsWith('/files/')) {
        const file = files.get(pathname.slice('/files/'.length));
        if (!file) send(404, { detail: 'Not found' });
        else {
          res.writeHead(200, { 'content-type': file.type, 'content-length': file.data.length });
          res.end(file.data);
        }
        return;
      }

      const match = /^\/([^/]+\/[^/]+)\/requests\/([^/]+)(\/status|\/cancel)?$/.exec(pathname);
      const suffix = match?.[3];
      const kind: FakeFalCallKind = !match
        ? 'submit'
        : suffix === '/status'
          ? 'status'
          : suffix === '/cancel'
            ? 'cancel'
            : 'result';
      const appId = match?.[1] ?? pathname.slice(1);
      const requestId = match?.[2] ?? '';
      const answer = (status: number, payload: unknown, headers?: Record<string, string>) => {
        fake.calls.push({ kind, appId, requestId, httpStatus: status });
        send(status, payload, headers);
      };
      const answerWith = (scripted: FakeFalAnswer) => {
        answer(scripted.status, scripted.body, scripted.headers);
      };
      const authorization = req.headers.authorization ?? '';
      fake.authorizations.push(authorization);
      if (authorization !== `Key ${options.apiKey}`) {
        answer(401, { detail: 'Invalid or missing API key' });
        return;
      }
      const failureIndex = failures.findIndex((f) => f.kind === kind);
      const failure = failureIndex >= 0 ? failures.splice(failureIndex, 1)[0] : undefined;
      if (failure) {
        answerWith(failure.answer);
        return;
      }

      if (kind === 'submit') {
        if (method !== 'POST' || appId.split('/').length < 2) {
          answer(404, { detail: 'Application not found' });
          return;
        }
        let input: unknown;
        try {
          input = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          answer(422, { detail: [{ loc: ['body'], msg: 'Invalid JSON', type: 'value_error' }] });
          return;
        }
        const invalid = MODEL_INPUTS[appId]?.safeParse(input).error?.issues[0];
        if (invalid) {
          const loc = ['body', ...invalid.path.map(String)];
          answer(422, { detail: [{ loc, msg: invalid.message, type: 'value_error' }] });
          return;
        }
        const id = randomUUID();
        const app = appId.split('/').slice(0, 2).join('/');
        const script = { ...defaultScript, ...modelScripts.get(appId) };
        const queued: QueuedRequest = {
          modelId: appId,
          appId: app,
          input,
          script,
          polls: 0,
          cancelled: false,
        };
        requests.set(id, queued);
        const { render } = options;
        if (render) {
          // Running until its image is made, as a real run is.
          queued.file = false;
          void render(appId, input)
            .catch(() => null)
            .then((data) => {
              if (data) files.set(`${id}.png`, { data, type: 'image/png' });
              queued.file = data ? `${id}.png` : undefined;
            });
        }
        fake.submissions.push({
          modelId: appId,
          input,
          requestId: id,
          webhookUrl: searchParams.get('fal_webhook'),
          startTimeout: startTimeoutOf(req.headers['x-fal-request-timeout']),
        });
        const held = heldSubmits.shift();
        if (held) {
          held.accept(id);
          void held.lost.then(() => res.destroy());
          return;
        }
        answer(200, { status: 'IN_QUEUE', queue_position: script.queueSteps, ...urls(app, id) });
        return;
      }

      const request = requests.get(requestId);
      if (!request || request.appId !== appId) {
        answer(404, { detail: 'Request not found' });
        return;
      }
      const { script } = request;
      const steps = script.queueSteps + script.progressSteps;
      const completed = request.cancelled || (request.polls >= steps && request.file !== false);

      if (kind === 'status' && method === 'GET') {
        const poll = request.polls++;
        const links = urls(appId, requestId);
        if (completed) {
          const { inferenceSeconds: seconds } = script;
          const metrics = seconds === null ? {} : { metrics: { inference_time: seconds } };
          answer(200, { status: 'COMPLETED', logs: [], ...metrics, ...links });
        } else if (poll < script.queueSteps) {
          answer(202, {
            status: 'IN_QUEUE',
            queue_position: script.queueSteps - 1 - poll,
            ...links,
          });
        } else {
          const timestamp = new Date().toISOString();
          const log = { message: `step ${poll}`, level: 'INFO', source: 'USER', timestamp };
          answer(202, { status: 'IN_PROGRESS', logs: [log], ...links });
        }
      } else if (kind === 'cancel' && method === 'PUT') {
        if (completed) answer(400, { status: 'ALREADY_COMPLETED' });
        else {
          // A model that ignores the signal runs on; the request ends as its script says.
          if (!script.ignoresCancel) request.cancelled = true;
          answer(202, { status: 'CANCELLATION_REQUESTED' });
        }
      } else if (kind === 'result' && method === 'GET') {
        if (!completed) answer(400, { detail: 'Request is still in progress' });
        else if (request.cancelled) answer(400, { detail: 'Request was cancelled' });
        else if (typeof script.outcome === 'object') answerWith(script.outcome);
        else if (script.outcome !== 'ok') answer(...resultFailures[script.outcome]);
        else {
          const file = request.file === false ? undefined : request.file;
          answer(200, script.output ?? outputFor(request.modelId, request.input, file));
        }
      } else {
        answer(405, { detail: 'Method not allowed' });
      }
    });
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    ...fake,
    get jwksFetches() {
      return fake.jwksFetches;
    },
    url: origin,
    jwksUrl: `${origin}/.well-known/jwks.json`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => {
          if (error) reject(error);
          else resolve();
        });
      }),
  };
}
