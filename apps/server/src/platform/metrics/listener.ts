import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppMetrics } from './metrics';

/**
 * `METRICS_PORT`: `GET /metrics` alone on a port of its own, bound to `METRICS_HOST` (a private
 * interface; loopback by default), without the operator token (ADR 062). How a `ROLE=worker`
 * process, which serves no HTTP otherwise, is scraped.
 */
export async function listenForMetrics(
  metrics: AppMetrics,
  options: { port: number; host: string },
): Promise<{ port: number; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    metrics.scrape().then(
      ({ contentType, body }) => {
        response
          .writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' })
          .end(request.method === 'HEAD' ? undefined : body);
      },
      () => {
        response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics unavailable\n');
      },
    );
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
        server.closeAllConnections();
      }),
  };
}
