import type { TaxLine } from '@studio/contract';
import {
  boolean,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The last number given in each receipt series (ADR 051): one row per financial year (`2026-27`,
 * sandbox receipts `TEST-2026-27`). Taken with a row lock in the transaction that marks the order
 * paid, so a rollback gives the number back: no gaps, unlike a sequence.
 */
export const receiptCounters = pgTable('receipt_counters', {
  series: text('series').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/** Who sold, as configured when the receipt was issued. */
export interface ReceiptSeller {
  legalName: string;
  address: string;
  gstin: string | null;
  stateCode: string | null;
}

/** Who bought, from the profile when the receipt was issued. */
export interface ReceiptBuyer {
  name: string;
  companyName: string;
  gstin: string | null;
  stateCode: string | null;
}

/**
 * One receipt per paid order, written in the transaction that marks it paid. Everything printed
 * is kept here as issued, so the PDF reads the same whenever it is downloaded. Like orders, no
 * foreign key to users: accounting records outlive accounts (ADR 009).
 */
export const receipts = pgTable(
  'receipts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id').notNull(),
    userId: text('user_id').notNull(),
    series: text('series').notNull(),
    sequence: integer('sequence').notNull(),
    /** As printed: `2026-27/000001` (at most 16 characters, CGST Rules rule 46(b)). */
    number: text('number').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    description: text('description').notNull(),
    currency: text('currency').notNull(),
    /** Minor units: the amount paid, and it before tax. */
    totalMinor: integer('total_minor').notNull(),
    taxableMinor: integer('taxable_minor').notNull(),
    taxLines: jsonb('tax_lines').$type<TaxLine[]>().notNull(),
    /** GST state code of the place of supply; null outside GST. */
    placeOfSupply: text('place_of_supply'),
    seller: jsonb('seller').$type<ReceiptSeller>().notNull(),
    buyer: jsonb('buyer').$type<ReceiptBuyer>().notNull(),
    /** A sandbox payment: no money moved; its own series, marked on the PDF. */
    test: boolean('test').notNull().default(false),
    /** When the receipt went out by email; null until it did. */
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('receipts_order_idx').on(t.orderId),
    uniqueIndex('receipts_series_sequence_idx').on(t.series, t.sequence),
  ],
);
