// Simulated users of the studio, shared by the scale-out and soak benches (issue 19): each signs
// up, buys a plan on the sandbox checkout, uploads a photo, then until the end of the run mixes
// gallery and credit-history reads, uploads, sandbox top-ups (some failed or cancelled on
// purpose) and, now and then, a generation on the local engine, polled until it ends. Every tool
// runs at least once (user i starts with tool i); video is capped because it is the heaviest.
//
// Users are spread over the API processes given; a connection error or a 5xx (a killed API
// process, a PostgreSQL restart) is retried, bounded, on the next API process, and counted. A
// generate call carries an Idempotency-Key kept across its retries, so a retry never starts a
// second generation. Everything each attempt saw is kept: latencies and statuses per call kind,
// the generations accepted and how they ended, the orders paid, the gallery loads answered (each
// one is a page view the server must store), and when each attempt was sent and answered (the
// shutdown check asks which requests were in flight when the signal went).
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { GENERATION_TYPES, TOOL_DEFINITIONS, type GenerationType } from '@studio/contract/tools';
import sharp from 'sharp';
import { Agent, request } from 'undici';

export const CALL_KINDS = [
  'sign-up',
  'session',
  'templates',
  'upload',
  'pay-link',
  'pay-complete',
  'generate',
  'poll',
  'gallery',
  'history',
] as const;
export type CallKind = (typeof CALL_KINDS)[number];

export interface MixOptions {
  /** API base URLs (`http://127.0.0.1:port`); user i starts on api i mod n. */
  apis: string[];
  /** The Origin the server trusts (its PUBLIC_URL). */
  origin: string;
  users: number;
  durationMs: number;
  /** Makes the e-mail addresses unique per run. */
  runId: string;
  /** Spread of the users' starts, so 50 password hashes do not land at once. */
  rampMs: number;
  /** Pause between one user's calls: uniform in [min, max] ms. */
  thinkMs: [number, number];
  generation: {
    /** Mean pause between one user's generations (after the previous one ended). */
    everyMs: number;
    /** Generations accepted over the whole run, all users together. */
    max: number;
    maxVideos: number;
    /** No new generation in the last part of the run, so the queue drains sooner. */
    quietLastMs: number;
    /**
     * Tools for the generations after each user's first (default: every tool, video capped). A
     * short run on a busy machine keeps to those that run no segmentation model.
     */
    repeatTools?: readonly GenerationType[];
  };
  /** Attempts per call over connection errors and 5xx answers. */
  maxAttempts: number;
  seed: number;
}

export interface Attempt {
  kind: CallKind;
  sent: number;
  done: number;
  /** HTTP status, or 0 for a connection error (refused, reset, closed). */
  status: number;
}

export interface MixResult {
  startedAt: number;
  endedAt: number;
  attempts: Attempt[];
  /** Retries after a connection error / after a 5xx answer. */
  connectionErrors: number;
  retried5xx: number;
  /** Calls that used up every attempt without an answer other than a 5xx or an error. */
  gaveUp: Record<string, number>;
  /** Generations the API accepted (an answer with their id), and how each ended when polled. */
  accepted: Map<string, { tool: GenerationType; userId: string }>;
  ended: Map<string, string>;
  /** Sandbox orders the client completed, with the outcome it asked for. */
  orders: Map<string, { userId: string; serviceType: string; outcome: Outcome }>;
  /** Gallery loads answered 200: each must be a stored page view. */
  galleryViews: number;
  users: { id: string; email: string }[];
}

type Outcome = 'paid' | 'failed' | 'cancelled';

const PASSWORD = 'correct horse battery';
const END_STATES = new Set(['succeeded', 'failed', 'canceled']);

/** A small seeded generator (mulberry32): the same seed gives the same mix. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A photo-like product shot: a coloured garment shape on a plain backdrop (400×500 JPEG). */
export function productPhoto(hue: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="500">
    <rect width="100%" height="100%" fill="#f2f2f2"/>
    <path d="M120 100 L280 100 L312 425 L88 425 Z" fill="hsl(${String(hue)}, 60%, 45%)"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer();
}

interface Template {
  templateId: string;
  templateUrl: string;
}

/**
 * One small request per tool (the shapes of apps/server/test/generation-helpers.ts
 * `toolPayloads`, which cannot be imported outside vitest; plus the upscaler, with one image
 * each where a count is asked, to keep the CPU-bound local engine draining in time). Typed over
 * every generation type: a new tool does not compile here until the bench exercises it.
 */
