import {
  authProvidersResponseSchema,
  passwordResetRequestSchema,
  sessionResponseSchema,
  signInRequestSchema,
  signUpRequestSchema,
} from '@studio/contract';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { attemptLimits } from '../rate-limits/attempt-limit';
import type { PasswordGuard } from '../rate-limits/password-attempts';
import type { Auth } from './auth';
import { callAuth, sendAuthResponse } from './auth-bridge';
import { isStoredUser, signInProviders } from './auth.service';

/**
 * Attempts allowed per window before 429 (scaled by RATE_LIMIT_MULTIPLIER). Password attempts are
 * spaced out per account and client instead (password-attempts.ts): a per-account limit alone
 * would let anyone lock the owner out.
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

export const authHandlerRoutes =
  (deps: {
    auth: Auth;
    db: Db;
    rateLimitMultiplier: number;
    passwords: PasswordGuard;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const { auth } = deps;
    const limit = attemptLimits(app, deps.rateLimitMultiplier);
    const byAddress = (request: FastifyRequest) => request.ip;
    // The account's known device has a budget of its own, so a guesser behind the owner's address
    // (one office, one carrier NAT) cannot spend the owner's.
    const byClient = (request: FastifyRequest) =>
      deps.passwords.client(request, bodyEmail(request)).key;

    // Bodies are bounded before any limit runs (the email becomes a key of their counts); per
    // client first: a refused client never counts against the account it tried.
    app.post(
      '/api/auth/sign-in/email',
      {
        schema: { hide: true, body: signInRequestSchema },
        preHandler: [
          limit('sign-in-address', authRateLimits.signInPerAddress, byClient),
          async (request, reply) => {
            await deps.passwords.admit(request, reply, bodyEmail(request));
          },
        ],
      },
      async (request, reply) => {
        const response = await callAuth(auth, request);
        // Cleared before the 200 leaves, so the next attempt already starts from nothing.
        if (response.status === 200)
          await deps.passwords.accepted(request, reply, bodyEmail(request));
        return sendAuthResponse(reply, request, response);
      },
    );

    // Our bounds before Better Auth's, and an existing email answered exactly like a new one
    // (issue 19): Better Auth, with auto sign-in off, answers both with a user and no token; only
    // an account this request really created is signed in. The other way does the same password
    // work, so the time taken does not tell them apart either; the owner is mailed (auth.ts).
    app.post(
      '/api/auth/sign-up/email',
      {
        schema: { hide: true, body: signUpRequestSchema },
        preHandler: [limit('sign-up-address', authRateLimits.signUpPerAddress, byAddress)],
      },
      async (request, reply) => {
        const response = await callAuth(auth, request);
        if (response.status !== 200) return sendAuthResponse(reply, request, response);
        const answer = (await response.json()) as { user?: { id?: unknown } };
        const id = typeof answer.user?.id === 'string' ? answer.user.id : '';
        const { email, password, rememberMe } = request.body;
        if (id !== '' && (await isStoredUser(deps, id))) {
          const { headers } = await auth.api.signInEmail({
            body: { email, password, ...(rememberMe === undefined ? {} : { rememberMe }) },
            headers: fromNodeHeaders(request.headers),
            returnHeaders: true,
          });
          const cookies = headers.getSetCookie();
          if (cookies.length) reply.header('set-cookie', cookies);
          await deps.passwords.accepted(request, reply, email);
        } else {
          await (await auth.$context).password.hash(password);
        }
        reply.header('cache-control', 'no-store');
        return { token: null, user: answer.user };
      },
    );

    app.post(
      '/api/auth/request-password-reset',
      {
        schema: { hide: true, body: passwordResetRequestSchema },
        preHandler: [
          limit('reset-address', authRateLimits.resetPerAddress, byAddress),
          limit('reset-account', authRateLimits.resetPerAccount, bodyEmail),
        ],
      },
      async (request, reply) => sendAuthResponse(reply, request, await callAuth(auth, request)),
    );
    app.route({
      method: ['GET', 'POST'],
      url: '/api/auth/*',
      schema: { hide: true },
      handler: async (request, reply) =>
        sendAuthResponse(reply, request, await callAuth(auth, request)),
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
