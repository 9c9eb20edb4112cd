import type { FastifyInstance } from 'fastify';
import { bearerKeyOf } from './bearer-key';
import { forbidden } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence in depth beside SameSite=Lax cookies: a state-changing request must come from one of
 * our own origins. Browsers send Sec-Fetch-Site and Origin on such requests; tools that send
 * neither (curl, server-to-server webhooks) are not browsers carrying a victim's cookie.
 *
 * Every unsafe method is checked, whatever its path: a test on the URL's `/api/` prefix let
 * `/%61pi/v1/user/name` through, which the router decodes and runs (issue 29), and no endpoint of
 * ours that changes state is meant for another site's page.
 */
export function registerOriginCheck(app: FastifyInstance, trustedOrigins: readonly string[]): void {
  const trusted = new Set(trustedOrigins);
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    // A call with an API key and no cookie carries no ambient credential another site could
    // borrow: a seller's own systems call from anywhere (issue 35). The session guard refuses a
    // key sent beside a cookie.
    if (bearerKeyOf(request.headers) && request.headers.cookie === undefined) return;
    const site = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== 'null' && trusted.has(origin)) return;
    if (site === 'cross-site' || site === 'same-site' || origin !== undefined) {
      throw forbidden('Cross-site requests are not allowed.');
    }
  });
}
