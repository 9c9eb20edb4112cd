CREATE TABLE "fal_webhook_deliveries" (
	"request_id" text PRIMARY KEY NOT NULL,
	"ok" boolean NOT NULL,
	"payload" jsonb,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "fal_webhook_deliveries_received_idx" ON "fal_webhook_deliveries" USING btree ("received_at");