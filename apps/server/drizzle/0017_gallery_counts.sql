CREATE TABLE "gallery_counts" (
	"user_id" text NOT NULL,
	"type" text NOT NULL,
	"succeeded" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "gallery_counts_user_id_type_pk" PRIMARY KEY("user_id","type")
);
--> statement-breakpoint
-- Custom part (ADR 004, ADR 040): triggers keep gallery_counts equal to the succeeded generations
-- per user and type, in the transaction that inserts, finishes, re-types or deletes them, on every
-- path (runner, sweeper, gallery delete, admin). Named generation_counts_* so they fire after
-- ADR 032's generation_activity_* triggers (same event, alphabetical order): every transaction
-- first locks the user's activity row, which orders concurrent changes of one user's counters
-- and rules out a deadlock between two of them.
CREATE FUNCTION "gallery_counts_apply_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "gallery_counts" ("user_id", "type", "succeeded")
  SELECT "user_id", "type", CASE WHEN TG_OP = 'DELETE' THEN -count(*) ELSE count(*) END
  FROM "changed_rows" WHERE "status" = 'succeeded'
  GROUP BY "user_id", "type" ORDER BY "user_id", "type"
  ON CONFLICT ("user_id", "type") DO UPDATE
    SET "succeeded" = "gallery_counts"."succeeded" + excluded."succeeded";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "gallery_counts_apply_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."status" = 'succeeded' THEN
    UPDATE "gallery_counts" SET "succeeded" = "succeeded" - 1
    WHERE "user_id" = OLD."user_id" AND "type" = OLD."type";
  END IF;
  IF NEW."status" = 'succeeded' THEN
    INSERT INTO "gallery_counts" ("user_id", "type", "succeeded") VALUES (NEW."user_id", NEW."type", 1)
    ON CONFLICT ("user_id", "type") DO UPDATE SET "succeeded" = "gallery_counts"."succeeded" + 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "generation_counts_on_insert" AFTER INSERT ON "generations"
  REFERENCING NEW TABLE AS "changed_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "gallery_counts_apply_rows"();--> statement-breakpoint
CREATE TRIGGER "generation_counts_on_delete" AFTER DELETE ON "generations"
  REFERENCING OLD TABLE AS "changed_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "gallery_counts_apply_rows"();--> statement-breakpoint
CREATE TRIGGER "generation_counts_on_update" AFTER UPDATE ON "generations"
  FOR EACH ROW
  WHEN ((OLD."status" = 'succeeded' OR NEW."status" = 'succeeded')
    AND (OLD."status" IS DISTINCT FROM NEW."status"
      OR OLD."type" IS DISTINCT FROM NEW."type"
      OR OLD."user_id" IS DISTINCT FROM NEW."user_id"))
  EXECUTE FUNCTION "gallery_counts_apply_row"();--> statement-breakpoint
INSERT INTO "gallery_counts" ("user_id", "type", "succeeded")
SELECT "user_id", "type", count(*) FROM "generations" WHERE "status" = 'succeeded'
GROUP BY "user_id", "type";
