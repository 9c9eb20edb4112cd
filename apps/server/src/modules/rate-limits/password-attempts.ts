import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import {
  claimPasswordAttempt,
  clearPasswordAttempts,
  type AttemptRule,
} from './rate-limits.repository';

/*
 * Password guessing per account (issue 19 item 4, ADR 038). A lockout (5 wrong tries, then 15
 * minutes of 429 whoever asks) let anyone lock a seller out of their studio by typing their email.
 * Instead each attempt beyond the first five waits twice as long as the previous one, never more
 * than a minute: the owner is at worst a minute from signing in, while a guesser spread over many
 * addresses gets about sixty tries an hour; the per-address limits stop a single address sooner.
 */
export const PASSWORD_ATTEMPTS: AttemptRule = {
  free: 5,
  maxDelaySeconds: 60,
  forgetAfterSeconds: 15 * 60,
};

/** The account a password attempt is on: the email as typed, trimmed and lower-cased. */
export function accountKey(email: string): string {
  return email.trim().toLowerCase();
}

/** A 429 with Retry-After and our words, for every limit guarding passwords and auth. */
export function tooManyAttempts(reply: FastifyReply, seconds: number): AppError {
  const wait = Math.max(1, Math.ceil(seconds));
  reply.header('retry-after', String(wait));
  const words = wait >= 90 ? `${Math.ceil(wait / 60)} minutes` : `${wait} seconds`;
  return new AppError(429, 'rate_limited', `Too many attempts. Please try again in ${words}.`);
}

/**
 * Records a password attempt on `email`'s account, or throws the 429 saying how long to wait.
 * `multiplier` (RATE_LIMIT_MULTIPLIER) scales the free attempts like every other limit.
 */
export async function admitPasswordAttempt(
  deps: { db: Db; rateLimitMultiplier: number },
  reply: FastifyReply,
  email: string,
): Promise<void> {
  const rule = {
    ...PASSWORD_ATTEMPTS,
    free: Math.ceil(PASSWORD_ATTEMPTS.free * deps.rateLimitMultiplier),
  };
  const wait = await claimPasswordAttempt(deps.db, accountKey(email), rule);
  if (wait !== null) throw tooManyAttempts(reply, wait);
}

/** The right password: the account's count starts again. */
export function passwordAccepted(deps: { db: Db }, email: string): Promise<void> {
  return clearPasswordAttempts(deps.db, accountKey(email));
}
