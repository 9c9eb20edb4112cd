-- ADR 046: marks for media objects that may have no row (a write cut short, a deletion not finished).
CREATE TABLE "media_sweeps" (
	"media_id" text PRIMARY KEY NOT NULL,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"row_deleted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE INDEX "media_sweeps_marked_idx" ON "media_sweeps" USING btree ("marked_at");