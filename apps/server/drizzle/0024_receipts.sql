CREATE TABLE "receipt_counters" (
	"series" text PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"series" text NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"description" text NOT NULL,
	"currency" text NOT NULL,
	"total_minor" integer NOT NULL,
	"taxable_minor" integer NOT NULL,
	"tax_lines" jsonb NOT NULL,
	"place_of_supply" text,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"test" boolean DEFAULT false NOT NULL,
	"emailed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "gstin" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "gst_state" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_order_idx" ON "receipts" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_series_sequence_idx" ON "receipts" USING btree ("series","sequence");