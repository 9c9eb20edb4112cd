import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SUPPORT_EMAIL, SUPPORT_HOURS } from '@studio/contract/constants';
import { TOOL_DEFINITIONS } from '@studio/contract/tools';
import { z } from 'zod';
import { API_BASE, gstinSchema, isGstStateCode, type GstStateCode } from '@studio/contract';
import {
  DEFAULT_FAL_PRICES,
  falPriceSchema,
  type FalPriceTable,
} from '../platform/providers/fal/prices';
import { REMOTE_TYPES, type RemoteType } from '../platform/providers/engine-only';
import { isPublicOrigin } from '../platform/providers/fal/public-url';

/** Receipts when nothing is configured (ADR 051): a named, unregistered seller, no tax charged. */
export const UNCONFIGURED_RECEIPTS: ReceiptsConfig = {
  seller: { legalName: 'AI Product Studio', address: '', gstin: undefined, stateCode: undefined },
  gstRatePercent: 18,
  usdTaxRatePercent: 0,
};

/**
 * The only place that reads `process.env`. Everything else receives a typed `Config`.
 * Invalid configuration fails fast at start with one readable message per problem.
 */
const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    ROLE: z.enum(['api', 'worker', 'all']).default('all'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    PUBLIC_URL: z.url().optional(),
    AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    /**
     * The C2PA claim-signing certificate chain (PEM, signing certificate first) and its PKCS#8 EC
     * private key (ADR 058). Unset outside production: a development root and signer are made
     * once under DATA_DIR/c2pa. A literal "\n" in the variable reads as a line break.
     */
    C2PA_SIGN_CERT: z.string().min(1).optional(),
    C2PA_SIGN_KEY: z.string().min(1).optional(),
    /** Bearer token that shows operators the health details (database version, uptime). */
    OPERATOR_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
    /**
     * `GET /metrics` on a port of its own, without the operator token, bound to METRICS_HOST (a
     * private interface; loopback by default): how workers, which serve no HTTP, are scraped (ADR 062).
     */
    METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    METRICS_HOST: z.string().min(1).default('127.0.0.1'),
    WEB_DIST_DIR: z.string().optional(),
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_CLIENT_SECRET: z.string().optional(),
    GOOGLE_DISCOVERY_URL: z
      .url()
      .default('https://accounts.google.com/.well-known/openid-configuration'),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).default('AI Product Studio <no-reply@localhost>'),
    RATE_LIMIT_MULTIPLIER: z.coerce.number().positive().default(1),
    /**
     * Which proxies' X-Forwarded-For to believe: a hop count, or the load balancer's addresses and
     * CIDRs (comma-separated). Unset: none, the socket's address is the client's.
     */
    TRUST_PROXY: z
      .string()
      .trim()
      .optional()
      .transform((value, ctx): Config['trustProxy'] => {
        // Unset or 0: no proxy is trusted.
        const parsed = value === undefined ? 0 : parseTrustProxy(value);
        if (parsed !== null) return parsed === 0 ? false : parsed;
        ctx.addIssue({
          code: 'custom',
          message:
            'must be a hop count (1) or the load balancer addresses/CIDRs (10.0.0.0/8, 192.0.2.7)',
        });
        return z.NEVER;
      }),
    SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(60),
    STRIPE_SECRET_KEY: z
      .string()
      .startsWith('sk_', 'must be a Stripe secret key (sk_…)')
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .startsWith('whsec_', 'must be a Stripe webhook secret (whsec_…)')
      .optional(),
    /** Only for local fakes of the Stripe API (tests, stripe-mock). */
    STRIPE_API_URL: z.url().optional(),
    RAZORPAY_KEY_ID: z.string().optional(),
    RAZORPAY_KEY_SECRET: z.string().optional(),
    RAZORPAY_WEBHOOK_SECRET: z.string().optional(),
    /** Only for local fakes of the Razorpay API. */
    RAZORPAY_API_URL: z.url().optional(),
    PAYMENTS_SANDBOX: z.enum(['true', 'false']).optional(),
    CREDITS_JOB_INTERVAL_SECONDS: z.coerce.number().int().min(1).default(60),
    MEDIA_QUOTA_MB: z.coerce.number().int().min(1).default(2048),
    /** Image decodes one process runs at once; default from the core count (ADR 039). */
    IMAGE_DECODE_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
    /** S3-compatible media storage; unset keeps media on local disk. */
    S3_BUCKET: z.string().min(1).optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ENDPOINT: z.url().optional(),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
    S3_PREFIX: z.string().default(''),
    GENERATION_PROVIDER: z.enum(['local', 'fal']).default('local'),
    FAL_KEY: z.string().min(1).optional(),
    /** Only for a local fake of the fal queue API (tests). */
    FAL_BASE_URL: z.url().optional(),
    /** How often a submitted fal request is polled. */
    FAL_POLL_INTERVAL_MS: z.coerce.number().int().min(10).default(1000),
    /** fal's webhooks (ADR 035): auto = on when PUBLIC_URL is a public https origin. */
    FAL_WEBHOOKS: z.enum(['auto', 'on', 'off']).default('auto'),
    /** How often a fal request is polled while webhooks are on: only the fallback. */
    FAL_WEBHOOK_POLL_INTERVAL_MS: z.coerce.number().int().min(10).default(30_000),
    /** Only for a local key set standing in for fal's JWKS (tests); refused in production. */
    FAL_JWKS_URL: z.url().optional(),
    /** fal's id of our account: webhooks signed for another fal user are refused (ADR 035). */
    FAL_USER_ID: z.string().trim().min(1).max(256).optional(),
    // FAL_MODEL_<configName> per tool and FAL_MODEL_PROMPT: see falModelSettings below.
    /**
     * `safety_tolerance` sent on every FLUX Kontext and Nano Banana call (ADR 034, issue 31): "1" is
     * the strictest, "6" the most permissive. fal's default ("2") refuses swimwear and lingerie
     * product shots; "5" lets them through and still refuses explicit content.
     */
    /**
     * Prices per fal model over fal's list prices (ADR 053), as JSON:
     * `{"owner/model": {"usd": 0.05, "per": "image"}}`; `per` is image, video, request or
     * compute-second. Each request's cost is recorded with its generation.
     */
    FAL_PRICES: z
      .string()
      .max(20_000)
      .optional()
      .transform((text, ctx) => {
        if (text === undefined || text.trim() === '') return {};
        try {
          return z.record(z.string().min(1), falPriceSchema).parse(JSON.parse(text));
        } catch {
          ctx.addIssue({
            code: 'custom',
            message: 'must be JSON like {"owner/model": {"usd": 0.05, "per": "image"}}',
          });
          return z.NEVER;
        }
      }),
    FAL_SAFETY_TOLERANCE: z.enum(['1', '2', '3', '4', '5', '6']).default('5'),
    /**
     * Replaces every tool's deadline (seconds): work still unfinished then is cancelled at the
     * provider and refunded (issue 31). Tests and operators use it; unset, each tool's own applies.
     */
    GENERATION_DEADLINE_SECONDS: z.coerce.number().int().min(5).max(86_400).optional(),
    /**
     * How long `POST /listing/packs` with `fix` waits for its fixes (ADR 057); past it the pack
     * fails with a message (the fixes carry on, and the same pack made again uses them).
     */
    LISTING_PACK_WAIT_SECONDS: z.coerce.number().int().min(1).max(600).default(180),
    /** Extra hosts whose images users may pass as inputs (comma-separated; '*.' for subdomains). */
    INPUT_ALLOWED_HOSTS: z.string().default(''),
    /**
     * Outbound webhooks (ADR 060): hosts (`host` or `host:port`, comma-separated) an endpoint may
     * name although they are private or loopback, over http too: a local receiver in tests and
     * development. Everything else must be https to a public address.
     */
    WEBHOOK_ALLOWED_HOSTS: z
      .string()
      .default('')
      .transform((value, ctx): WebhookHost[] => {
        const entries = hostList(value).map(webhookHost);
        if (entries.every((entry) => entry !== null)) return entries;
        ctx.addIssue({
          code: 'custom',
          message: 'must be hosts or host:port pairs, comma-separated (127.0.0.1, hooks.test:8443)',
        });
        return z.NEVER;
      }),
    /**
     * Test-only: the delays in milliseconds between a webhook delivery's attempts (comma-separated),
     * in place of the production schedule (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h; ADR 060).
     */
    WEBHOOK_RETRY_SCHEDULE_MS: z
      .string()
      .regex(/^\d{1,9}(,\d{1,9}){0,19}$/, 'must be up to 20 whole milliseconds, comma-separated')
      .optional(),
    WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
    /**
     * How long pg-boss waits on one job handler. Longer than the longest generation deadline (30
     * min): crash recovery comes from the generation lease, not from job expiry.
     */
    JOB_EXPIRE_SECONDS: z.coerce.number().int().min(1).default(2400),
    QUEUE_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).default(20),
    /** First retry delay of a transient failure; doubles each attempt (pg-boss backoff). */
    JOB_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).default(2),
    GENERATION_LEASE_SECONDS: z.coerce.number().int().min(1).default(30),
    SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(1).default(30),
    /**
     * How long a media write may take before the storage sweep treats its objects without a row
     * as left by a dead process (ADR 046). An hour: far beyond any upload or render's write.
     */
    MEDIA_SWEEP_GRACE_SECONDS: z.coerce.number().int().min(1).default(3600),
    /** Shown on /contact and in the legal pages. */
    SUPPORT_EMAIL: z.email().default(SUPPORT_EMAIL),
    /** Unset: no phone line is shown, only the email (a made-up number would be worse). */
    SUPPORT_PHONE: z
      .string()
      .trim()
      .regex(/^\+?[\d\s().-]{6,24}$/, 'must be a phone number, e.g. +91 80 1234 5678')
      .optional(),
    SUPPORT_HOURS: z.string().min(1).default(SUPPORT_HOURS),
    /** Plain-text files replacing the built-in privacy policy and terms ('# ' starts a section). */
    PRIVACY_POLICY_FILE: z.string().min(1).optional(),
    TERMS_FILE: z.string().min(1).optional(),
    /** Hosts a promo banner's https call-to-action may point at (comma-separated; '*.' for subdomains). */
    PROMO_LINK_HOSTS: z.string().default(''),
    /** The seller on every receipt (ADR 051): registered legal name and address. */
    SELLER_LEGAL_NAME: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .default(UNCONFIGURED_RECEIPTS.seller.legalName),
    SELLER_ADDRESS: z.string().trim().max(500).default(UNCONFIGURED_RECEIPTS.seller.address),
    /** The seller's GSTIN; unset, receipts carry no GST (an unregistered seller charges none). */
    SELLER_TAX_ID: gstinSchema.optional(),
    /** The seller's GST state code (27 = Maharashtra); default: the GSTIN's first two digits. */
    SELLER_STATE: z
      .string()
      .trim()
      .refine(isGstStateCode, 'must be a GST state code, e.g. 27 for Maharashtra')
      .optional(),
    /** GST on INR orders, included in the catalogue price, split CGST/SGST or IGST. */
    GST_RATE_PERCENT: z.coerce
      .number()
      .min(0)
      .max(100)
      .default(UNCONFIGURED_RECEIPTS.gstRatePercent),
    /** Tax included in USD prices, one 'Tax' line on the receipt; 0: no tax line. */
    USD_TAX_RATE_PERCENT: z.coerce
      .number()
      .min(0)
      .max(100)
      .default(UNCONFIGURED_RECEIPTS.usdTaxRatePercent),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID'],
        message: 'Google sign-in needs both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET',
      });
    }
    const stripeKeys = [env.STRIPE_SECRET_KEY, env.STRIPE_WEBHOOK_SECRET];
    if (stripeKeys.some(Boolean) && !stripeKeys.every(Boolean)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.STRIPE_SECRET_KEY ? 'STRIPE_WEBHOOK_SECRET' : 'STRIPE_SECRET_KEY'],
        message: 'Stripe needs both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET',
      });
    }
    const razorpayKeys = [
      env.RAZORPAY_KEY_ID,
      env.RAZORPAY_KEY_SECRET,
      env.RAZORPAY_WEBHOOK_SECRET,
    ];
    if (razorpayKeys.some(Boolean) && !razorpayKeys.every(Boolean)) {
      ctx.addIssue({
        code: 'custom',
        path: ['RAZORPAY_KEY_ID'],
        message:
          'Razorpay needs RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET together',
      });
    }
    if (env.GENERATION_PROVIDER === 'fal' && !env.FAL_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['FAL_KEY'],
        message: 'is required with GENERATION_PROVIDER=fal',
      });
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_ACCESS_KEY_ID'],
        message:
          'S3 needs both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (or neither, for the default chain)',
      });
    }
    if (env.NODE_ENV === 'production' && env.FAL_JWKS_URL) {
      // One stray setting must not swap the trust root of fal's webhooks for another key set.
      ctx.addIssue({
        code: 'custom',
        path: ['FAL_JWKS_URL'],
        message: "is test-only and refused in production (fal's own key set is used)",
      });
    }
    if (env.SELLER_TAX_ID && env.SELLER_STATE && !env.SELLER_TAX_ID.startsWith(env.SELLER_STATE)) {
      ctx.addIssue({
        code: 'custom',
        path: ['SELLER_STATE'],
        message: `must be the state of SELLER_TAX_ID (${env.SELLER_TAX_ID.slice(0, 2)})`,
      });
    }
    if (env.NODE_ENV === 'production' && !env.AUTH_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['AUTH_SECRET'], message: 'is required in production' });
    }
    for (const name of ['C2PA_SIGN_CERT', 'C2PA_SIGN_KEY'] as const) {
      const other = name === 'C2PA_SIGN_CERT' ? 'C2PA_SIGN_KEY' : 'C2PA_SIGN_CERT';
      if (env.NODE_ENV === 'production' && !env[name]) {
        ctx.addIssue({ code: 'custom', path: [name], message: 'is required in production' });
      } else if (env[name] && !env[other]) {
        ctx.addIssue({ code: 'custom', path: [other], message: `is required with ${name}` });
      }
    }
  });

