// Every JSON answer of the API, defined once in zod/mini and shared by both sides (ADR 016): the
// server serialises and documents its answers with these objects (fastify-type-provider-zod), and
// the browser reads them with the same objects from `@studio/contract/responses`, at ~5 KiB of zod
// instead of the ~94 KiB of classic zod (ADR 002).
//
// The browser reads leniently where an odd field must not hide a page; the server stays strict,
// because it *encodes*: encoding skips `catch` and `_default` and runs codecs backwards, so an
// answer the server builds must still carry every field with the right type. A one-way
// `transform` must never appear here: encoding throws on it (every answer would become a 500).
import { z } from 'zod/mini';
import { CREDIT_SOURCES, DEFAULT_ACCOUNT_TYPE, ORDER_STATUSES, USAGE_STATUSES } from './constants';
import { PAYMENT_CURRENCIES } from './plans';
import {
  GENDERS,
  GENERATION_STATUSES,
  GENERATION_TYPES,
  MODES,
  PLAN_FAMILIES_WITH_ACCESS,
  POSE_TYPES,
} from './tools';

// --- Lenient reading, strict writing ------------------------------------------------------------

/** Text an answer left out or garbled reads as ''. */
const text = z.catch(z.string(), '');
/** An optional text: anything but a string reads as null. */
const textOrNull = z.catch(z.nullable(z.string()), null);
/** A list of texts (URLs, providers): missing, or holding anything but strings, it reads as empty. */
const strings = z.catch(z.array(z.string()), []);
/** A count an older answer may lack; `derive` works it out from its list. */
const countIfSent = z.catch(z.optional(z.int().check(z.nonnegative())), undefined);
const success = z.literal(true);

/** A list that keeps the entries it can read and drops the rest (unknown modes, plans, templates). */
function readableEntries<T extends z.core.$ZodType>(item: T) {
  return z.codec(z.catch(z.array(z.unknown()), []), z.array(item), {
    decode: (values) =>
      values.filter((value): value is z.input<T> => z.safeParse(item, value).success),
    encode: (values) => values,
  });
}

/**
 * `schema`, reading through `lenient` (the same object with some fields optional) and letting
 * `fill` work out the missing ones from the rest of the answer. Encoding checks `schema` alone.
 */
function derive<L extends z.core.$ZodType, S extends z.core.$ZodType>(
  lenient: L,
  schema: S,
  fill: (value: z.output<L>) => z.input<S>,
) {
  return z.codec(lenient, schema, {
    decode: fill,
    // The value has just passed `schema`; reading it through `lenient` only re-types it.
    encode: (value) => z.parse(lenient, value),
  });
}

// --- Health and session ----------------------------------------------------------------------------

