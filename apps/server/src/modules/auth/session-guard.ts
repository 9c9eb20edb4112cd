import type { SessionUser } from '@studio/contract';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../../http/errors';
import type { Auth } from './auth';
import { createSessionCache, type SessionCache } from './session-cache';

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
 * The session decides the user, on every /api/v1 route. `onRequest`, before the body is read and
 * validated: a caller without a session (on a non-public route) gets 401 and never a validation
 * answer that would describe the schema. Loading the session this early also lets the per-user
 * rate limits (route `onRequest` hooks, which run after this one) key on the user.
 * `preValidation`, on the body, path and query as sent: 403 when a `userId` names another user,
 * also on routes whose schema does not declare `userId` (validation would strip it unnoticed).
 */
export function registerSessionGuard(
  app: FastifyInstance,
  auth: Auth,
  sessions: SessionCache = createSessionCache(0),
): void {
  app.decorateRequest('sessionUser', null);
  app.addHook('onRequest', async (request) => {
    const isPublic = request.routeOptions.config.public === true;
    const { cookie } = request.headers;
    const cached = cookie ? sessions.get(cookie) : undefined;
    if (cached) {
      request.sessionUser = cached;
      return;
    }
    const epoch = sessions.epoch();
    const session = cookie
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
    if (cookie) sessions.set(cookie, request.sessionUser, session.session.expiresAt, epoch);
  });
  app.addHook('preValidation', async (request) => {
    const user = request.sessionUser;
    if (user && claimedUserIds(request).some((id) => id !== user.id)) {
      throw forbidden('You can only act on your own account.');
    }
  });
}

/** For handlers on non-public routes, where the guard guarantees a user. */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.sessionUser) throw unauthorized();
  return request.sessionUser;
}