export type Role = 'api' | 'worker' | 'all';

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  /** Unset means: start the embedded PostgreSQL under `$DATA_DIR/postgres`. */
  databaseUrl: string | undefined;
  role: Role;
  logLevel: string;
  /** The origin users reach the app at; used for auth callbacks and the Origin check. */
  publicUrl: string;
  /** Unset outside production: a per-data-dir secret is generated and kept in DATA_DIR. */
  authSecret: string | undefined;
  /** The C2PA signer from the environment (PEM); unset outside production (ADR 058). */
  c2paSigning: { certPem: string; keyPem: string } | undefined;
  /**
   * Sent as `Authorization: Bearer …`, it shows `/health`'s details in production; unset, nobody
   * sees them there (outside production everyone does).
   */
  operatorToken: string | undefined;
  /** The private metrics listener (ADR 062); unset: `/metrics` only on the API port. */
  metricsListener: { port: number; host: string } | undefined;
  webDistDir: string;
  /** Google sign-in through OIDC discovery; undefined when not configured. */
  google: { clientId: string; clientSecret: string; discoveryUrl: string } | undefined;
  /** Unset: mail is logged and kept in the local outbox (`$DATA_DIR/outbox`). */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Scales every rate limit (tests and local load runs raise it; production keeps 1). */
  rateLimitMultiplier: number;
  /**
   * Fastify's `trustProxy`: false (the socket's address is the client's), a hop count, or the
   * proxies' addresses and CIDRs. Never `true`: that takes the client-written left-most
   * X-Forwarded-For, and every per-address limit with it.
   */
  trustProxy: false | number | string[];
  /**
   * How long a process reuses a session it looked up (ADR 040): a session revoked elsewhere
   * (another process, the admin CLI) still works here for at most this long. 0 turns it off.
   */
  sessionCacheMs: number;
  payments: PaymentsConfig;
  /** How often plan cycles are granted and lapsed credits expired. */
  creditsJobIntervalMs: number;
  /** Where media bytes go (local disk under DATA_DIR for now). */
  mediaDir: string;
  mediaQuotaBytes: number;
  /** Image decodes (uploads, fetched inputs, outputs) this process runs at once; the rest wait. */
  imageDecodeConcurrency: number;
  /** S3-compatible storage; undefined keeps media under mediaDir. */
  s3: S3Config | undefined;
  generation: GenerationConfig;
  site: SiteConfig;
  /** Hosts a promo banner's https link may point at; same-site paths are always allowed (ADR 028). */
  promoLinkHosts: string[];
  receipts: ReceiptsConfig;
  webhooks: WebhooksConfig;
}

