-- Issue 33 (ADR 057): listing checks kept per image, marketplace, slot and rules version (the
-- gallery's badges read them), and listing packs as made, for their five-minute download link.
CREATE TABLE "listing_checks" (
	"user_id" text NOT NULL,
	"image_url" text NOT NULL,
	"marketplace" text NOT NULL,
	"slot" text NOT NULL,
	"rules_version" text NOT NULL,
	"compliant" boolean NOT NULL,
	"checks" jsonb NOT NULL,
	"not_checked" jsonb NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_checks_pk" PRIMARY KEY("user_id","image_url","marketplace","slot","rules_version")
);
--> statement-breakpoint
CREATE TABLE "listing_packs" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"marketplace" text NOT NULL,
	"name" text NOT NULL,
	"files" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listing_checks" ADD CONSTRAINT "listing_checks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_packs" ADD CONSTRAINT "listing_packs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_packs_user_created_idx" ON "listing_packs" USING btree ("user_id","created_at");