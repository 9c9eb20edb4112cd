import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// Accounting records outlive the account (ADR 008): no foreign key to users, so deleting a user
// never cascades into the ledger, orders or payment events.

/**
 * A user's spendable balance. Every change goes with a ledger entry in the same transaction; the
 * CHECK makes a negative balance impossible whatever the code does.
 */
export const creditAccounts = pgTable(
  'credit_accounts',
  {
    userId: text('user_id').primaryKey(),
    balance: integer('balance').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('credit_accounts_balance_non_negative', sql`${t.balance} >= 0`)],
);

/**
 * The ledger entries the credit histories show: welcome credits, adjustments and expiries. Plain
 * SQL text, the same in the partial index and in every query meant to use it.
 */
export const HISTORY_ENTRY_PREDICATE = `("kind" in ('adjust', 'expire') or "idempotency_key" like 'welcome:%')`;

/** The append-only ledger: the balance is always the sum of a user's entries. */
export const creditEntries = pgTable(
  'credit_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id').notNull(),
    /** grant | purchase | reserve | capture | release | expire | adjust */
    kind: text('kind').notNull(),
    /** Signed change to the balance (capture is 0: the reserve already took the credits). */
    amount: integer('amount').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** What caused it: order, subscription cycle, generation, lot (expiry), admin. */
    referenceType: text('reference_type'),
    referenceId: text('reference_id'),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('credit_entries_idempotency_key_idx').on(t.idempotencyKey),
    index('credit_entries_user_created_idx').on(t.userId, t.createdAt),
    // The few entries the credit histories list (welcome credits, adjustments, expiries) out of
    // a heavy user's 100k reserves and releases (ADR 044): the queries repeat this predicate
    // word for word, so PostgreSQL can prove they fit it.
    index('credit_entries_history_idx')
      .on(t.userId, t.createdAt)
      .where(sql.raw(HISTORY_ENTRY_PREDICATE)),
  ],
);

/**
 * Where credits came from and when they lapse. Spends take from the soonest-expiring lots first;
 * the sum of a user's `remaining` always equals the balance.
 */
export const creditLots = pgTable(
  'credit_lots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').notNull(),
    /** welcome | plan | topup | adjust */
    source: text('source').notNull(),
    granted: integer('granted').notNull(),
    remaining: integer('remaining').notNull(),
    /** Null: never expires (top-ups, welcome and admin credits). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    entryId: bigint('entry_id', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'credit_lots_remaining_range',
      sql`${t.remaining} >= 0 and ${t.remaining} <= ${t.granted}`,
    ),
    index('credit_lots_user_spendable_idx')
      .on(t.userId, t.expiresAt)
      .where(sql`${t.remaining} > 0`),
    index('credit_lots_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.remaining} > 0 and ${t.expiresAt} is not null`),
  ],
);

export interface LotAllocation {
  lotId: string;
  amount: number;
}

/** Credits held for one piece of work (a generation): captured or released exactly once. */
export const creditReservations = pgTable(
  'credit_reservations',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    amount: integer('amount').notNull(),
    /** held | captured | released */
    status: text('status').notNull().default('held'),
    allocations: jsonb('allocations').$type<LotAllocation[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    check('credit_reservations_positive', sql`${t.amount} > 0`),
    index('credit_reservations_user_idx').on(t.userId),
  ],
);
