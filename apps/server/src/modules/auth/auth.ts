import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { Db } from '../../db/client';
import * as schema from '../../db/schema';

export interface AuthOptions {
  db: Db;
  publicUrl: string;
  secret: string;
  secureCookies: boolean;
  trustedOrigins: string[];
}

/** Better Auth on our PostgreSQL. The accounts issue adds Google (OIDC), reset mail and rate limits. */
export function createAuth(options: AuthOptions) {
  return betterAuth({
    appName: 'AI Product Studio',
    baseURL: options.publicUrl,
    basePath: '/api/auth',
    secret: options.secret,
    trustedOrigins: options.trustedOrigins,
    database: drizzleAdapter(options.db, { provider: 'pg', schema, usePlural: true }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: true,
    },
    advanced: { useSecureCookies: options.secureCookies },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