export const healthResponseSchema = z.object({
  ok: z.boolean(),
  database: z.object({ version: z.string() }),
  /** Seconds since the process started. */
  uptime: z.number(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  image: z._default(z.nullable(z.string()), null),
  /** Providers the account can sign in with, e.g. `credential`, `google`. */
  providers: strings,
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** `GET /api/v1/session`: who the session cookie says you are (null when signed out). */
export const sessionResponseSchema = z.object({ user: z.nullable(sessionUserSchema) });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** `GET /auth/providers`: which sign-in methods this server offers (public). */
export const authProvidersResponseSchema = z.object({ google: z.boolean(), email: z.boolean() });
export type AuthProvidersResponse = z.infer<typeof authProvidersResponseSchema>;

/** Better Auth's `POST /api/auth/sign-in/social` with `disableRedirect`: where the popup goes. */
export const authRedirectResponseSchema = z.object({ url: z.string().check(z.minLength(1)) });

// --- Users -------------------------------------------------------------------------------------------

/**
 * Spec doc 1 §3 "User profile"; `credits` is the live balance, dates are ISO strings. Only the id
 * is required when reading: one odd field never hides the profile page.
 */
export const userProfileSchema = z.object({
  uid: z.string().check(z.minLength(1)),
  name: text,
  emailId: text,
  companyName: text,
  phoneNumber: text,
  profileUrl: text,
  credits: z.catch(z.int().check(z.nonnegative()), 0),
  registrationDate: text,
  lastSignIn: textOrNull,
  accountType: z.catch(z.string(), DEFAULT_ACCOUNT_TYPE),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

/** `POST /user/register` (spec §3 registration payload). Idempotent. */
export const registerResponseSchema = z.object({
  success,
  /** True only for the call that created the profile. */
  created: z.boolean(),
  data: userProfileSchema,
});
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

export const missingFieldsSchema = z.object({
  companyName: z.boolean(),
  phoneNumber: z.boolean(),
});
export type MissingFields = z.infer<typeof missingFieldsSchema>;

/** `POST /user/profile-details`. */
export const profileDetailsResponseSchema = z.object({
  success,
  data: userProfileSchema,
  missingFields: missingFieldsSchema,
});
export type ProfileDetailsResponse = z.infer<typeof profileDetailsResponseSchema>;

/** `PUT /user/name` (Settings: Change Name): the saved profile. */
export const profileResponseSchema = z.object({ success, data: userProfileSchema });

/** `PUT /user/profile`. */
export const updateProfileResponseSchema = z.object({
  success,
  /** Names of the fields that actually changed. */
  updated: z.array(z.enum(['name', 'companyName', 'phoneNumber'])),
  data: userProfileSchema,
});
export type UpdateProfileResponse = z.infer<typeof updateProfileResponseSchema>;

/** `POST /user/credits`. */
export const creditsResponseSchema = z.object({
  success,
  credits: z.int().check(z.nonnegative()),
});
export type CreditsResponse = z.infer<typeof creditsResponseSchema>;

export const messageResponseSchema = z.object({ success, message: text });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

// --- Billing -----------------------------------------------------------------------------------------

export const paymentLinkResponseSchema = z.object({
  success,
  payment_link: z.string(),
  orderId: z.string(),
});
export type PaymentLinkResponse = z.infer<typeof paymentLinkResponseSchema>;

export const orderStatusResponseSchema = z.object({
  success,
  orderId: z.string(),
  status: z.enum(ORDER_STATUSES),
  message: text,
  credits: z.int(),
  plan_display_name: z.string(),
});
export type OrderStatusResponse = z.infer<typeof orderStatusResponseSchema>;

/** `POST /subscription/status` (spec §3). An expired plan reads as free with the old one as previous. */
export const subscriptionStatusResponseSchema = z.object({
  success,
  type: z.string(),
  subscriptionCode: z.int(),
  subscriptionId: z.nullable(z.string()),
  endingTimestamp: z.nullable(z.string()),
  transactionTimestamp: z.nullable(z.string()),
  previous_type: z.nullable(z.string()),
  previous_subscriptionCode: z.nullable(z.int()),
});
export type SubscriptionStatusResponse = z.infer<typeof subscriptionStatusResponseSchema>;

export const orderHistoryItemSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  plan_display_name: z.string(),
  credits_received: z.int(),
  amount: z.number(),
  currency: z.string(),
  status: z.string(),
  /** Rows from before the ledger knew its sources were all orders. */
  source: z.catch(z.enum(CREDIT_SOURCES), 'order'),
});
export type OrderHistoryItem = z.infer<typeof orderHistoryItemSchema>;

/** `GET /credit-transactions/order-history/:userId` (spec §3). */
export const orderHistoryResponseSchema = z.object({
  success,
  current_balance: z.int(),
  total_credits_purchased: z.catch(z.int(), 0),
  total_orders: z.catch(z.int(), 0),
  order_history: z.array(orderHistoryItemSchema),
});
export type OrderHistoryResponse = z.infer<typeof orderHistoryResponseSchema>;

const usageDetails = z.object({
  imageUrls: strings,
  videoUrls: strings,
  inputImageUrls: strings,
  styleName: textOrNull,
  numberOfImages: z.int(),
  numberOfVideos: z.int(),
});
/** Older rows may lack some details: the lists read as empty and the counts follow the lists. */
const usageDetailsSchema = derive(
  z.catch(z.extend(usageDetails, { numberOfImages: countIfSent, numberOfVideos: countIfSent }), {
    imageUrls: [],
    videoUrls: [],
    inputImageUrls: [],
    styleName: null,
  }),
  usageDetails,
  (details) => ({
    ...details,
    numberOfImages: details.numberOfImages ?? details.imageUrls.length,
    numberOfVideos: details.numberOfVideos ?? details.videoUrls.length,
  }),
);

export const generationHistoryItemSchema = z.object({
  id: z.string(),
  timestamp: z.string(),
  generation_type: z.string(),
  display_name: z.string(),
  prompt: text,
  credits_used: z.int(),
  /** succeeded: output exists; refunded: failed and credits returned; expired: plan credits lapsed. */
  status: z.enum(USAGE_STATUSES),
  details: usageDetailsSchema,
});
export type GenerationHistoryItem = z.infer<typeof generationHistoryItemSchema>;

/** Per-type totals; the browser recomputes them per period, so an unreadable map reads as empty. */
export const usageByTypeSchema = z.catch(
  z.record(
    z.string(),
    z.object({ display_name: z.string(), credits_used: z.int(), count: z.int() }),
  ),
  {},
);

/** `GET /credit-transactions/generation-history/:userId` (spec §3). */
export const generationHistoryResponseSchema = z.object({
  success,
  current_balance: z.int(),
  /** Credits and successful generations per type; failed (refunded) ones are not counted. */
  usage_by_type: usageByTypeSchema,
  generation_history: z.array(generationHistoryItemSchema),
});
export type GenerationHistoryResponse = z.infer<typeof generationHistoryResponseSchema>;

/** `GET /payments/sandbox/orders/:orderId`: what the local test checkout page shows. */
export const sandboxOrderResponseSchema = z.object({
  success,
  orderId: z.string(),
  plan_display_name: z.string(),
  amount: z.number(),
  currency: z.enum(PAYMENT_CURRENCIES),
  credits: z.int(),
  status: z.enum(ORDER_STATUSES),
});
export type SandboxOrderResponse = z.infer<typeof sandboxOrderResponseSchema>;

/** `POST /payments/sandbox/complete`: drives the same fulfilment a provider webhook drives. */
export const sandboxCompleteResponseSchema = z.object({
  success,
  status: z.enum(ORDER_STATUSES),
  redirect: z.string(),
});

// --- Uploads -----------------------------------------------------------------------------------------

/** One stored image: the re-encoded original and its derived sizes, all under one random id. */
export const uploadedMediaSchema = z.object({
  id: z.string(),
  url: z.string(),
  thumbnailUrl: z.string(),
  previewUrl: z.string(),
  contentType: z.string(),
  width: z.int(),
  height: z.int(),
  bytes: z.int(),
  /** Base64 ThumbHash: a blurred placeholder the client shows while the image loads. */
  thumbhash: z.string(),
});
export type UploadedMedia = z.infer<typeof uploadedMediaSchema>;

/**
 * `POST /uploads` (multipart `files`, repeatable): the spec's three shapes at once (doc 2 §3).
 * Each may be missing when reading; the browser takes the first URL it finds (doc 2 §7).
 */
export const uploadResponseSchema = z.object({
  success,
  uploaded: readableEntries(uploadedMediaSchema),
  urls: strings,
  url: text,
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

// --- Generations ---------------------------------------------------------------------------------

export const generationAcceptedSchema = z.object({
  success,
  generationId: z.string().check(z.minLength(1)),
  status: z.enum(GENERATION_STATUSES),
});
export type GenerationAccepted = z.infer<typeof generationAcceptedSchema>;

/** `?wait=` once the job ended: the spec's result shape plus the id and status. */
export const generationResultSchema = z.object({
  success: z.boolean(),
  generationId: z.string(),
  status: z.enum(GENERATION_STATUSES),
  imageUrls: z.array(z.string()),
  videoUrlList: z.array(z.string()),
  message: z.string(),
});
export type GenerationResult = z.infer<typeof generationResultSchema>;

/** Optional fields read as empty values; type and status must be known. */
export const generationSchema = z.object({
  id: z.string(),
  type: z.enum(GENERATION_TYPES),
  status: z.enum(GENERATION_STATUSES),
  /** 0–100 while running; read clamped and rounded, so a bar never shows 140 %. */
  progress: z.codec(z.catch(z.number(), 0), z.int(), {
    decode: (progress) => Math.round(Math.min(100, Math.max(0, progress))),
    encode: (progress) => progress,
  }),
  /** Place in the queue (1 = next) while queued, else null; anything below 1 reads as null. */
  queuePosition: z.codec(z.catch(z.nullable(z.number()), null), z.nullable(z.int()), {
    decode: (position) => (position !== null && position > 0 ? position : null),
    encode: (position) => position,
  }),
  creditCost: z.catch(z.int(), 0),
  prompt: text,
  imageUrls: strings,
  videoUrls: strings,
  inputImageUrls: strings,
  /** Set when the engine could only make a labelled preview (no generative model configured). */
  previewNote: textOrNull,
  error: textOrNull,
  createdAt: text,
  startedAt: textOrNull,
  finishedAt: textOrNull,
});
export type Generation = z.infer<typeof generationSchema>;
export const generationResponseSchema = z.object({ success, generation: generationSchema });
export type GenerationResponse = z.infer<typeof generationResponseSchema>;

const estimate = z.object({
  success,
  creditCost: z.int(),
  canAfford: z.boolean(),
  available: z.int(),
  message: text,
});
/** `POST /credits/estimate`. An answer without `canAfford` reads it from the price and balance. */
export const estimateResponseSchema = derive(
  z.partial(estimate, { canAfford: true }),
  estimate,
  (body) => ({ ...body, canAfford: body.canAfford ?? body.available >= body.creditCost }),
);
export type EstimateResponse = z.infer<typeof estimateResponseSchema>;

/** Plans that unlock a mode or tool, lowest first (empty when open to all); unknown plans drop. */
const requiresPlan = readableEntries(z.enum(PLAN_FAMILIES_WITH_ACCESS));

export const modeOptionSchema = z.object({
  value: z.enum(MODES),
  label: z.string(),
  disabled: z.catch(z.boolean(), false),
  requiresPlan,
});
export type ModeOption = z.infer<typeof modeOptionSchema>;

/** `GET /modes`: the plan, its modes and tools; entries the browser cannot read are dropped. */
export const accessResponseSchema = z.object({
  success,
  plan: z.enum(PLAN_FAMILIES_WITH_ACCESS),
  modes: readableEntries(modeOptionSchema),
  tools: readableEntries(
    z.object({
      type: z.enum(GENERATION_TYPES),
      allowed: z.catch(z.boolean(), true),
      requiresPlan,
    }),
  ),
});
export type AccessResponse = z.infer<typeof accessResponseSchema>;

export const videoPromptResponseSchema = z.object({
  success,
  prompt: z.string(),
  message: text,
  /** True when the prompt came from a built-in writer rather than a vision model. */
  preview: z.catch(z.boolean(), false),
});

// --- Catalog ---------------------------------------------------------------------------------------

export const templateItemSchema = z.object({
  templateId: z.string(),
  templateName: z.string(),
  templateUrl: z.string(),
  templateDescription: text,
  category: z._default(z.string(), 'General'),
  prompt: text,
});
export type TemplateItem = z.infer<typeof templateItemSchema>;
/** `GET /templates`: the model templates of the try-on and realistic photoshoot screens. */
export const modelTemplatesResponseSchema = z.array(templateItemSchema);

export const poseItemSchema = z.object({
  poseId: z.string(),
  poseName: z.string(),
  type: z.enum(POSE_TYPES),
  gender: z.enum(GENDERS),
  imageUrl: z.string(),
  prompt: z.string(),
  generationType: z.string(),
  liveStatus: z.boolean(),
  timestamp: z.string(),
});
export type PoseItem = z.infer<typeof poseItemSchema>;
export const posesResponseSchema = z.object({ success, poses: z.array(poseItemSchema) });

/** Ids are numeric-like strings; older answers sent numbers. */
const numericId = z.codec(z.union([z.string(), z.number()]), z.string(), {
  decode: (id) => String(id),
  encode: (id) => id,
});

export const videoTemplateSchema = z.object({
  videoId: numericId,
  videoUrl: z.string(),
  thumbnailUrl: text,
  duration: z.catch(z.int(), 5),
  type: z.catch(z.string(), 'tryon'),
});
export type VideoTemplate = z.infer<typeof videoTemplateSchema>;
/** `POST /video/templates`; a template without an id or video is dropped. */
export const videoTemplatesResponseSchema = z.object({
  success,
  videoTemplates: readableEntries(videoTemplateSchema),
  message: text,
});

// --- Gallery -----------------------------------------------------------------------------------------

const galleryItem = z.object({
  generationId: z.string(),
  type: z.string(),
  /** Kept as sent: an unreadable date shows as 'Invalid Date', never hidden (document 1 §2). */
  timestamp: text,
  prompt: text,
  styleName: textOrNull,
  numberOfImages: z.int(),
  numberOfVideos: z.int(),
  imageUrlList: strings,
  videoUrlList: strings,
  inputImageUrls: strings,
  /** Small WebP and ThumbHash of the first image, for fast cards (null for videos-only). */
  thumbnailUrl: textOrNull,
  thumbhash: textOrNull,
});
/** A missing id makes the answer unreadable; other details read as empty, counts follow the lists. */
export const galleryItemSchema = derive(
  z.extend(galleryItem, { numberOfImages: countIfSent, numberOfVideos: countIfSent }),
  galleryItem,
  (item) => ({
    ...item,
    numberOfImages: item.numberOfImages ?? item.imageUrlList.length,
    numberOfVideos: item.numberOfVideos ?? item.videoUrlList.length,
  }),
);
export type GalleryItem = z.infer<typeof galleryItemSchema>;

export const paginationSchema = z.object({
  page: z.catch(z.int(), 1),
  limit: z.catch(z.int(), 0),
  totalItems: z.catch(z.int(), 0),
  totalPages: z.catch(z.int(), 0),
  hasNextPage: z.catch(z.boolean(), false),
  hasPreviousPage: z.catch(z.boolean(), false),
});
export type Pagination = z.infer<typeof paginationSchema>;

/** `POST /gallery/past-generations` (document 1 §7). */
export const pastGenerationsResponseSchema = z.object({
  success,
  data: z.array(galleryItemSchema),
  pagination: paginationSchema,
  message: text,
});
export type PastGenerationsResponse = z.infer<typeof pastGenerationsResponseSchema>;
