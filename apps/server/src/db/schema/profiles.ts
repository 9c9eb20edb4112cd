import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';

/** What the studio knows about a user beyond sign-in (spec doc 1 §3 "User profile"). */
export const profiles = pgTable('profiles', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  companyName: text('company_name').notNull().default(''),
  phoneNumber: text('phone_number').notNull().default(''),
  /** The buyer's GSTIN and GST state code for receipts, '' when not given (ADR 051). */
  gstin: text('gstin').notNull().default(''),
  gstState: text('gst_state').notNull().default(''),
  profileUrl: text('profile_url').notNull().default(''),
  accountType: text('account_type').notNull().default('Standard User'),
  registeredAt: timestamp('registered_at', { withTimezone: true }).notNull().defaultNow(),
  lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});
