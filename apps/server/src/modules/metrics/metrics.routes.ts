import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppMetrics } from '../../platform/metrics/metrics';
import { mayScrape } from './metrics.service';

/**
 * Times every answered request into `studio_http_request_duration_seconds` by its route template
 * (never the path itself: ids stay out of the labels), method and status class. Fastify's own
 * `elapsedTime` is read, so no extra hook runs on the way in.
 */
export function registerHttpMetrics(app: FastifyInstance, metrics: AppMetrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeHttp(
      request.method,
      request.routeOptions.url,
      reply.statusCode,
      reply.elapsedTime,
    );
    done();
  });
}

/** `GET /metrics`: the Prometheus text format, for operators only in production (ADR 062). */
export const metricsRoutes =
  (deps: {
    metrics: AppMetrics;
    isProduction: boolean;
    operatorToken: string | undefined;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/metrics',
      { config: { public: true }, schema: { hide: true } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        if (!mayScrape(deps, request.headers.authorization)) {
          reply.header('www-authenticate', 'Bearer');
          return reply.status(401).type('text/plain').send('operator token required\n');
        }
        const { contentType, body } = await deps.metrics.scrape();
        return reply.type(contentType).send(body);
      },
    );
  };
