-- Recounts EntityCount from Entity: appended by db:new-migration after a change to the counting
-- trigger (the files that say `@then-run` this file).
DELETE FROM "EntityCount";
INSERT INTO "EntityCount" ("tenantId", "role", "status", "type", "n")
  SELECT "tenantId", "role", "status", "type", count(*) FROM "Entity" GROUP BY 1, 2, 3, 4;
