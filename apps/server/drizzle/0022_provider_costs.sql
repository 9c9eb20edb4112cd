-- Issue 29: what a provider billed us for that no generation was charged (a late fal completion
-- of work refunded after its request id was lost); issue 31 adds prices and a row per request.
CREATE TABLE "provider_costs" (
	"request_id" text PRIMARY KEY NOT NULL,
	"generation_id" text,
	"provider" text NOT NULL,
	"model_id" text NOT NULL,
	"outcome" text NOT NULL,
	"inference_ms" integer,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "provider_costs" ADD CONSTRAINT "provider_costs_generation_id_generations_id_fk" FOREIGN KEY ("generation_id") REFERENCES "public"."generations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provider_costs_recorded_idx" ON "provider_costs" USING btree ("recorded_at");--> statement-breakpoint
CREATE INDEX "provider_costs_generation_idx" ON "provider_costs" USING btree ("generation_id");