-- Issue 30 item 2 (ADR 049): the 'saving' stage of the progress view, and the index that finds a
-- provider's latest successful runs of a tool, whose median duration is the progress estimate.
ALTER TABLE "generations" ADD COLUMN "saving_started_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "generations_durations_idx" ON "generations" USING btree ("provider","type","finished_at" DESC NULLS FIRST) WHERE "generations"."status" = 'succeeded';