export function toolPayload(
  tool: GenerationType,
  image: string,
  template: Template,
): Record<string, unknown> {
  const payloads: Record<GenerationType, Record<string, unknown>> = {
    'try-on': { garment: { imageUrl: image }, model: { kind: 'template', ...template } },
    'realistic-try-on': {
      template: [template],
      clothing: { imageUrl: [image] },
      ethnicity: 'indian',
    },
    'ai-designer': { clothImage: image, colorPalette: 'pastel', numImages: 1 },
    'ai-poses': { inputImageUrls: [image], viewType: 'full body view' },
    photoshoot: { inputImageUrls: [image], sceneStyle: 'luxury', numImages: 1 },
    'fashion-extractor': { inputImageUrls: [image] },
    'video-generation': { inputImageUrls: [image], duration: 5, mode: 'performance' },
    upscaler: { imageUrl: image, upscaleFactor: '2x' },
    'background-removal': { imageUrl: image },
    'listing-prepare': { imageUrl: image, marketplace: 'amazon', slot: 'main' },
    // One variant: a set of one is one generation, as the others are.
    colourways: { imageUrl: image, variants: [{ name: 'MIX-NAVY', colour: '#1f3a5f' }] },
    // Every view: the front and detail real, the side and back previews offline (ADR 064).
    'angle-set': { imageUrl: image, category: 'tops' },
  };
  return payloads[tool];
}

