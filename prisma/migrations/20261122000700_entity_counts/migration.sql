-- Entity counts per tenant, role, status and type, so a list's totalCount without a search or a
-- tag/crmId filter is a sum over a few rows instead of a count(*) over every entity of the tenant.

-- CreateTable
CREATE TABLE "EntityCount" (
    "tenantId" UUID NOT NULL,
    "role" "EntityRole" NOT NULL,
    "status" "EntityStatus" NOT NULL,
    "type" "EntityType" NOT NULL,
    "n" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "EntityCount_pkey" PRIMARY KEY ("tenantId","role","status","type")
);

-- ---------------------------------------------------------------------------------------------
-- Hand-written: row-level security, the maintaining trigger, the backfill, and the list function
-- reading the counts.
-- ---------------------------------------------------------------------------------------------
ALTER TABLE "EntityCount" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "EntityCount" FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON "EntityCount" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));
-- Only the trigger writes counts.
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON "EntityCount" FROM crm_app;

-- SECURITY DEFINER: the trigger keeps the counts whatever the writer's row-level scope.
-- An update that moves an entity between two keys touches them in a fixed order (lowest key
-- first), so two opposite status changes cannot deadlock on the counter rows.
CREATE FUNCTION crm_count_entities() RETURNS trigger
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

CREATE TRIGGER "Entity_count" AFTER INSERT OR UPDATE OR DELETE ON "Entity"
  FOR EACH ROW EXECUTE FUNCTION crm_count_entities();

INSERT INTO "EntityCount" ("tenantId", "role", "status", "type", "n")
  SELECT "tenantId", "role", "status", "type", count(*) FROM "Entity" GROUP BY 1, 2, 3, 4;

-- Same contract as before (records migration); the total comes from EntityCount when only
-- role/status/type filter the list.
CREATE OR REPLACE FUNCTION crm_list_entity_ids(
  p_role "EntityRole", p_status "EntityStatus", p_type "EntityType", p_crm_id text, p_tag_id uuid,
  p_pattern text, p_limit int, p_offset int
) RETURNS jsonb
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $fn$
DECLARE
  tenant uuid := nullif(current_setting('app.tenant_id', true), '')::uuid;
  cond text := '';
  ids jsonb;
  total bigint;
BEGIN
  IF tenant IS NULL THEN
    RETURN jsonb_build_object('ids', '[]'::jsonb, 'total', 0);
  END IF;
  IF p_role IS NOT NULL THEN cond := cond || ' AND e."role" = $2'; END IF;
  IF p_status IS NOT NULL THEN cond := cond || ' AND e."status" = $3'; END IF;
  IF p_type IS NOT NULL THEN cond := cond || ' AND e."type" = $4'; END IF;
  IF p_crm_id IS NOT NULL THEN cond := cond || ' AND e."crmId" = $5'; END IF;
  IF p_tag_id IS NOT NULL THEN
    cond := cond || ' AND EXISTS (SELECT 1 FROM "EntityTag" t WHERE t."tenantId" = $1 AND t."tagId" = $6 AND t."entityId" = e."id")';
  END IF;
  IF p_pattern IS NOT NULL THEN cond := cond || ' AND e."searchText" LIKE $7'; END IF;
  IF cond = '' THEN
    -- The unfiltered page, the most frequent call: static SQL, so PL/pgSQL keeps its plan.
    SELECT coalesce(jsonb_agg(s.id ORDER BY s."createdAt" DESC, s.id DESC), '[]'::jsonb) INTO ids
      FROM (SELECT e."id", e."createdAt" FROM "Entity" e WHERE e."tenantId" = tenant
             ORDER BY e."createdAt" DESC, e."id" DESC LIMIT p_limit OFFSET p_offset) s;
  ELSE
    -- Dynamic SQL: each call is planned with its actual filters and values (no generic plan).
    EXECUTE 'SELECT coalesce(jsonb_agg(s.id ORDER BY s."createdAt" DESC, s.id DESC), ''[]''::jsonb) FROM (SELECT e."id", e."createdAt" FROM "Entity" e WHERE e."tenantId" = $1'
         || cond || ' ORDER BY e."createdAt" DESC, e."id" DESC LIMIT $8 OFFSET $9) s'
      INTO ids USING tenant, p_role, p_status, p_type, p_crm_id, p_tag_id, p_pattern, p_limit, p_offset;
  END IF;
  IF p_offset = 0 AND jsonb_array_length(ids) < p_limit THEN
    total := jsonb_array_length(ids);
  ELSIF p_crm_id IS NULL AND p_tag_id IS NULL AND p_pattern IS NULL THEN
    SELECT coalesce(sum(c."n"), 0) INTO total FROM "EntityCount" c
     WHERE c."tenantId" = tenant
       AND (p_role IS NULL OR c."role" = p_role)
       AND (p_status IS NULL OR c."status" = p_status)
       AND (p_type IS NULL OR c."type" = p_type);
  ELSE
    EXECUTE 'SELECT count(*) FROM "Entity" e WHERE e."tenantId" = $1' || cond
      INTO total USING tenant, p_role, p_status, p_type, p_crm_id, p_tag_id, p_pattern;
  END IF;
  RETURN jsonb_build_object('ids', ids, 'total', total);
END
$fn$;
