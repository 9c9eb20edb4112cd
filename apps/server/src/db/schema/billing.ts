import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** One attempt to buy a plan or a top-up. Priced from the catalogue, never from the client. */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').notNull(),
    serviceType: text('service_type').notNull(),
    currency: text('currency').notNull(),
    /** Minor units (cents, paise). */
    amountMinor: integer('amount_minor').notNull(),
    credits: integer('credits').notNull(),
    /** stripe | razorpay | sandbox */
    provider: text('provider').notNull(),
    /** Checkout session id / payment link id, set once the provider answered. */
    providerRef: text('provider_ref'),
    paymentLink: text('payment_link'),
    /** pending | processing | completed | failed | cancelled | expired | refunded (ADR 023) */
    status: text('status').notNull().default('pending'),
    failureReason: text('failure_reason'),
    /**
     * A payment a provider reported for an order that had already failed, been cancelled or
     * expired is fulfilled as a new order pointing here, never by flipping the closed one.
     */
    attemptOf: uuid('attempt_of'),
    /** An upgrade: the plan it replaces, and what that plan's ungranted cycles took off the price. */
    replacesSubscriptionId: uuid('replaces_subscription_id'),
    creditedCycles: integer('credited_cycles').notNull().default(0),
    creditMinor: integer('credit_minor').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    uniqueIndex('orders_provider_ref_idx')
      .on(t.provider, t.providerRef)
      .where(sql`${t.providerRef} is not null`),
    // One late attempt per closed order, however many events report the same payment.
    uniqueIndex('orders_attempt_of_idx')
      .on(t.attemptOf)
      .where(sql`${t.attemptOf} is not null`),
    // The sweeper's scan for abandoned checkouts.
    index('orders_open_created_idx')
      .on(t.createdAt)
      .where(sql`${t.status} in ('pending', 'processing')`),
  ],
);

/** Every provider event we acted on, so a replay is recognised and ignored. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    orderId: uuid('order_id'),
    outcome: text('outcome').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/**
 * Prepaid plan periods (no auto-renew). One `active` row per user is the current plan; a replaced
 * plan keeps its row with status `replaced`; a plan bought to follow it waits as `scheduled` and
 * becomes `active` at its start, the one it follows `expired` (ADR 023).
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').notNull(),
    /** e.g. pro_monthly, plus_4months */
    type: text('type').notNull(),
    code: integer('code').notNull(),
    /** active | scheduled | replaced | expired | canceled | refunded */
    status: text('status').notNull().default('active'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    monthlyCredits: integer('monthly_credits').notNull(),
    cyclesTotal: integer('cycles_total').notNull(),
    cyclesGranted: integer('cycles_granted').notNull().default(0),
    previousType: text('previous_type'),
    previousCode: integer('previous_code'),
    lastOrderId: uuid('last_order_id'),
    transactionAt: timestamp('transaction_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscriptions_one_active_idx')
      .on(t.userId)
      .where(sql`${t.status} = 'active'`),
    index('subscriptions_due_idx')
      .on(t.startedAt)
      .where(
        sql`${t.status} in ('active', 'replaced', 'scheduled') and ${t.cyclesGranted} < ${t.cyclesTotal}`,
      ),
  ],
);