/** A host (and port, when named) outbound webhooks may reach although it is private (ADR 060). */
export interface WebhookHost {
  /** Lower case; an IPv6 address without brackets. */
  host: string;
  port: number | undefined;
}

export interface WebhooksConfig {
  allowedHosts: WebhookHost[];
  /** Delays between attempts; the production schedule unless a test sets one. */
  retryScheduleMs: number[];
}

/** Standard Webhooks' and Svix's schedule after the first attempt: about 27.6 hours in all. */
export const WEBHOOK_RETRY_SCHEDULE_MS = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
];

/** Who issues the receipts and the tax they state (ADR 051). */
export interface ReceiptsConfig {
  seller: {
    legalName: string;
    address: string;
    /** Unset: the seller is not GST-registered and no GST lines are printed. */
    gstin: string | undefined;
    stateCode: GstStateCode | undefined;
  };
  gstRatePercent: number;
  usdTaxRatePercent: number;
}

/** What the public site-info endpoint tells visitors (support contact, legal texts). */
export interface SiteConfig {
  supportEmail: string;
  supportPhone: string | undefined;
  supportHours: string;
  /** Absolute paths of operator-written texts; undefined keeps the built-in defaults. */
  privacyPolicyFile: string | undefined;
  termsFile: string | undefined;
}

