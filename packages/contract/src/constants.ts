// Plain constants with no runtime dependency, importable by the browser without pulling in zod:
// `import { PASSWORD_MIN_LENGTH } from '@studio/contract/constants'`.

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const DEFAULT_ACCOUNT_TYPE = 'Standard User';
export const ANONYMOUS_USER_NAME = 'Anonymous User';

/** Where users write for help, custom plans and cancellation requests (spec §2 Subscription). */
export const SUPPORT_EMAIL = 'support@aiproductstudio.app';
export const SUPPORT_HOURS = 'Mon-Fri, 9am-6pm IST';

// Billing enums, here so the browser can use the values without zod (billing.ts builds on them).
/**
 * Order states (ADR 023): pending → processing → completed | failed | cancelled | expired, and
 * completed → refunded. Every state but pending and processing is final.
 */
export const ORDER_STATUSES = [
  'pending',
  'processing',
  'completed',
  'failed',
  'cancelled',
  'expired',
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** What kind of credit movement a purchase-history row is. */
export const CREDIT_SOURCES = ['order', 'welcome', 'adjustment'] as const;
export const USAGE_STATUSES = ['succeeded', 'refunded', 'pending', 'expired', 'adjusted'] as const;

/** Credit history periods (spec §2, §9): all time or the last 7, 30 or 90 days, ending now. */
export const HISTORY_PERIODS = ['all', '7d', '30d', '90d'] as const;
export type HistoryPeriodValue = (typeof HISTORY_PERIODS)[number];
/** Rows per generation history page: the screen's sizes are 5, 10 (default), 20 and 50. */
export const HISTORY_PAGE_DEFAULT = 10;
export const HISTORY_PAGE_MAX = 50;
export type UsageStatus = (typeof USAGE_STATUSES)[number];
export const SANDBOX_OUTCOMES = ['paid', 'failed', 'cancelled'] as const;
export type SandboxOutcome = (typeof SANDBOX_OUTCOMES)[number];

// Uploads (spec doc 2 §5 says 10 MB; we enforce it, and a pixel limit against decompression bombs).
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const MAX_UPLOAD_PIXELS = 40_000_000;
export const MAX_FILES_PER_UPLOAD = 10;
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const THUMBNAIL_SIZE = 256;
export const PREVIEW_SIZE = 1440;

// Personal API keys (issue 35), here so the /developers page can list the scopes without zod.
/** What a key may do: make work (uploads, generate calls), read it, manage webhooks. */
export const API_KEY_SCOPES = ['generate', 'read', 'webhooks'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Keys a user may hold at once. */
export const MAX_API_KEYS = 10;

// Outbound webhooks (issue 35): what a seller's endpoint can be told.
export const WEBHOOK_EVENTS = [
  'generation.succeeded',
  'generation.failed',
  'batch.completed',
  'credits.low',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** Endpoints a user may hold at once. */
export const MAX_WEBHOOK_ENDPOINTS = 10;
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];
export const WEBHOOK_ENDPOINT_STATUSES = ['enabled', 'disabled'] as const;

// Colourways (issue 36, ADR 063): one garment photo, one image per colour variant.
/** Variants one colourway set may ask for (each its own generation, 1 credit). */
export const COLOURWAY_VARIANTS_MAX = 12;
/** Longest variant name (a SKU or a colour name); it names the variant's file in the zip. */
export const COLOURWAY_NAME_MAX_LENGTH = 40;
/** Most ΔE00 between the output garment's dominant colour and the variant's colour for a pass. */
export const COLOURWAY_MAX_DELTA_E = 3;
