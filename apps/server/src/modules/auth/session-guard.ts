import type { ApiKeyScope, SessionUser } from '@studio/contract';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerKeyOf } from '../../http/bearer-key';
import { AppError, forbidden, unauthorized } from '../../http/errors';
import type { Auth } from './auth';
import { createSessionCache, type SessionCache } from './session-cache';

export type AuthUser = Omit<SessionUser, 'providers'>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The user the session cookie (or API key) names; null on public routes without either. */
    sessionUser: AuthUser | null;
    /** The API key the call came with (issue 35); null for a session. */
    apiKey: { id: string; scopes: ApiKeyScope[] } | null;
  }
  interface FastifyContextConfig {
    /** Reachable without a session. Everything else under /api/v1 needs one (default deny). */
    public?: boolean;
    /**
     * Reachable with `Authorization: Bearer <API key>` holding this scope (issue 35). Routes
     * without it (account, billing, key management) take a signed-in session only.
     */
    apiKey?: ApiKeyScope;
  }
}

/** Resolves an API key to its owner (modules/api-keys); null when unknown or revoked. */
export interface KeyLookup {
  resolve(key: string): Promise<{ keyId: string; scopes: ApiKeyScope[]; user: AuthUser } | null>;
}

/**
 * A call made with an API key: never beside a cookie (a browser carrying a session must not also
 * carry someone's key), only on routes that name a scope, and only with that scope.
 */
async function keyCaller(request: FastifyRequest, key: string, keys: KeyLookup | undefined) {
  if (request.headers.cookie !== undefined) {
    throw new AppError(400, 'bad_request', 'Send either a session cookie or an API key, not both.');
  }
  const scope = request.routeOptions.config.apiKey;
  if (!scope) {
    throw forbidden('This call needs a signed-in session: API keys cannot use it.');
  }
  const caller = keys ? await keys.resolve(key) : null;
  if (!caller) throw unauthorized('The API key is not valid, or it was revoked.');
  if (!caller.scopes.includes(scope)) {
    throw forbidden(`This API key lacks the "${scope}" scope this call needs.`);
  }
  request.sessionUser = caller.user;
  request.apiKey = { id: caller.keyId, scopes: caller.scopes };
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
  keys?: KeyLookup,
): void {
  app.decorateRequest('sessionUser', null);
  app.decorateRequest('apiKey', null);
  app.addHook('onRequest', async (request) => {
    const key = bearerKeyOf(request.headers);
    if (key !== undefined) {
      await keyCaller(request, key, keys);
      return;
    }
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
