// Many signed-in users for a bench, made straight in the database: a sign-up through the API
// hashes a password (tens of ms of CPU each), so a thousand of them would take minutes. Each gets a
// users row and a sessions row, and the cookie Better Auth would have set: the token, a dot and
// its HMAC-SHA256 under the auth secret in base64, URI-encoded (better-call's signCookieValue).
// `matchesRealCookie` checks that recipe against a cookie from a real sign-up, so a change in
// Better Auth's format stops the bench instead of measuring 401s.
import { createHmac, randomBytes } from 'node:crypto';
import type { Database } from '../../apps/server/src/db/client';
import { BENCH_AUTH_SECRET } from './bench-app';

const COOKIE = 'better-auth.session_token';

function signedCookie(token: string): string {
  const signature = createHmac('sha256', BENCH_AUTH_SECRET).update(token).digest('base64');
  return `${COOKIE}=${encodeURIComponent(`${token}.${signature}`)}`;
}

/** True when a real sign-up's cookie is what `signedCookie` makes of its token. */
export function matchesRealCookie(cookie: string): boolean {
  const value = cookie
    .split('; ')
    .find((part) => part.startsWith(`${COOKIE}=`))
    ?.slice(COOKIE.length + 1);
  if (!value) return false;
  const token = decodeURIComponent(value).split('.')[0] ?? '';
  return signedCookie(token) === `${COOKIE}=${value}`;
}

/**
 * `count` users named `${prefix}-N`, each with a session as Better Auth makes one at sign-in
 * (7 days, its default `expiresIn`); answers ids and cookies. A shorter one would be past Better
 * Auth's daily refresh, so each user's first request would also rewrite the session row: work a
 * user causes once a day, which a crowd bench would otherwise pay for all its users at once.
 */
export async function createUsers(
  database: Database,
  count: number,
  prefix: string,
): Promise<{ id: string; cookie: string }[]> {
  const users = Array.from({ length: count }, (_, i) => ({
    id: `${prefix}_${String(i)}`,
    token: randomBytes(24).toString('base64url'),
  }));
  await database.pool.query(
    `INSERT INTO users (id, name, email, email_verified)
     SELECT id, 'Bench User', id || '@bench.example', true FROM unnest($1::text[]) AS id`,
    [users.map((u) => u.id)],
  );
  await database.pool.query(
    `INSERT INTO sessions (id, expires_at, token, user_id, created_at, updated_at)
     SELECT 'ses_' || u.id, now() + interval '7 days', u.token, u.id, now(), now()
     FROM unnest($1::text[], $2::text[]) AS u(id, token)`,
    [users.map((u) => u.id), users.map((u) => u.token)],
  );
  return users.map((u) => ({ id: u.id, cookie: signedCookie(u.token) }));
}
