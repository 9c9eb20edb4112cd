CREATE TABLE "generation_batches" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"settings" jsonb NOT NULL,
	"pair_count" integer NOT NULL,
	"credits" integer NOT NULL,
	"idempotency_key" text,
	"request_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "batch_id" text;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "batch_index" integer;--> statement-breakpoint
CREATE INDEX "generation_batches_user_created_idx" ON "generation_batches" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "generation_batches_user_idempotency_idx" ON "generation_batches" USING btree ("user_id","idempotency_key") WHERE "generation_batches"."idempotency_key" is not null;--> statement-breakpoint
ALTER TABLE "generations" ADD CONSTRAINT "generations_batch_id_generation_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."generation_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "generations_batch_idx" ON "generations" USING btree ("batch_id","batch_index") WHERE "generations"."batch_id" is not null;