import { siteInfoResponseSchema, type ToolOutputEntry } from '@studio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SiteConfig } from '../../config/env';
import { siteInfo } from './site.service';

/**
 * `GET /site-info`: support contact, legal texts and what each tool really makes here, public (the
 * login page links to the texts and sells the tools).
 */
export const siteRoutes =
  (deps: { site: SiteConfig; tools: readonly ToolOutputEntry[] }): FastifyPluginAsyncZod =>
  async (app) => {
    const info = siteInfo(deps.site, deps.tools);
    app.get(
      '/site-info',
      {
        config: { public: true },
        schema: {
          tags: ['system'],
          summary:
            'Support contact details, privacy policy, terms of service and what each tool makes',
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
