// What the app shell reads on every page (session, profile, balance, plan), in one module so it
// travels in the entry chunk, and the account pages' answers.
import { z } from 'zod/mini';
import { DEFAULT_ACCOUNT_TYPE } from '../constants';
import { int, strings, success, text, textOrNull } from './read';

/**
 * `GET /health`. In production anyone gets `ok` alone; the database version and uptime are for
 * operators (the `OPERATOR_TOKEN` bearer), and for anyone outside production.
 */
export const healthResponseSchema = z.object({
  ok: z.boolean(),
  database: z.optional(z.object({ version: z.string() })),
  /** Seconds since the process started. */
  uptime: z.optional(z.number()),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  image: textOrNull,
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
export const authRedirectResponseSchema = z.object({ url: z.string() });

/**
 * Spec doc 1 §3 "User profile"; `credits` is the live balance, dates are ISO strings. Only the id
 * is required when reading: one odd field never hides the profile page.
 */
export const userProfileSchema = z.object({
  uid: z.string(),
  name: text,
  emailId: text,
  companyName: text,
  phoneNumber: text,
  profileUrl: text,
  credits: z.catch(int, 0),
  registrationDate: text,
  lastSignIn: textOrNull,
  accountType: z.catch(z.string(), DEFAULT_ACCOUNT_TYPE),
  /** For receipts (ADR 051): the buyer's GSTIN and GST state code, '' when not given. */
  gstin: z.optional(text),
  gstState: z.optional(text),
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
/** The profile fields `PUT /user/profile` edits (the server writes only these). */
export const EDITABLE_PROFILE_FIELDS = [
  'name',
  'companyName',
  'phoneNumber',
  'gstin',
  'gstState',
] as const;
export type EditableProfileField = (typeof EDITABLE_PROFILE_FIELDS)[number];

export const updateProfileResponseSchema = z.object({
  success,
  /** Names of the fields that actually changed. */
  updated: z.array(z.enum(EDITABLE_PROFILE_FIELDS)),
  data: userProfileSchema,
});
export type UpdateProfileResponse = z.infer<typeof updateProfileResponseSchema>;

/** `POST /user/credits`. */
export const creditsResponseSchema = z.object({
  success,
  credits: int,
});
export type CreditsResponse = z.infer<typeof creditsResponseSchema>;

export const messageResponseSchema = z.object({ success, message: text });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** `POST /subscription/status` (spec §3). An expired plan reads as free with the old one as previous. */
export const subscriptionStatusResponseSchema = z.object({
  success,
  type: z.string(),
  subscriptionCode: int,
  subscriptionId: z.nullable(z.string()),
  endingTimestamp: z.nullable(z.string()),
  transactionTimestamp: z.nullable(z.string()),
  previous_type: z.nullable(z.string()),
  previous_subscriptionCode: z.nullable(int),
  /** The plan bought to follow the running one (a downgrade or shorter period, ADR 023). */
  scheduled_type: z.optional(z.nullable(z.string())),
  /** When the scheduled plan starts: the running plan's end. */
  scheduled_start: z.optional(z.nullable(z.string())),
  /**
   * What the running plan's cycles not yet due are worth, in whole currency units per currency
   * (ADR 023): an upgrade takes off up to this, in whole cycles (`upgradeCredit`).
   */
  upgrade_credit: z.optional(z.object({ USD: z.number(), INR: z.number() })),
  /** How many cycles that credit is for (its per-cycle value is credit ÷ cycles). */
  upgrade_cycles: z.optional(int),
});
export type SubscriptionStatusResponse = z.infer<typeof subscriptionStatusResponseSchema>;
