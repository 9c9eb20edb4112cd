import { randomUUID } from 'node:crypto';
import { FREE_SIGNUP_CREDITS } from '@studio/contract';
import type { Db } from '../../db/client';
import type { LotAllocation } from '../../db/schema';
import { AppError } from '../../http/errors';
import * as repo from './credits.repository';
import {
  CREDITS_LOW_THRESHOLD,
  emitCreditsLow,
  isolated,
} from '../outbound-webhooks/outbound-webhooks.service';
import type { DbOrTx, Tx } from '../../db/db-or-tx';

export type { BalanceMismatch } from './credits.repository';

/*
 * The credit ledger (ARCHITECTURE §4). Every change:
 *  - locks the user's account row first (changes for one user are serialised),
 *  - is recognised by its idempotency key (a repeat returns the first result, writes nothing),
 *  - writes one append-only entry and the new balance in the same transaction.
 * Credits live in lots (where they came from, when they lapse); spends take the soonest-expiring
 * lot first, so the balance always equals both the sum of entries and the sum of lot remainders.
 */

export type LotSource = 'welcome' | 'plan' | 'topup' | 'adjust';
export type EntryKind =
  'grant' | 'purchase' | 'reserve' | 'capture' | 'release' | 'expire' | 'adjust';

export interface Reference {
  type: string;
  id: string;
}

export interface LedgerResult {
  balance: number;
  /** True when the idempotency key had been used: nothing was written this time. */
  duplicate: boolean;
}

export const insufficientCredits = (required: number, available: number) =>
  new AppError(
    402,
    'insufficient_credits',
    `You need ${String(required)} credits for this and have ${String(available)}.`,
    { required, available },
  );

/** Runs `work` in a transaction, or in a savepoint when the caller already opened one. */
function inTransaction<T>(db: DbOrTx, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(work);
}

/** Serialises the caller's transaction with every other credit change of this user. */
export function lockCredits(tx: Tx, userId: string): Promise<number> {
  return repo.lockAccount(tx, userId);
}

export function balanceOf(db: DbOrTx, userId: string): Promise<number> {
  return repo.findBalance(db, userId);
}

export interface GrantInput {
  userId: string;
  amount: number;
  key: string;
  kind: 'grant' | 'purchase' | 'adjust';
  source: LotSource;
  /** Null: the credits never expire. */
  expiresAt: Date | null;
  reference?: Reference;
  reason?: string;
  now?: Date;
}

/** Adds credits as a new lot. */
export function grant(db: DbOrTx, input: GrantInput): Promise<LedgerResult> {
  if (!Number.isInteger(input.amount) || input.amount <= 0) {
    throw new AppError(400, 'bad_request', 'A grant must be a positive whole number of credits.');
  }
  const now = input.now ?? new Date();
  return inTransaction(db, async (tx) => {
    const balance = await repo.lockAccount(tx, input.userId);
    if (await repo.findEntryByKey(tx, input.key)) return { balance, duplicate: true };
    const next = balance + input.amount;
    const entry = await repo.insertEntry(tx, {
      userId: input.userId,
      kind: input.kind,
      amount: input.amount,
      balanceAfter: next,
      idempotencyKey: input.key,
      referenceType: input.reference?.type,
      referenceId: input.reference?.id,
      reason: input.reason,
      createdAt: now,
    });
    await repo.insertLot(tx, {
      userId: input.userId,
      source: input.source,
      granted: input.amount,
      remaining: input.amount,
      expiresAt: input.expiresAt,
      entryId: entry.id,
      createdAt: now,
    });
    await repo.setBalance(tx, input.userId, next, now);
    return { balance: next, duplicate: false };
  });
}

/** The Free plan's credits, once per account whatever calls it how often. */
export function grantWelcomeCredits(db: DbOrTx, userId: string, now?: Date) {
  return grant(db, {
    userId,
    amount: FREE_SIGNUP_CREDITS,
    key: `welcome:${userId}`,
    kind: 'grant',
    source: 'welcome',
    expiresAt: null,
    reason: 'Welcome credits',
    ...(now ? { now } : {}),
  });
}

/** Takes `amount` from the soonest-expiring lots; the caller holds the account lock. */
async function takeFromLots(
  tx: Tx,
  userId: string,
  amount: number,
  balance: number,
  now: Date,
): Promise<LotAllocation[]> {
  if (balance < amount) throw insufficientCredits(amount, balance);
  const allocations: LotAllocation[] = [];
  let left = amount;
  for (const lot of await repo.spendableLots(tx, userId, now)) {
    if (left === 0) break;
    const take = Math.min(lot.remaining, left);
    await repo.addToLot(tx, lot.id, -take);
    allocations.push({ lotId: lot.id, amount: take });
    left -= take;
  }
  // Lapsed lots not yet swept still count in the balance but cannot be spent.
  if (left > 0) throw insufficientCredits(amount, amount - left);
  return allocations;
}