export interface S3Config {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
  prefix: string;
}

export interface GenerationConfig {
  provider: 'local' | 'fal';
  fal:
    | {
        apiKey: string;
        baseUrl: string | undefined;
        pollIntervalMs: number;
        models: Partial<Record<FalModelKey, string>>;
        /** fal's list prices with FAL_PRICES over them. */
        prices: FalPriceTable;
        /** FAL_SAFETY_TOLERANCE: sent on every model that takes `safety_tolerance`. */
        safetyTolerance: FalSafetyTolerance;
        /**
         * fal posts each result to `url` (our webhook route), signed with the keys at `jwksUrl`;
         * undefined: no webhooks, polling only (ADR 035). `userId` (FAL_USER_ID): deliveries
         * signed for another fal account are refused; undefined: any fal account's are taken.
         */
        webhook:
          { url: string; jwksUrl: string | undefined; userId: string | undefined } | undefined;
      }
    | undefined;
  inputAllowedHosts: string[];
  /** GENERATION_DEADLINE_SECONDS: every tool's deadline when set. */
  deadlineSeconds: number | undefined;
  /** LISTING_PACK_WAIT_SECONDS: how long a listing pack waits for its fixes. */
  listingPackWaitMs: number;
  workerConcurrency: number;
  jobExpireSeconds: number;
  queueMaintenanceSeconds: number;
  retryDelaySeconds: number;
  leaseMs: number;
  sweepIntervalMs: number;
  mediaSweepGraceMs: number;
}