function multipart(body: Buffer): { contentType: string; payload: Buffer } {
  const boundary = `----mix${randomBytes(8).toString('hex')}`;
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      body,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

interface Answer {
  status: number;
  json: unknown;
  setCookie: string[];
}

/** The users of one run. `run()` once; `freeze()` stops every new attempt (the shutdown check). */
export class UserMix {
  private readonly agent = new Agent({
    connections: 128,
    keepAliveTimeout: 4_000,
    headersTimeout: 60_000,
    bodyTimeout: 60_000,
  });
  private readonly rand: () => number;
  private frozenAt: number | undefined;
  private deadline = 0;
  private generationsStarted = 0;
  private videosStarted = 0;
  private readonly result: MixResult;
  private templates: Template[] = [];

  constructor(private readonly options: MixOptions) {
    this.rand = random(options.seed);
    this.result = {
      startedAt: 0,
      endedAt: 0,
      attempts: [],
      connectionErrors: 0,
      retried5xx: 0,
      gaveUp: {},
      accepted: new Map(),
      ended: new Map(),
      orders: new Map(),
      galleryViews: 0,
      users: [],
    };
  }

  /** The figures so far (the soak samples them while the run goes on). */
  get figures(): MixResult {
    return this.result;
  }

  /** No attempt starts after this; those in flight finish. Answers the moment it took effect. */
  freeze(): number {
    this.frozenAt ??= performance.now();
    return this.frozenAt;
  }

  private get stopped(): boolean {
    return this.frozenAt !== undefined || performance.now() >= this.deadline;
  }

  async run(): Promise<MixResult> {
    const { options } = this;
    this.result.startedAt = performance.now();
    this.deadline = this.result.startedAt + options.durationMs;
    const photos = await Promise.all(
      Array.from({ length: 8 }, (_, i) => productPhoto((i * 45) % 360)),
    );
    await Promise.all(
      Array.from({ length: options.users }, (_, i) =>
        this.user(i, photos[i % photos.length] ?? Buffer.alloc(0)).catch((error: unknown) => {
          // A user that cannot go on (its setup never answered) stops; the counts say why.
          this.result.gaveUp[`user ${String(i)}`] = 1;
          if (!this.stopped)
            process.stderr.write(`mix: user ${String(i)} stopped: ${String(error)}\n`);
        }),
      ),
    );
    this.result.endedAt = performance.now();
    return this.result;
  }

  async close(): Promise<void> {
    await this.agent.close();
  }

  /**
   * One call with bounded retries: a connection error or a 5xx goes to the next API process after
   * a short pause. Answers undefined when frozen or out of attempts.
   */
  private async call(
    kind: CallKind,
    home: number,
    method: 'GET' | 'POST',
    path: string,
    options: { cookie?: string; json?: unknown; upload?: Buffer; headers?: Record<string, string> },
  ): Promise<Answer | undefined> {
    const { apis, maxAttempts } = this.options;
    let body: string | Buffer | undefined;
    const headers: Record<string, string> = { ...options.headers };
    if (options.cookie) headers.cookie = options.cookie;
    if (method === 'POST') headers.origin = this.options.origin;
    if (options.upload) {
      const form = multipart(options.upload);
      headers['content-type'] = form.contentType;
      body = form.payload;
    } else if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    for (let attempt = 0; attempt < maxAttempts; attempt++) {
      if (this.frozenAt !== undefined) return undefined;
      const base = apis[(home + attempt) % apis.length] ?? '';
      const sent = performance.now();
      try {
        const res = await request(`${base}${path}`, {
          method,
          headers,
          body: body ?? null,
          dispatcher: this.agent,
        });
        const text = await res.body.text();
        const done = performance.now();
        this.result.attempts.push({ kind, sent, done, status: res.statusCode });
        if (res.statusCode >= 500) {
          this.result.retried5xx++;
        } else {
          const setCookie = res.headers['set-cookie'];
          return {
            status: res.statusCode,
            json: text ? (JSON.parse(text) as unknown) : undefined,
            setCookie: Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [],
          };
        }
      } catch {
        this.result.attempts.push({ kind, sent, done: performance.now(), status: 0 });
        this.result.connectionErrors++;
      }
      await sleep(Math.min(1_500, 250 * (attempt + 1)));
    }
    this.result.gaveUp[kind] = (this.result.gaveUp[kind] ?? 0) + 1;
    return undefined;
  }

  private async think(): Promise<void> {
    const [min, max] = this.options.thinkMs;
    await sleep(min + this.rand() * (max - min));
  }

  private async user(index: number, photo: Buffer): Promise<void> {
    const { options } = this;
    const home = index % options.apis.length;
    await sleep((options.rampMs * index) / options.users);
    const email = `mix-${options.runId}-${String(index)}@example.com`;
    const cookie = await this.signUp(home, email);
    const session = await this.call('session', home, 'GET', '/api/v1/session', { cookie });
    const userId = (session?.json as { user?: { id?: string } } | undefined)?.user?.id;
    if (!userId) throw new Error(`no session (${String(session?.status)})`);
    this.result.users.push({ id: userId, email });
    // The plan first: video and the extractor need Pro, and it brings the credits.
    await this.pay(home, cookie, userId, 'pro_monthly', 'paid');
    const image = await this.upload(home, cookie, photo);
    if (!image) throw new Error('no upload answered');
    if (this.templates.length === 0) {
      const res = await this.call('templates', home, 'GET', '/api/v1/templates', { cookie });
      if (res?.status === 200) this.templates = res.json as Template[];
    }

    let active: { id: string; polledAt: number } | undefined;
    // User i opens with tool i, so the first users cover every tool early in the run.
    let nextTool: GenerationType | undefined = GENERATION_TYPES[index];
    let nextGenerationAt = nextTool
      ? 0
      : performance.now() + this.rand() * options.generation.everyMs;
    while (!this.stopped) {
      const now = performance.now();
      if (active && now - active.polledAt >= 2_000) {
        const res = await this.call('poll', home, 'GET', `/api/v1/generations/${active.id}`, {
          cookie,
        });
        const status = (res?.json as { generation?: { status?: string } } | undefined)?.generation
          ?.status;
        if (status && END_STATES.has(status)) {
          this.result.ended.set(active.id, status);
          active = undefined;
          nextGenerationAt = now + (0.5 + this.rand()) * options.generation.everyMs;
        } else {
          active.polledAt = performance.now();
        }
      } else if (!active && now >= nextGenerationAt && this.mayGenerate(now)) {
        const tool = nextTool ?? this.pickTool();
        nextTool = undefined;
        const id = await this.generate(home, cookie, userId, tool, image);
        if (id) active = { id, polledAt: performance.now() };
        else nextGenerationAt = now + options.generation.everyMs;
      } else {
        const roll = this.rand();
        if (roll < 0.45) {
          const res = await this.call('gallery', home, 'POST', '/api/v1/gallery/past-generations', {
            cookie,
            json: { page: 1, limit: 20, type: 'all' },
          });
          if (res?.status === 200) this.result.galleryViews++;
        } else if (roll < 0.85) {
          const which = this.rand() < 0.5 ? 'generation-history' : 'order-history';
          await this.call(
            'history',
            home,
            'GET',
            `/api/v1/credit-transactions/${which}/${userId}`,
            { cookie },
          );
        } else if (roll < 0.93) {
          const outcome: Outcome =
            this.rand() < 0.75 ? 'paid' : this.rand() < 0.5 ? 'failed' : 'cancelled';
          await this.pay(home, cookie, userId, 'topup_monthly', outcome);
        } else {
          await this.upload(home, cookie, photo);
        }
      }
      await this.think();
    }
  }

  private mayGenerate(now: number): boolean {
    const { generation } = this.options;
    return this.generationsStarted < generation.max && now < this.deadline - generation.quietLastMs;
  }

  private pickTool(): GenerationType {
    const { maxVideos, repeatTools = GENERATION_TYPES } = this.options.generation;
    const tools = repeatTools.filter(
      (t) => t !== 'video-generation' || this.videosStarted < maxVideos,
    );
    return tools[Math.floor(this.rand() * tools.length)] ?? 'upscaler';
  }

  private async signUp(home: number, email: string): Promise<string> {
    const answer = (res: Answer | undefined) =>
      res?.status === 200 ? res.setCookie.map((c) => c.split(';')[0]).join('; ') : undefined;
    const res = await this.call('sign-up', home, 'POST', '/api/auth/sign-up/email', {
      json: { name: 'Mix User', email, password: PASSWORD },
    });
    // A sign-up whose answer was lost (its process killed) made the account: sign in instead.
    const cookie =
      answer(res) ??
      answer(
        await this.call('sign-up', home, 'POST', '/api/auth/sign-in/email', {
          json: { email, password: PASSWORD },
        }),
      );
    if (!cookie) throw new Error(`sign-up failed (${String(res?.status)})`);
    return cookie;
  }

  private async upload(home: number, cookie: string, photo: Buffer): Promise<string | undefined> {
    const res = await this.call('upload', home, 'POST', '/api/v1/uploads', {
      cookie,
      upload: photo,
    });
    return res?.status === 200 ? (res.json as { url: string }).url : undefined;
  }

  private async pay(
    home: number,
    cookie: string,
    userId: string,
    serviceType: string,
    outcome: Outcome,
  ): Promise<void> {
    const link = await this.call('pay-link', home, 'POST', '/api/v1/generate-payment-link-inr', {
      cookie,
      json: { service_type: serviceType, amount: 0, quantity: 1 },
    });
    const orderId = (link?.json as { orderId?: string } | undefined)?.orderId;
    if (link?.status !== 200 || !orderId) return;
    const done = await this.call(
      'pay-complete',
      home,
      'POST',
      '/api/v1/payments/sandbox/complete',
      {
        cookie,
        json: { orderId, outcome },
      },
    );
    // A retried Pay whose first try went through answers 409 (already completed): same order.
    if (done?.status === 200 || done?.status === 409)
      this.result.orders.set(orderId, { userId, serviceType, outcome });
  }

  private async generate(
    home: number,
    cookie: string,
    userId: string,
    tool: GenerationType,
    image: string,
  ): Promise<string | undefined> {
    const template = this.templates[0] ?? { templateId: '', templateUrl: '' };
    this.generationsStarted++;
    if (tool === 'video-generation') this.videosStarted++;
    const res = await this.call('generate', home, 'POST', `/api/v1${TOOL_DEFINITIONS[tool].path}`, {
      cookie,
      json: toolPayload(tool, image, template),
      // Kept across retries: a retry after a lost answer finds the same generation.
      headers: { 'idempotency-key': `mix-${randomBytes(12).toString('hex')}` },
    });
    // A colourway set answers its variants' generations (one here); every other tool its own id.
    const answer = res?.json as
      { generationId?: string; generations?: { generationId?: string }[] } | undefined;
    const id = answer?.generationId ?? answer?.generations?.[0]?.generationId;
    if (!id || (res?.status !== 202 && res?.status !== 200)) return undefined;
    this.result.accepted.set(id, { tool, userId });
    return id;
  }
}

/** Attempts answered per status (`0` stands for connection errors), optionally in a time range. */
export function statusCounts(
  attempts: Attempt[],
  range: { from?: number; to?: number } = {},
): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const a of attempts) {
    if (range.from !== undefined && a.sent < range.from) continue;
    if (range.to !== undefined && a.sent >= range.to) continue;
    const key = a.status === 0 ? 'conn-error' : String(a.status);
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

/** Latencies (ms) of answered attempts per call kind. */
export function latenciesByKind(attempts: Attempt[]): Record<string, number[]> {
  const byKind: Record<string, number[]> = {};
  for (const a of attempts) if (a.status !== 0) (byKind[a.kind] ??= []).push(a.done - a.sent);
  return byKind;
}
