CREATE TABLE "colourway_sets" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text,
	"source_image_url" text NOT NULL,
	"category" text NOT NULL,
	"variants" jsonb NOT NULL,
	"idempotency_key" text,
	"request_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "colourway_variants" (
	"generation_id" text PRIMARY KEY NOT NULL,
	"set_id" text NOT NULL,
	"index" integer NOT NULL,
	"measure" jsonb
);
--> statement-breakpoint
ALTER TABLE "colourway_variants" ADD CONSTRAINT "colourway_variants_generation_id_generations_id_fk" FOREIGN KEY ("generation_id") REFERENCES "public"."generations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "colourway_variants" ADD CONSTRAINT "colourway_variants_set_id_colourway_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."colourway_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "colourway_sets_user_created_idx" ON "colourway_sets" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "colourway_sets_user_idempotency_idx" ON "colourway_sets" USING btree ("user_id","idempotency_key") WHERE "colourway_sets"."idempotency_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "colourway_variants_set_idx" ON "colourway_variants" USING btree ("set_id","index");