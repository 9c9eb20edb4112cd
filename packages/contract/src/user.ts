import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants';
import { PHONE_NUMBER_MAX_LENGTH, PHONE_NUMBER_MESSAGE, toE164 } from './phone';
import { gstinProblem, isGstStateCode } from './tax';

/** The longest email our auth requests take. */
export const EMAIL_MAX_LENGTH = 320;

/**
 * A user id as a client sends it (Better Auth's are 32 characters). Every user call names the user
 * it is about; the server refuses any id but the session user's.
 */
export const userIdSchema = z.string().min(1).max(100);

export const userIdBodySchema = z.object({ userId: userIdSchema });
export type UserIdBody = z.infer<typeof userIdBodySchema>;

/** `POST /user/register` (spec §3 registration payload). Idempotent. */
export const registerRequestSchema = z.object({
  userId: userIdSchema,
  emailId: z.string().max(EMAIL_MAX_LENGTH).optional().default(''),
  name: z.string().max(200).optional(),
  profileUrl: z.string().max(2048).optional().default(''),
  timestamp: z.string().max(64).optional(),
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

/*
 * The GSTIN schemas live here, with the requests that use them, rather than in tax.ts: the web
 * imports tax.ts's state list and checks, and a module-level zod call there put zod's full build
 * (and its JSON Schema writer) into the browser's bundle.
 */
const gstinText = (allowEmpty: boolean) =>
  z
    .string()
    .trim()
    .max(15, 'A GSTIN has 15 characters, e.g. 27AAPFU0939F1ZV')
    .toUpperCase()
    .superRefine((value, ctx) => {
      if (allowEmpty && value === '') return;
      const problem = gstinProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
/** A GSTIN as typed: trimmed, upper-cased, checked (format, state, check character). */
export const gstinSchema = gstinText(false);
/** A GSTIN, or '' for none (a profile field that can be cleared). */
export const gstinOrEmptySchema = gstinText(true);

const optionalText = (max: number) => z.string().trim().max(max).nullish();

/** `PUT /user/profile`: undefined or null fields are dropped; only changed fields are written. */
export const updateProfileRequestSchema = z.object({
  userId: userIdSchema,
  name: optionalText(200).refine(
    (v) => v === undefined || v === null || v.length > 0,
    'Name cannot be blank',
  ),
  companyName: optionalText(200),
  // An international number, stored in E.164 (ADR 050); '' clears it.
  phoneNumber: optionalText(PHONE_NUMBER_MAX_LENGTH)
    .refine((v) => !v || toE164(v) !== null, PHONE_NUMBER_MESSAGE)
    .transform((v) => (v ? toE164(v) : v)),
  /** The buyer's GSTIN for receipts ('' clears it); its state becomes the profile's (ADR 051). */
  gstin: gstinOrEmptySchema.nullish(),
  /** The buyer's GST state code when unregistered ('' clears it): the receipt's place of supply. */
  gstState: z
    .string()
    .trim()
    .max(2, 'Choose a state from the list')
    .refine((v) => v === '' || isGstStateCode(v), 'Choose a state from the list')
    .nullish(),
});
export type UpdateProfileRequest = z.input<typeof updateProfileRequestSchema>;

/** `PUT /user/name` (Settings: Change Name). */
export const changeNameRequestSchema = z.object({
  name: z.string().trim().min(1, 'Name cannot be blank').max(200),
});
export type ChangeNameRequest = z.input<typeof changeNameRequestSchema>;

/**
 * `POST /api/auth/sign-up/email`, checked before Better Auth sees it (issue 19): the name bound
 * every other call has, and nothing else (Better Auth took any field, a 500,000-character name or
 * a `javascript:` image URL among them).
 */
export const signUpRequestSchema = z.strictObject({
  name: z.string().trim().min(1, 'Name cannot be blank').max(200),
  email: z.string().trim().min(1).max(EMAIL_MAX_LENGTH),
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters`),
  callbackURL: z.string().max(2000).optional(),
  rememberMe: z.boolean().optional(),
});
export type SignUpRequest = z.input<typeof signUpRequestSchema>;

/**
 * `POST /api/auth/sign-in/email`, checked before its limits: the email becomes a key of the
 * per-account counts, so an unbounded one was a megabyte-long database key. Server-only, like
 * sign-up's: the web's bundle never imports it.
 */
export const signInRequestSchema = z.strictObject({
  email: z.string().trim().min(1).max(EMAIL_MAX_LENGTH),
  // No password is longer than sign-up allows, so a longer one is refused unhashed.
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  callbackURL: z.string().max(2000).optional(),
  rememberMe: z.boolean().optional(),
});
export type SignInRequest = z.input<typeof signInRequestSchema>;

/** `POST /api/auth/request-password-reset`, checked before its limits (the email is a key too). */
export const passwordResetRequestSchema = z.strictObject({
  email: z.string().trim().min(1).max(EMAIL_MAX_LENGTH),
  redirectTo: z.string().max(2000).optional(),
});
export type PasswordResetRequest = z.input<typeof passwordResetRequestSchema>;

/** `POST /user/password` (Settings: Change Password). Every other session of the user ends. */
export const changePasswordRequestSchema = z.object({
  currentPassword: z
    .string()
    .min(1, 'Enter your current password')
    .max(PASSWORD_MAX_LENGTH, 'Your current password is incorrect.'),
  newPassword: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters`),
});
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;