/**
 * What a fal model id is set for: each tool, the video prompt writer, the upscaler's 4K target
 * and the quality mode of the FLUX Kontext tools (models of their own, ADR 034).
 */
export type FalSafetyTolerance = '1' | '2' | '3' | '4' | '5' | '6';

export type FalModelKey = RemoteType | keyof typeof FAL_EXTRA_MODELS;
const FAL_EXTRA_MODELS = {
  prompt: 'PROMPT',
  'upscale-4k': 'UPSCALE_4K',
  'kontext-quality': 'KONTEXT_QUALITY',
  'kontext-quality-multi': 'KONTEXT_QUALITY_MULTI',
} as const;

/**
 * The setting that overrides a fal model: `FAL_MODEL_<configName>` of the tool list,
 * FAL_MODEL_PROMPT, FAL_MODEL_UPSCALE_4K, FAL_MODEL_KONTEXT_QUALITY(_MULTI).
 */
const isExtraModel = (key: FalModelKey): key is keyof typeof FAL_EXTRA_MODELS =>
  key in FAL_EXTRA_MODELS;

function falModelEnvName(key: FalModelKey): string {
  const name = isExtraModel(key) ? FAL_EXTRA_MODELS[key] : TOOL_DEFINITIONS[key].configName;
  return `FAL_MODEL_${name}`;
}

