import { authProvidersResponseSchema, sessionResponseSchema } from '@studio/contract';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import {
  admitPasswordAttempt,
  passwordAccepted,
  tooManyAttempts,
} from '../rate-limits/password-attempts';
import type { Auth } from './auth';
import { signInProviders } from './auth.service';

/**
 * Attempts allowed per window before 429 (scaled by RATE_LIMIT_MULTIPLIER). Per account, password
 * attempts are spaced out instead (password-attempts.ts): a limit there would lock the owner out.
 */
export const authRateLimits = {
  signInPerAddress: { max: 20, window: '15 minutes' },
  /** Changing the password with the current one (`/api/v1/user/password`). */
  passwordPerAddress: { max: 20, window: '15 minutes' },
  signUpPerAddress: { max: 10, window: '1 hour' },
  resetPerAddress: { max: 10, window: '1 hour' },
  resetPerAccount: { max: 3, window: '1 hour' },
} as const;

function bodyEmail(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
}

/**
 * Better Auth's own endpoints, bridged from Fastify to its fetch-style handler. `onOk` runs before
 * a 200 is sent (a correct password clears the account's attempts before the next one can come).
 */
async function forwardToAuth(
  auth: Auth,
  request: FastifyRequest,
  reply: FastifyReply,
  onOk?: () => Promise<void>,
) {
  const url = new URL(request.url, auth.options.baseURL);
  const response = await auth.handler(
    new Request(url, {
      method: request.method,
      headers: fromNodeHeaders(request.headers),
      ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
    }),
  );
  if (response.status === 200 && onOk) await onOk();
  reply.status(response.status);
  // The provider sends the sign-in popup back here; it must not lose its opener (see ADR 008).
  if (url.pathname.startsWith('/api/auth/callback/'))
    reply.header('cross-origin-opener-policy', 'unsafe-none');
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie') reply.header(key, value);
  });
  // Several cookies must stay several headers; Headers.forEach would join them with commas.
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  return reply.send(response.body ? await response.text() : null);
}

export const authHandlerRoutes =
  (deps: { auth: Auth; db: Db; rateLimitMultiplier: number }): FastifyPluginAsyncZod =>
  async (app) => {
    const { auth } = deps;
    // Several independent limits may guard one route (per address and per account), so each is a
    // manual check: the plugin's own route hook runs only once per request.
    const limit = (
      name: string,
      rule: { max: number; window: string },
      key: (request: FastifyRequest) => string,
    ): preHandlerAsyncHookHandler => {
      const check = app.createRateLimit({
        max: Math.ceil(rule.max * deps.rateLimitMultiplier),
        timeWindow: rule.window,
        keyGenerator: (request) => `${name}:${key(request)}`,
      });
      return async (request, reply) => {
        const result = await check(request);
        if (result.isAllowed || !result.isExceeded) return;
        throw tooManyAttempts(reply, result.ttlInSeconds);
      };
    };
    const byAddress = (request: FastifyRequest) => request.ip;

    // Per address first: a refused address never counts against the account it tried.
    app.post(
      '/api/auth/sign-in/email',
      {
        schema: { hide: true },
        preHandler: [
          limit('sign-in-address', authRateLimits.signInPerAddress, byAddress),
          async (request, reply) => {
            await admitPasswordAttempt(deps, reply, bodyEmail(request));
          },
        ],
      },
      (request, reply) =>
        forwardToAuth(auth, request, reply, () => passwordAccepted(deps, bodyEmail(request))),
    );
    const guarded: [string, preHandlerAsyncHookHandler[]][] = [
      [
        '/api/auth/sign-up/email',
        [limit('sign-up-address', authRateLimits.signUpPerAddress, byAddress)],
      ],
      [
        '/api/auth/request-password-reset',
        [
          limit('reset-address', authRateLimits.resetPerAddress, byAddress),
          limit('reset-account', authRateLimits.resetPerAccount, bodyEmail),
        ],
      ],
    ];
    for (const [url, preHandler] of guarded) {
      app.post(url, { schema: { hide: true }, preHandler }, (request, reply) =>
        forwardToAuth(auth, request, reply),
      );
    }
    app.route({
      method: ['GET', 'POST'],
      url: '/api/auth/*',
      schema: { hide: true },
      handler: (request, reply) => forwardToAuth(auth, request, reply),
    });
  };

/** `GET /api/v1/session` and `GET /api/v1/auth/providers`: both public. */
export const sessionRoutes =
  (deps: { db: Db; googleEnabled: boolean }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/session',
      {
        config: { public: true },
        schema: {
          tags: ['auth'],
          summary: 'The signed-in user, or null',
          response: { 200: sessionResponseSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const user = request.sessionUser;
        if (!user) return { user: null };
        return {
          user: { ...user, providers: await signInProviders(deps, user.id) },
        };
      },
    );
    app.get(
      '/auth/providers',
      {
        config: { public: true },
        schema: {
          tags: ['auth'],
          summary: 'Sign-in methods this server offers',
          response: { 200: authProvidersResponseSchema },
        },
      },
      async () => ({ google: deps.googleEnabled, email: true }),
    );
  };