export interface ReserveInput {
  userId: string;
  /** The work the credits are held for (a generation id): one reservation per id. */
  reservationId: string;
  amount: number;
  now?: Date;
}

/** Holds credits for a piece of work; throws `insufficient_credits` (402) when they are not there. */
export function reserve(db: DbOrTx, input: ReserveInput): Promise<LedgerResult> {
  if (!Number.isInteger(input.amount) || input.amount <= 0) {
    throw new AppError(400, 'bad_request', 'A reservation must be a positive whole number.');
  }
  const now = input.now ?? new Date();
  const key = `reserve:${input.reservationId}`;
  return inTransaction(db, async (tx) => {
    const balance = await repo.lockAccount(tx, input.userId);
    if (await repo.findEntryByKey(tx, key)) return { balance, duplicate: true };
    const allocations = await takeFromLots(tx, input.userId, input.amount, balance, now);
    const next = balance - input.amount;
    await repo.insertReservation(tx, {
      id: input.reservationId,
      userId: input.userId,
      amount: input.amount,
      allocations,
      at: now,
    });
    await repo.insertEntry(tx, {
      userId: input.userId,
      kind: 'reserve',
      amount: -input.amount,
      balanceAfter: next,
      idempotencyKey: key,
      referenceType: 'generation',
      referenceId: input.reservationId,
      createdAt: now,
    });
    await repo.setBalance(tx, input.userId, next, now);
    // A spend that takes the balance under the low mark tells the user's endpoints (ADR 060).
    if (next < CREDITS_LOW_THRESHOLD && balance >= CREDITS_LOW_THRESHOLD) {
      await isolated(tx, (sp) => emitCreditsLow(sp, input.userId, balance, next));
    }
    return { balance: next, duplicate: false };
  });
}

export interface SettleResult {
  /** False when the reservation was already captured or released: nothing changed. */
  changed: boolean;
  status: 'captured' | 'released';
  balance: number;
}

async function settle(
  db: DbOrTx,
  reservationId: string,
  outcome: 'captured' | 'released',
  now: Date,
): Promise<SettleResult> {
  const found = await repo.findReservation(db, reservationId);
  if (!found) throw new AppError(404, 'not_found', 'No credits are held for this work.');
  return inTransaction(db, async (tx) => {
    const balance = await repo.lockAccount(tx, found.userId);
    // Re-read under the lock: a concurrent settle may have won.
    const reservation = await repo.findReservation(tx, reservationId);
    if (!reservation || reservation.status !== 'held') {
      const status = reservation?.status === 'released' ? 'released' : 'captured';
      return { changed: false, status, balance };
    }
    const returned = outcome === 'released' ? reservation.amount : 0;
    const next = balance + returned;
    await repo.settleReservation(tx, reservationId, outcome, now);
    await repo.insertEntry(tx, {
      userId: reservation.userId,
      kind: outcome === 'captured' ? 'capture' : 'release',
      amount: returned,
      balanceAfter: next,
      idempotencyKey: `${outcome === 'captured' ? 'capture' : 'release'}:${reservationId}`,
      referenceType: 'generation',
      referenceId: reservationId,
      createdAt: now,
    });
    for (const allocation of reservation.allocations) {
      if (returned > 0) await repo.addToLot(tx, allocation.lotId, allocation.amount);
    }
    await repo.setBalance(tx, reservation.userId, next, now);
    // Credits returned to a lot that lapsed meanwhile expire now rather than at the next sweep.
    const after = returned > 0 ? await expireLapsed(tx, now, reservation.userId) : next;
    return { changed: true, status: outcome, balance: after };
  });
}

/** The work succeeded: the held credits are spent. Exactly once per reservation. */
export function capture(db: DbOrTx, reservationId: string, now = new Date()) {
  return settle(db, reservationId, 'captured', now);
}

/** The work failed or was cancelled: the held credits return. Exactly once per reservation. */
export function release(db: DbOrTx, reservationId: string, now = new Date()) {
  return settle(db, reservationId, 'released', now);
}

export function findReservation(db: DbOrTx, reservationId: string) {
  return repo.findReservation(db, reservationId);
}

/** Expires the lapsed lots of one user inside an open transaction; returns the new balance. */
async function expireLapsed(tx: Tx, now: Date, userId: string): Promise<number> {
  let balance = await repo.lockAccount(tx, userId);
  for (const lot of await repo.lapsedLots(tx, now, userId)) {
    balance -= lot.remaining;
    await repo.addToLot(tx, lot.id, -lot.remaining);
    await repo.insertEntry(tx, {
      userId,
      kind: 'expire',
      amount: -lot.remaining,
      balanceAfter: balance,
      // State-driven under the account lock, so no replay to recognise; a lot can expire more than
      // once (credits released back into it after it lapsed), hence a fresh key each time.
      idempotencyKey: `expire:${lot.id}:${randomUUID()}`,
      referenceType: 'lot',
      referenceId: lot.id,
      createdAt: now,
    });
  }
  await repo.setBalance(tx, userId, balance, now);
  return balance;
}

