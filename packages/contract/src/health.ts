import { z } from 'zod';

export const healthResponseSchema = z.object({
  ok: z.boolean(),
  database: z.object({ version: z.string() }),
  /** Seconds since the process started. */
  uptime: z.number(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
