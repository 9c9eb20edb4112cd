import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { tooManyAttempts } from './attempt-limit';
import {
  deviceCookieKey,
  deviceCookieOf,
  deviceSetCookie,
  signDevice,
  verifiedDevice,
} from './device-cookie';
import {
  claimPasswordAttempt,
  clearPasswordAttempts,
  incrementCounter,
  type AttemptRule,
} from './rate-limits.repository';

/*
 * Password guessing (issue 19 item 4, ADR 038). A lockout (5 wrong tries, then 15 minutes of 429
 * whoever asks) let anyone lock a seller out by typing their email. Spacing attempts per account
 * was no better: only a claimed attempt moved the next opening and the 429 said when it came, so a
 * guesser taking every opening kept the owner refused. So the spacing is per account AND per
 * client: the client is the browser when it carries the account's device cookie (set by a correct
 * password, device-cookie.ts), else the address. A guesser only ever waits on their own openings.
 * Across clients without the account's device cookie one looser ceiling per account caps the
 * guessing spread over many addresses; a known device never meets it.
 */
export const PASSWORD_ATTEMPTS: AttemptRule = {
  free: 5,
  maxDelaySeconds: 60,
  forgetAfterSeconds: 15 * 60,
};

/**
 * Attempts per account per hour from clients without its device cookie. One address, spaced out
 * and under its own per-address limit, stays below it (about 68 an hour), so a single guessing
 * address cannot hold an owner out even on a new browser.
 */
export const PASSWORD_ACCOUNT_CEILING = { max: 100, windowSeconds: 60 * 60 } as const;

/** The account a password attempt is on: the email as typed, trimmed and lower-cased. */
export function accountKey(email: string): string {
  return email.trim().toLowerCase();
}

/** Who is typing a password: the account's known device, or an address. */
export interface PasswordClient {
  /** `device:<id>` or `ip:<address>`: the client's own budget. */
  key: string;
  /** True for a browser carrying this account's device cookie: the account's ceiling skips it. */
  knownDevice: boolean;
}

export interface PasswordGuard {
  client(request: FastifyRequest, email: string): PasswordClient;
  /** Records a password attempt on `email`'s account from this client, or throws the 429. */
  admit(request: FastifyRequest, reply: FastifyReply, email: string): Promise<void>;
  /** The right password: this client's count starts again, and its browser becomes known. */
  accepted(request: FastifyRequest, reply: FastifyReply, email: string): Promise<void>;
}

export function createPasswordGuard(options: {
  db: Db;
  /** RATE_LIMIT_MULTIPLIER: scales the free attempts and the ceiling like every other limit. */
  rateLimitMultiplier: number;
  authSecret: string;
  secureCookies: boolean;
}): PasswordGuard {
  const { db, rateLimitMultiplier } = options;
  const key = deviceCookieKey(options.authSecret);
  const rule = {
    ...PASSWORD_ATTEMPTS,
    free: Math.ceil(PASSWORD_ATTEMPTS.free * rateLimitMultiplier),
  };
  const ceiling = Math.ceil(PASSWORD_ACCOUNT_CEILING.max * rateLimitMultiplier);

  const client = (request: FastifyRequest, email: string): PasswordClient => {
    const cookie = deviceCookieOf(request);
    const device = cookie === undefined ? null : verifiedDevice(key, accountKey(email), cookie);
    return device === null
      ? { key: `ip:${request.ip}`, knownDevice: false }
      : { key: `device:${device}`, knownDevice: true };
  };
  // The client comes last: an address or device id never holds '|', so keys cannot collide.
  const bucket = (account: string, who: PasswordClient) => `${account}|${who.key}`;

  return {
    client,
    async admit(request, reply, email) {
      const account = accountKey(email);
      const who = client(request, email);
      const wait = await claimPasswordAttempt(db, bucket(account, who), rule);
      if (wait !== null) throw tooManyAttempts(reply, wait);
      // Counted only once the client's own spacing let the attempt through: refused retries
      // from one address must not fill the account's ceiling for everyone else.
      if (who.knownDevice) return;
      const counted = await incrementCounter(
        db,
        `password-account:${account}`,
        PASSWORD_ACCOUNT_CEILING.windowSeconds * 1000,
      );
      if (counted.count > ceiling) throw tooManyAttempts(reply, counted.ttlMs / 1000);
    },
    async accepted(request, reply, email) {
      const account = accountKey(email);
      const who = client(request, email);
      await clearPasswordAttempts(db, bucket(account, who));
      if (!who.knownDevice) {
        reply.header(
          'set-cookie',
          deviceSetCookie(signDevice(key, account), options.secureCookies),
        );
      }
    },
  };
}
