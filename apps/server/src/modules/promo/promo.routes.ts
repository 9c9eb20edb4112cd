import { promoBannerSchema } from '@studio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as promo from './promo.service';

/**
 * `GET /promo-banner` (spec document 1 §2 Dashboard, §7): public, the same for everyone. 204 when
 * no banner is live. Clients ask every 10 minutes; a minute of caching keeps an ended banner from
 * lingering longer than that.
 */
export const promoRoutes =
  (deps: promo.PromoDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/promo-banner',
      {
        config: { public: true },
        schema: {
          tags: ['catalog'],
          summary: 'The promo banner live now (204 when none)',
          response: { 200: promoBannerSchema, 204: z.null().describe('No banner is live') },
        },
      },
      async (request, reply) => {
        void reply.header('cache-control', 'public, max-age=60');
        const banner = await promo.liveBanner(deps, new Date(), (message, id) => {
          request.log.warn({ promoBannerId: id }, message);
        });
        if (!banner) return reply.status(204).send(null);
        return banner;
      },
    );
  };
