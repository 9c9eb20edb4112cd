import type { SessionUser } from '@studio/contract';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../../http/errors';
import type { Auth } from './auth';

export type AuthUser = Omit<SessionUser, 'providers'>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The user the session cookie names; null on public routes without a session. */
    sessionUser: AuthUser | null;
  }
  interface FastifyContextConfig {
    /** Reachable without a session. Everything else under /api/v1 needs one (default deny). */
    public?: boolean;
  }
}

function claimedUserIds(request: FastifyRequest): unknown[] {
  const sources = [request.body, request.params, request.query];
  return sources
    .filter((s): s is Record<string, unknown> => typeof s === 'object' && s !== null)
    .filter((s) => 'userId' in s)
    .map((s) => s.userId);
}

/**
 * The session decides the user. Runs after validation on every /api/v1 route: loads the session,
 * answers 401 without one (unless the route is public), and 403 when the request names another user
 * in a `userId` body field, path parameter or query parameter.
 */
export function registerSessionGuard(app: FastifyInstance, auth: Auth): void {
  app.decorateRequest('sessionUser', null);
  app.addHook('preHandler', async (request) => {
    const isPublic = request.routeOptions.config.public === true;
    const session = request.headers.cookie
      ? await auth.api.getSession({ headers: fromNodeHeaders(request.headers) })
      : null;
    if (!session) {
      if (isPublic) return;
      throw unauthorized();
    }
    const { user } = session;
    request.sessionUser = {
      id: user.id,
      email: user.email,
      name: user.name,
      image: user.image ?? null,
    };
    if (claimedUserIds(request).some((id) => id !== user.id)) {
      throw forbidden('You can only act on your own account.');
    }
  });
}

/** For handlers on non-public routes, where the guard guarantees a user. */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.sessionUser) throw unauthorized();
  return request.sessionUser;
}
