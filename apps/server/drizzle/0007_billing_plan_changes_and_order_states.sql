DROP INDEX "subscriptions_due_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "attempt_of" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "replaces_subscription_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "credited_cycles" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "credit_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_attempt_of_idx" ON "orders" USING btree ("attempt_of") WHERE "orders"."attempt_of" is not null;--> statement-breakpoint
CREATE INDEX "orders_open_created_idx" ON "orders" USING btree ("created_at") WHERE "orders"."status" in ('pending', 'processing');--> statement-breakpoint
CREATE INDEX "subscriptions_due_idx" ON "subscriptions" USING btree ("started_at") WHERE "subscriptions"."status" in ('active', 'replaced', 'scheduled') and "subscriptions"."cycles_granted" < "subscriptions"."cycles_total";--> statement-breakpoint
-- Orders closed before the cancelled and expired states existed were recorded as failed with these reasons.
UPDATE "orders" SET "status" = 'cancelled' WHERE "status" = 'failed' AND "failure_reason" = 'The payment was cancelled';--> statement-breakpoint
UPDATE "orders" SET "status" = 'expired' WHERE "status" = 'failed' AND "failure_reason" IN ('The checkout expired', 'The payment link expired before it was paid');