/** The model ids set in the environment; the rest keep the defaults of providers/fal/tools. */
function falModelSettings(
  source: Record<string, string | undefined>,
): Partial<Record<FalModelKey, string>> {
  const models: Partial<Record<FalModelKey, string>> = {};
  const extra = Object.keys(FAL_EXTRA_MODELS) as (keyof typeof FAL_EXTRA_MODELS)[];
  for (const key of [...REMOTE_TYPES, ...extra]) {
    const value = source[falModelEnvName(key)];
    if (value !== undefined) models[key] = value;
  }
  return models;
}

/** fal's settings; with webhooks on, polling slows down to the fallback interval (ADR 035). */
function falConfig(
  env: z.infer<typeof envSchema>,
  apiKey: string,
  source: Record<string, string | undefined>,
  publicUrl: string,
): NonNullable<GenerationConfig['fal']> {
  const webhooks =
    env.FAL_WEBHOOKS === 'auto' ? isPublicOrigin(publicUrl) : env.FAL_WEBHOOKS === 'on';
  return {
    apiKey,
    baseUrl: env.FAL_BASE_URL,
    pollIntervalMs: webhooks ? env.FAL_WEBHOOK_POLL_INTERVAL_MS : env.FAL_POLL_INTERVAL_MS,
    models: falModelSettings(source),
    prices: { ...DEFAULT_FAL_PRICES, ...env.FAL_PRICES },
    safetyTolerance: env.FAL_SAFETY_TOLERANCE,
    webhook: webhooks
      ? {
          url: `${publicUrl}${API_BASE}/webhooks/fal`,
          jwksUrl: env.FAL_JWKS_URL,
          userId: env.FAL_USER_ID,
        }
      : undefined,
  };
}

/**
 * Half the cores, 1 to 4 (ADR 039). libvips already spreads one image over every core, so more
 * decodes at once add memory (~160 MB of pixels per 40 MP image), not throughput, and half the
 * cores stay free for requests: on this 2-core machine, one at a time.
 */
export function defaultImageDecodeConcurrency(cores: number): number {
  return Math.min(4, Math.max(1, Math.floor(cores / 2)));
}

export interface PaymentsConfig {
  stripe: { secretKey: string; webhookSecret: string; apiUrl: string | undefined } | undefined;
  razorpay:
    | { keyId: string; keySecret: string; webhookSecret: string; apiUrl: string | undefined }
    | undefined;
  /**
   * The local test checkout answers for a currency without keys. On by default only locally (no
   * keys, loopback PUBLIC_URL, not production); elsewhere only with PAYMENTS_SANDBOX=true.
   */
  sandbox: boolean;
}

