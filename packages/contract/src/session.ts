import { z } from 'zod';

export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  /** Providers the account can sign in with, e.g. `credential`, `google`. */
  providers: z.array(z.string()),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** `GET /api/v1/session`: who the session cookie says you are (null when signed out). */
export const sessionResponseSchema = z.object({ user: sessionUserSchema.nullable() });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;
