import {
  ANALYTICS_RANGES,
  DEFAULT_ANALYTICS_RANGE,
  MAX_TIME_ZONE_LENGTH,
  analyticsResponseSchema,
} from '@studio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { requireUser } from '../auth/session-guard';
import { analytics } from './analytics.service';

/**
 * The runtime's IANA zones (plus UTC, which some runtimes leave out of the list). Only a zone from
 * this set reaches PostgreSQL, so a bad one is a 400 here, never a database error.
 */
const TIME_ZONES = new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);

const querystring = z.object({
  range: z.enum(ANALYTICS_RANGES).default(DEFAULT_ANALYTICS_RANGE),
  tz: z
    .string()
    .max(MAX_TIME_ZONE_LENGTH)
    .refine(
      (zone) => TIME_ZONES.has(zone),
      'Unknown time zone: use an IANA name such as Europe/Paris',
    )
    .default('UTC'),
});

export const analyticsRoutes =
  (deps: { db: Db }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/analytics',
      {
        schema: {
          tags: ['analytics'],
          summary: 'Usage per period of 7, 30 or 90 days in the user’s time zone, credits per tool',
          querystring,
          response: { 200: analyticsResponseSchema },
        },
      },
      async (request) => {
        const { range, tz } = request.query;
        return {
          success: true as const,
          ...(await analytics(deps.db, { userId: requireUser(request).id, range, timeZone: tz })),
        };
      },
    );
  };
