import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { genericOAuth } from 'better-auth/plugins';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@studio/contract';
import type { Db } from '../../db/client';
import * as schema from '../../db/schema';
import type { Mailer } from '../../platform/email/mailer';
import { passwordHashing } from './password-hashing';

export interface AuthOptions {
  db: Db;
  publicUrl: string;
  secret: string;
  secureCookies: boolean;
  trustedOrigins: string[];
  mailer: Mailer;
  google: { clientId: string; clientSecret: string; discoveryUrl: string } | undefined;
  /**
   * Run after an account is created, whichever way (the users module creates its profile). Passed in
   * rather than imported so auth does not depend on users, which depends on auth for the session.
   */
  onUserCreated: (user: {
    id: string;
    email: string;
    name: string;
    image?: string | null | undefined;
  }) => Promise<void>;
  /** Run after every new session (the users module records the last sign-in). */
  onSignIn: (userId: string, at: Date) => Promise<void>;
  /** Better Auth's own log lines go to the app logger (with request ids nearby), not the console. */
  log: (level: 'debug' | 'info' | 'warn' | 'error', message: string) => void;
}

export const GOOGLE_PROVIDER_ID = 'google';

/**
 * Better Auth on our PostgreSQL: email/password (scrypt, 8–128 characters, never truncated), password
 * reset by mail, and Google through OIDC discovery (state, PKCE and the id_token nonce are checked by
 * Better Auth). Rate limits are ours (auth.routes.ts), so Better Auth's own limiter is off.
 */
export function createAuth(options: AuthOptions) {
  const { db, mailer, onUserCreated, onSignIn } = options;
  return betterAuth({
    appName: 'AI Product Studio',
    baseURL: options.publicUrl,
    basePath: '/api/auth',
    secret: options.secret,
    trustedOrigins: options.trustedOrigins,
    database: drizzleAdapter(db, { provider: 'pg', schema, usePlural: true }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      // Better Auth's scrypt, through an object tests can watch (password-hashing.ts).
      password: {
        hash: (password) => passwordHashing.hash(password),
        verify: (data) => passwordHashing.verify(data),
      },
      // Sign-up never signs in by itself: then Better Auth answers an existing email exactly like
      // a new one (a made-up user, no token) instead of saying it is taken. auth.routes.ts signs a
      // really new account in afterwards (issue 19, ADR 038).
      autoSignIn: false,
      async onExistingUserSignUp({ user }) {
        await mailer.send({
          to: user.email,
          subject: 'Someone tried to create an AI Product Studio account with your email',
          text:
            `Hi ${user.name},\n\nSomeone tried to create a new AI Product Studio account with this ` +
            `email address, which already has one. No new account was made.\n\n` +
            `If it was you, sign in instead, or use "Forgot password?" on the sign-in page.\n` +
            `If it was not you, you need not do anything.\n`,
        });
      },
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, url }) {
        await mailer.send({
          to: user.email,
          subject: 'Reset your AI Product Studio password',
          text:
            `Hi ${user.name},\n\nSomeone asked to reset the password of your AI Product Studio account.\n` +
            `Open this link within an hour to choose a new one:\n\n${url}\n\n` +
            `If it was not you, ignore this message: your password stays as it is.\n`,
        });
      },
    },
    account: { accountLinking: { enabled: true, trustedProviders: [GOOGLE_PROVIDER_ID] } },
    databaseHooks: {
      user: {
        create: {
          // Every account gets its profile row at once, whichever way it signed up.
          async after(user) {
            await onUserCreated(user);
          },
        },
      },
      session: {
        create: {
          async after(session) {
            await onSignIn(session.userId, session.createdAt);
          },
        },
      },
    },
    plugins: options.google
      ? [
          genericOAuth({
            config: [
              {
                providerId: GOOGLE_PROVIDER_ID,
                discoveryUrl: options.google.discoveryUrl,
                clientId: options.google.clientId,
                clientSecret: options.google.clientSecret,
                scopes: ['openid', 'email', 'profile'],
                pkce: true,
                prompt: 'select_account',
              },
            ],
          }),
        ]
      : [],
    rateLimit: { enabled: false },
    // Endpoints the web never calls, off over HTTP (issue 19; the server's own auth.api calls are
    // not affected by this list): the password checks were guesses with no limit, and change-password
    // could keep other sessions (POST /api/v1/user/password, limited, always ends them);
    // update-user took any name or image URL and change-email is not offered (names change through
    // PUT /api/v1/user/name, with our bounds); deleting goes through our erasers, never delete-user.
    disabledPaths: [
      '/verify-password',
      '/change-password',
      '/update-user',
      '/change-email',
      '/delete-user',
    ],
    logger: {
      log: (level, message) => {
        options.log(level, message);
      },
    },
    advanced: { useSecureCookies: options.secureCookies },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