/**
 * The sandbox grants credits without money, so it is on by default only for a local setup: not in
 * production, no payment keys at all, and a loopback public URL. Anything else needs
 * PAYMENTS_SANDBOX=true (e.g. a staging server).
 */
function sandboxByDefault(env: z.infer<typeof envSchema>): boolean {
  const anyKeys = Boolean(env.STRIPE_SECRET_KEY ?? env.RAZORPAY_KEY_ID);
  const host = env.PUBLIC_URL ? new URL(env.PUBLIC_URL).hostname : 'localhost';
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(host);
  return env.NODE_ENV !== 'production' && !anyKeys && local;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // Empty strings mean "unset": shells and .env files often export VAR= by accident.
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (i) => `  - ${i.path.join('.') || '(env)'}: ${i.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  return {
    nodeEnv: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    role: env.ROLE,
    logLevel: env.LOG_LEVEL,
    publicUrl,
    authSecret: env.AUTH_SECRET,
    c2paSigning:
      env.C2PA_SIGN_CERT && env.C2PA_SIGN_KEY
        ? {
            certPem: env.C2PA_SIGN_CERT.replaceAll('\\n', '\n'),
            keyPem: env.C2PA_SIGN_KEY.replaceAll('\\n', '\n'),
          }
        : undefined,
    operatorToken: env.OPERATOR_TOKEN,
    metricsListener:
      env.METRICS_PORT === undefined
        ? undefined
        : { port: env.METRICS_PORT, host: env.METRICS_HOST },
    webDistDir: path.resolve(
      env.WEB_DIST_DIR ?? path.join(import.meta.dirname, '../../../web/dist'),
    ),
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? {
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET,
            discoveryUrl: env.GOOGLE_DISCOVERY_URL,
          }
        : undefined,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    rateLimitMultiplier: env.RATE_LIMIT_MULTIPLIER,
    trustProxy: env.TRUST_PROXY,
    sessionCacheMs: env.SESSION_CACHE_SECONDS * 1000,
    payments: {
      stripe:
        env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
          ? {
              secretKey: env.STRIPE_SECRET_KEY,
              webhookSecret: env.STRIPE_WEBHOOK_SECRET,
              apiUrl: env.STRIPE_API_URL,
            }
          : undefined,
      razorpay:
        env.RAZORPAY_KEY_ID && env.RAZORPAY_KEY_SECRET && env.RAZORPAY_WEBHOOK_SECRET
          ? {
              keyId: env.RAZORPAY_KEY_ID,
              keySecret: env.RAZORPAY_KEY_SECRET,
              webhookSecret: env.RAZORPAY_WEBHOOK_SECRET,
              apiUrl: env.RAZORPAY_API_URL,
            }
          : undefined,
      sandbox:
        env.PAYMENTS_SANDBOX === undefined
          ? sandboxByDefault(env)
          : env.PAYMENTS_SANDBOX === 'true',
    },
    creditsJobIntervalMs: env.CREDITS_JOB_INTERVAL_SECONDS * 1000,
    mediaDir: path.join(path.resolve(env.DATA_DIR), 'media'),
    mediaQuotaBytes: env.MEDIA_QUOTA_MB * 1024 * 1024,
    imageDecodeConcurrency:
      env.IMAGE_DECODE_CONCURRENCY ?? defaultImageDecodeConcurrency(os.availableParallelism()),
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
          prefix: env.S3_PREFIX,
        }
      : undefined,
    generation: {
      provider: env.GENERATION_PROVIDER,
      fal: env.FAL_KEY ? falConfig(env, env.FAL_KEY, cleaned, publicUrl) : undefined,
      inputAllowedHosts: hostList(env.INPUT_ALLOWED_HOSTS),
      deadlineSeconds: env.GENERATION_DEADLINE_SECONDS,
      listingPackWaitMs: env.LISTING_PACK_WAIT_SECONDS * 1000,
      workerConcurrency: env.WORKER_CONCURRENCY,
      jobExpireSeconds: env.JOB_EXPIRE_SECONDS,
      queueMaintenanceSeconds: env.QUEUE_MAINTENANCE_SECONDS,
      retryDelaySeconds: env.JOB_RETRY_DELAY_SECONDS,
      leaseMs: env.GENERATION_LEASE_SECONDS * 1000,
      sweepIntervalMs: env.SWEEP_INTERVAL_SECONDS * 1000,
      mediaSweepGraceMs: env.MEDIA_SWEEP_GRACE_SECONDS * 1000,
    },
    site: {
      supportEmail: env.SUPPORT_EMAIL,
      supportPhone: env.SUPPORT_PHONE,
      supportHours: env.SUPPORT_HOURS,
      privacyPolicyFile: env.PRIVACY_POLICY_FILE && path.resolve(env.PRIVACY_POLICY_FILE),
      termsFile: env.TERMS_FILE && path.resolve(env.TERMS_FILE),
    },
    promoLinkHosts: hostList(env.PROMO_LINK_HOSTS),
    receipts: {
      seller: {
        legalName: env.SELLER_LEGAL_NAME,
        address: env.SELLER_ADDRESS,
        gstin: env.SELLER_TAX_ID,
        stateCode: (env.SELLER_STATE ?? env.SELLER_TAX_ID?.slice(0, 2)) as GstStateCode | undefined,
      },
      gstRatePercent: env.GST_RATE_PERCENT,
      usdTaxRatePercent: env.USD_TAX_RATE_PERCENT,
    },
    webhooks: {
      allowedHosts: env.WEBHOOK_ALLOWED_HOSTS,
      retryScheduleMs: env.WEBHOOK_RETRY_SCHEDULE_MS
        ? env.WEBHOOK_RETRY_SCHEDULE_MS.split(',').map(Number)
        : WEBHOOK_RETRY_SCHEDULE_MS,
    },
  };
}

/** proxy-addr's names for whole ranges, accepted in TRUST_PROXY like addresses. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY as Fastify takes it: `1` (hops in front of us), or addresses and CIDRs; null when
 * malformed. `true` is refused on purpose: it would believe whatever a client writes.
 */
export function parseTrustProxy(value: string): number | string[] | null {
  if (/^\d{1,3}$/.test(value)) return Number(value);
  const entries = hostList(value);
  const valid = (entry: string) => {
    if (PROXY_RANGE_NAMES.has(entry)) return true;
    const [address = '', bits, extra] = entry.split('/');
    const version = isIP(address);
    if (version === 0 || extra !== undefined) return false;
    if (bits === undefined) return true;
    return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
  };
  return entries.length > 0 && entries.every(valid) ? entries : null;
}

/** One WEBHOOK_ALLOWED_HOSTS entry (`host`, `host:port`, an IPv6 address or `[v6]:port`). */
function webhookHost(entry: string): WebhookHost | null {
  const bracketed = /^\[([0-9a-fA-F:.]+)\](?::(\d{1,5}))?$/.exec(entry);
  const plain = /^([A-Za-z0-9.-]+)(?::(\d{1,5}))?$/.exec(entry);
  const [, host, port] =
    isIP(entry) === 6 ? [entry, entry, undefined] : (bracketed ?? plain ?? [undefined]);
  if (host === undefined || (bracketed && isIP(host) !== 6)) return null;
  const portNumber = port === undefined ? undefined : Number(port);
  if (portNumber !== undefined && (portNumber < 1 || portNumber > 65_535)) return null;
  return { host: host.toLowerCase(), port: portNumber };
}

/** A comma-separated host list setting (`a.example, *.b.example`) as its entries. */
function hostList(value: string): string[] {
  return value
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean);
}
