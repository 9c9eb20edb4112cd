CREATE TABLE "promo_banners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"discount" text DEFAULT '' NOT NULL,
	"sub_message" text DEFAULT '' NOT NULL,
	"cta_text" text NOT NULL,
	"cta_link" text NOT NULL,
	"variant" text DEFAULT 'default' NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"timer_duration" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_banners_variant" CHECK ("promo_banners"."variant" in ('urgent', 'gift', 'default')),
	CONSTRAINT "promo_banners_ends_after_start" CHECK ("promo_banners"."end_date" > "promo_banners"."starts_at"),
	CONSTRAINT "promo_banners_timer_duration_range" CHECK ("promo_banners"."timer_duration" is null or ("promo_banners"."timer_duration" between 1 and 527040))
);
--> statement-breakpoint
CREATE INDEX "promo_banners_live_idx" ON "promo_banners" USING btree ("starts_at") WHERE "promo_banners"."active";