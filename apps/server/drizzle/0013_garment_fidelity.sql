ALTER TABLE "generations" ADD COLUMN "fidelity_colour_difference" real;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "fidelity_pattern_similarity" real;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "fidelity_passed" boolean;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "free_regeneration_id" text;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "free_regeneration_of" text;