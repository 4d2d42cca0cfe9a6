-- SECURITY DEFINER: the trigger keeps the counts whatever the writer's row-level scope.
-- An update that moves an entity between two keys touches them in a fixed order (lowest key
-- first), so two opposite status changes cannot deadlock on the counter rows.
CREATE OR REPLACE FUNCTION crm_count_entities() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $fn$
DECLARE
  old_key text;
  new_key text;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF (OLD."tenantId", OLD."role", OLD."status", OLD."type") IS NOT DISTINCT FROM (NEW."tenantId", NEW."role", NEW."status", NEW."type") THEN
      RETURN NULL;
    END IF;
    old_key := concat_ws('/', OLD."tenantId", OLD."role", OLD."status", OLD."type");
    new_key := concat_ws('/', NEW."tenantId", NEW."role", NEW."status", NEW."type");
    IF old_key < new_key THEN
      UPDATE "EntityCount" SET "n" = "n" - 1
        WHERE ("tenantId", "role", "status", "type") = (OLD."tenantId", OLD."role", OLD."status", OLD."type");
      INSERT INTO "EntityCount" AS c VALUES (NEW."tenantId", NEW."role", NEW."status", NEW."type", 1)
        ON CONFLICT ("tenantId", "role", "status", "type") DO UPDATE SET "n" = c."n" + 1;
    ELSE
      INSERT INTO "EntityCount" AS c VALUES (NEW."tenantId", NEW."role", NEW."status", NEW."type", 1)
        ON CONFLICT ("tenantId", "role", "status", "type") DO UPDATE SET "n" = c."n" + 1;
      UPDATE "EntityCount" SET "n" = "n" - 1
        WHERE ("tenantId", "role", "status", "type") = (OLD."tenantId", OLD."role", OLD."status", OLD."type");
    END IF;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "EntityCount" AS c VALUES (NEW."tenantId", NEW."role", NEW."status", NEW."type", 1)
      ON CONFLICT ("tenantId", "role", "status", "type") DO UPDATE SET "n" = c."n" + 1;
  ELSE
    UPDATE "EntityCount" SET "n" = "n" - 1
      WHERE ("tenantId", "role", "status", "type") = (OLD."tenantId", OLD."role", OLD."status", OLD."type");
  END IF;
  RETURN NULL;
END
$fn$;
