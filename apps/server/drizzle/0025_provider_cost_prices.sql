-- Issue 31: every provider request gets a row, priced by the configured table (units, US dollars).
ALTER TABLE "provider_costs" ADD COLUMN "units" real;--> statement-breakpoint
ALTER TABLE "provider_costs" ADD COLUMN "cost_usd" numeric(12, 6);