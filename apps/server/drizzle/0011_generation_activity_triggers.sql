-- Custom migration (ADR 004): triggers keep generation_activity.version moving with every change
-- to a user's generations that anything computed from them can see (ADR 032). Created and deleted
-- rows are counted once per statement through transition tables, so a bulk delete or seed costs
-- one upsert per user; updates fire per row, and only when a column that counts changed, so
-- progress and lease renewals (the hot updates) call nothing.
CREATE FUNCTION "generation_activity_bump_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "generation_activity" ("user_id", "version")
  SELECT "user_id", count(*) FROM "changed_rows" GROUP BY "user_id" ORDER BY "user_id"
  ON CONFLICT ("user_id") DO UPDATE SET "version" = "generation_activity"."version" + excluded."version";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "generation_activity_bump_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "generation_activity" ("user_id", "version") VALUES (NEW."user_id", 1)
  ON CONFLICT ("user_id") DO UPDATE SET "version" = "generation_activity"."version" + 1;
  IF OLD."user_id" IS DISTINCT FROM NEW."user_id" THEN
    INSERT INTO "generation_activity" ("user_id", "version") VALUES (OLD."user_id", 1)
    ON CONFLICT ("user_id") DO UPDATE SET "version" = "generation_activity"."version" + 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "generation_activity_on_insert" AFTER INSERT ON "generations"
  REFERENCING NEW TABLE AS "changed_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "generation_activity_bump_rows"();--> statement-breakpoint
CREATE TRIGGER "generation_activity_on_delete" AFTER DELETE ON "generations"
  REFERENCING OLD TABLE AS "changed_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "generation_activity_bump_rows"();--> statement-breakpoint
CREATE TRIGGER "generation_activity_on_update" AFTER UPDATE ON "generations"
  FOR EACH ROW
  WHEN (OLD."status" IS DISTINCT FROM NEW."status"
     OR OLD."type" IS DISTINCT FROM NEW."type"
     OR OLD."credits" IS DISTINCT FROM NEW."credits"
     OR OLD."image_urls" IS DISTINCT FROM NEW."image_urls"
     OR OLD."created_at" IS DISTINCT FROM NEW."created_at"
     OR OLD."user_id" IS DISTINCT FROM NEW."user_id")
  EXECUTE FUNCTION "generation_activity_bump_row"();
