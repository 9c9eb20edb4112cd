-- ADR 046, addendum of 2026-11-27 (issue 29): a generation output's mark names its generation, so the sweep
-- removes an output row and its objects when that generation does not name it (work settled while it was stored).
ALTER TABLE "media_sweeps" ADD COLUMN "generation_id" text;