/** Sweeps every lapsed lot (the recurring job); each user in its own short transaction. */
export async function expireDue(db: Db, now = new Date()): Promise<{ users: number }> {
  const userIds = new Set((await repo.lapsedLots(db, now)).map((lot) => lot.userId));
  for (const userId of userIds) {
    await db.transaction((tx) => expireLapsed(tx, now, userId));
  }
  return { users: userIds.size };
}

export interface AdjustInput {
  userId: string;
  /** Signed: positive adds never-expiring credits, negative removes (soonest-expiring first). */
  amount: number;
  reason: string;
  key: string;
  now?: Date;
}

/** An operator's correction, always with a reason. */
export function adjust(db: DbOrTx, input: AdjustInput): Promise<LedgerResult> {
  if (!Number.isInteger(input.amount) || input.amount === 0) {
    throw new AppError(400, 'bad_request', 'An adjustment must be a non-zero whole number.');
  }
  if (input.reason.trim() === '') throw new AppError(400, 'bad_request', 'Give a reason.');
  const now = input.now ?? new Date();
  if (input.amount > 0) {
    return grant(db, {
      userId: input.userId,
      amount: input.amount,
      key: input.key,
      kind: 'adjust',
      source: 'adjust',
      expiresAt: null,
      reference: { type: 'admin', id: input.key },
      reason: input.reason,
      now,
    });
  }
  return inTransaction(db, async (tx) => {
    const balance = await repo.lockAccount(tx, input.userId);
    if (await repo.findEntryByKey(tx, input.key)) return { balance, duplicate: true };
    await takeFromLots(tx, input.userId, -input.amount, balance, now);
    const next = balance + input.amount;
    await repo.insertEntry(tx, {
      userId: input.userId,
      kind: 'adjust',
      amount: input.amount,
      balanceAfter: next,
      idempotencyKey: input.key,
      referenceType: 'admin',
      referenceId: input.key,
      reason: input.reason,
      createdAt: now,
    });
    await repo.setBalance(tx, input.userId, next, now);
    return { balance: next, duplicate: false };
  });
}

/**
 * Removes what is left of the lots a reference granted (a cancelled or refunded plan). Credits
 * already spent stay spent.
 */
export function revokeLots(
  db: DbOrTx,
  input: { userId: string; referenceType: string; referenceId: string; reason: string; now?: Date },
): Promise<LedgerResult> {
  const now = input.now ?? new Date();
  return inTransaction(db, async (tx) => {
    let balance = await repo.lockAccount(tx, input.userId);
    // End every lot of the reference, empty ones included: credits a running generation holds
    // would otherwise return to a live lot when it fails, and be spendable again.
    await repo.endLotsOfReference(tx, input.userId, input.referenceType, input.referenceId, now);
    const lots = await repo.lotsOfReference(
      tx,
      input.userId,
      input.referenceType,
      input.referenceId,
    );
    for (const lot of lots) {
      balance -= lot.remaining;
      await repo.addToLot(tx, lot.id, -lot.remaining);
      await repo.insertEntry(tx, {
        userId: input.userId,
        kind: 'adjust',
        amount: -lot.remaining,
        balanceAfter: balance,
        idempotencyKey: `revoke:${lot.id}:${randomUUID()}`,
        referenceType: input.referenceType,
        referenceId: input.referenceId,
        reason: input.reason,
        createdAt: now,
      });
    }
    await repo.setBalance(tx, input.userId, balance, now);
    return { balance, duplicate: lots.length === 0 };
  });
}

/**
 * The credits still spendable from one reference's lots (e.g. what a plan's cycles left), and when
 * the last of them lapses (null: never). Said before a plan change (ADR 050).
 */
export async function remainingOfReference(
  db: DbOrTx,
  input: { userId: string; referenceType: string; referenceId: string; now?: Date },
): Promise<{ credits: number; until: Date | null }> {
  const now = input.now ?? new Date();
  const lots = await repo.lotsOfReference(db, input.userId, input.referenceType, input.referenceId);
  const live = lots.filter((lot) => lot.expiresAt === null || lot.expiresAt > now);
  const ends = live.map((lot) => lot.expiresAt?.getTime() ?? Infinity);
  const last = ends.length > 0 ? Math.max(...ends) : null;
  return {
    credits: live.reduce((sum, lot) => sum + lot.remaining, 0),
    until: last === null || last === Infinity ? null : new Date(last),
  };
}

export function listEntries(db: DbOrTx, userId: string) {
  return repo.listEntries(db, userId);
}

/** Accounts whose balance differs from the sum of their entries or lots (should be none). */
export function findBalanceMismatches(db: DbOrTx) {
  return repo.findBalanceMismatches(db);
}
