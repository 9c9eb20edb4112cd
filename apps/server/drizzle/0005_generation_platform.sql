CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "page_views" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"page" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_poses" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"gender" text NOT NULL,
	"image_url" text NOT NULL,
	"prompt" text DEFAULT '' NOT NULL,
	"generation_type" text DEFAULT 'pose' NOT NULL,
	"live" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_templates" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"image_url" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category" text DEFAULT 'General' NOT NULL,
	"prompt" text DEFAULT '' NOT NULL,
	"live" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_video_templates" (
	"id" text PRIMARY KEY NOT NULL,
	"video_url" text NOT NULL,
	"thumbnail_url" text NOT NULL,
	"duration_seconds" integer NOT NULL,
	"type" text DEFAULT 'tryon' NOT NULL,
	"live" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "mode" text DEFAULT 'performance' NOT NULL;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "settings" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "thumbnail_url" text;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "thumbhash" text;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "provider" text DEFAULT 'local' NOT NULL;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "provider_request_id" text;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "progress" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "lease_token" text;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "preview_note" text;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "deadline_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "page_views_user_created_idx" ON "page_views" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "generations_user_idempotency_idx" ON "generations" USING btree ("user_id","idempotency_key") WHERE "generations"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "generations_active_idx" ON "generations" USING btree ("created_at") WHERE "generations"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "generations_gallery_idx" ON "generations" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "generations"."status" = 'succeeded';--> statement-breakpoint
CREATE INDEX "generations_gallery_type_idx" ON "generations" USING btree ("user_id","type","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "generations"."status" = 'succeeded';--> statement-breakpoint
CREATE INDEX "generations_prompt_trgm_idx" ON "generations" USING gin ("prompt" gin_trgm_ops) WHERE "generations"."status" = 'succeeded';