import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants';

/** Spec doc 1 §3 "User profile"; `credits` is the live balance, dates are ISO strings. */
export const userProfileSchema = z.object({
  uid: z.string(),
  name: z.string(),
  emailId: z.string(),
  companyName: z.string(),
  phoneNumber: z.string(),
  profileUrl: z.string(),
  credits: z.number().int().min(0),
  registrationDate: z.string(),
  lastSignIn: z.string().nullable(),
  accountType: z.string(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

/** Every user call names the user it is about; the server refuses any id but the session user's. */
export const userIdBodySchema = z.object({ userId: z.string().min(1) });
export type UserIdBody = z.infer<typeof userIdBodySchema>;

/** `POST /user/register` (spec §3 registration payload). Idempotent. */
export const registerRequestSchema = z.object({
  userId: z.string().min(1),
  emailId: z.string().max(320).optional().default(''),
  name: z.string().max(200).optional(),
  profileUrl: z.string().max(2048).optional().default(''),
  timestamp: z.string().optional(),
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;
export const registerResponseSchema = z.object({
  success: z.literal(true),
  /** True only for the call that created the profile. */
  created: z.boolean(),
  data: userProfileSchema,
});
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

export const missingFieldsSchema = z.object({ companyName: z.boolean(), phoneNumber: z.boolean() });
export type MissingFields = z.infer<typeof missingFieldsSchema>;

/** `POST /user/profile-details`. */
export const profileDetailsResponseSchema = z.object({
  success: z.literal(true),
  data: userProfileSchema,
  missingFields: missingFieldsSchema,
});
export type ProfileDetailsResponse = z.infer<typeof profileDetailsResponseSchema>;

const optionalText = (max: number) => z.string().trim().max(max).nullish();

/** `PUT /user/profile`: undefined or null fields are dropped; only changed fields are written. */
export const updateProfileRequestSchema = z.object({
  userId: z.string().min(1),
  name: optionalText(200).refine(
    (v) => v === undefined || v === null || v.length > 0,
    'Name cannot be blank',
  ),
  companyName: optionalText(200),
  phoneNumber: optionalText(40),
});
export type UpdateProfileRequest = z.input<typeof updateProfileRequestSchema>;
export const updateProfileResponseSchema = z.object({
  success: z.literal(true),
  /** Names of the fields that actually changed. */
  updated: z.array(z.enum(['name', 'companyName', 'phoneNumber'])),
  data: userProfileSchema,
});
export type UpdateProfileResponse = z.infer<typeof updateProfileResponseSchema>;

/** `POST /user/credits`. */
export const creditsResponseSchema = z.object({
  success: z.literal(true),
  credits: z.number().int().min(0),
});
export type CreditsResponse = z.infer<typeof creditsResponseSchema>;

/** `PUT /user/name` (Settings: Change Name). */
export const changeNameRequestSchema = z.object({
  name: z.string().trim().min(1, 'Name cannot be blank').max(200),
});
export type ChangeNameRequest = z.input<typeof changeNameRequestSchema>;

/** `POST /user/password` (Settings: Change Password). Every other session of the user ends. */
export const changePasswordRequestSchema = z.object({
  currentPassword: z.string().min(1, 'Enter your current password'),
  newPassword: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters`),
});
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

export const messageResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** `GET /auth/providers`: which sign-in methods this server offers (public). */
export const authProvidersResponseSchema = z.object({ google: z.boolean(), email: z.boolean() });
export type AuthProvidersResponse = z.infer<typeof authProvidersResponseSchema>;
