import {
  ANALYTICS_RANGES,
  DEFAULT_ANALYTICS_RANGE,
  MAX_TIME_ZONE_LENGTH,
  analyticsResponseSchema,
} from '@studio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { fastSerializer } from '../../http/fast-serializer';
import { requireUser } from '../auth/session-guard';
import { cachedAnalytics } from './analytics.service';

/**
 * A zone the runtime's time-zone database knows, canonical or alias (Asia/Kolkata is listed as
 * Asia/Calcutta by `Intl.supportedValuesOf`, so the list alone would refuse it). PostgreSQL's
 * database is checked too, by the query: a name only one of them knows is a 400 as well.
 */
function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const querystring = z.object({
  range: z.enum(ANALYTICS_RANGES).default(DEFAULT_ANALYTICS_RANGE),
  tz: z
    .string()
    .max(MAX_TIME_ZONE_LENGTH)
    .min(1)
    .refine(isTimeZone, 'Unknown time zone: use an IANA name such as Europe/Paris')
    .default('UTC'),
});

export const analyticsRoutes =
  (deps: { db: Db }): FastifyPluginAsyncZod =>
  async (app) => {
    const analytics = cachedAnalytics(deps.db);
    app.get(
      '/analytics',
      {
        schema: {
          tags: ['analytics'],
          summary: 'Usage per period of 7, 30 or 90 days in the user’s time zone, credits per tool',
          querystring,
          response: { 200: analyticsResponseSchema },
        },
        serializerCompiler: fastSerializer,
      },
      async (request) => {
        const { range, tz } = request.query;
        return {
          success: true as const,
          ...(await analytics({ userId: requireUser(request).id, range, timeZone: tz })),
        };
      },
    );
  };
