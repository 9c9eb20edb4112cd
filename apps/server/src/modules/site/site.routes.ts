import { siteInfoResponseSchema } from '@studio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SiteConfig } from '../../config/env';
import { siteInfo } from './site.service';

/** `GET /site-info`: support contact and legal texts, public (the login page links to them). */
export const siteRoutes =
  (deps: { site: SiteConfig }): FastifyPluginAsyncZod =>
  async (app) => {
    const info = siteInfo(deps.site);
    app.get(
      '/site-info',
      {
        config: { public: true },
        schema: {
          tags: ['system'],
          summary: 'Support contact details, privacy policy and terms of service',
          response: { 200: siteInfoResponseSchema },
        },
      },
      async (_request, reply) => {
        // Changes only with a restart; a few minutes of caching spares repeat visits.
        reply.header('cache-control', 'public, max-age=300');
        return info;
      },
    );
  };
