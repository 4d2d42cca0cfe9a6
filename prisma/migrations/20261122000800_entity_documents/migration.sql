-- The entity read model: each entity's JSON in the API's list shape, kept current by triggers, so
-- a page of 100 entities is one index lookup per row instead of building the JSON from eight
-- tables on every read (about ten times the cost). The profile adds its extra sections at read
-- time; `nationality` is added by the API from its reference package (i18n-iso-countries).

-- CreateTable
CREATE TABLE "EntityDocument" (
    "tenantId" UUID NOT NULL,
    "entityId" UUID NOT NULL,
    "nationalityCode" TEXT,
    "document" JSON NOT NULL,

    CONSTRAINT "EntityDocument_pkey" PRIMARY KEY ("tenantId","entityId")
);

-- CreateIndex
CREATE UNIQUE INDEX "EntityDocument_entityId_key" ON "EntityDocument"("entityId");

-- AddForeignKey
ALTER TABLE "EntityDocument" ADD CONSTRAINT "EntityDocument_entityId_fkey" FOREIGN KEY ("entityId") REFERENCES "Entity"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- ---------------------------------------------------------------------------------------------
-- Hand-written: row-level security, the document function, the maintaining triggers, the backfill.
-- ---------------------------------------------------------------------------------------------
ALTER TABLE "EntityDocument" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "EntityDocument" FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON "EntityDocument" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));
-- Only the triggers write documents.
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON "EntityDocument" FROM crm_app;

-- The list-shape JSON of entities p_ids of tenant p_tenant (set-based: each relation aggregated
-- once for all of them). Formats as decisions.md: createdAt/updatedAt `YYYY-MM-DD HH:mm:ss.SSS`
-- UTC, other timestamps ISO `...Z`, dates `YYYY-MM-DD`, decimals as text.
CREATE FUNCTION crm_entity_documents(p_tenant uuid, p_ids uuid[])
RETURNS TABLE ("entityId" uuid, "nationalityCode" text, "document" json)
LANGUAGE sql STABLE SET search_path = public, pg_temp AS $fn$
  WITH docs AS (
    SELECT d."identityId", json_agg(json_build_object('id', da."id", 'createdAt', to_char(da."createdAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS'), 'updatedAt', to_char(da."updatedAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS'), 'name', da."name", 'mimeType', da."mimeType", 'size', da."size"::text, 'createdBy', NULL) ORDER BY d."position", d."attachmentId") AS "j"
    FROM "IdentityDocument" d JOIN "Attachment" da ON da."id" = d."attachmentId"
    WHERE d."identityId" IN (SELECT "id" FROM "Identity" WHERE "tenantId" = p_tenant AND "entityId" IN (SELECT unnest(p_ids)))
    GROUP BY d."identityId"), ident AS (
    SELECT i."entityId",
      json_agg(json_build_object(
        'id', i."id", 'createdAt', to_char(i."createdAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS'), 'updatedAt', to_char(i."updatedAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS'),
        'verifiedAt', to_char(i."verifiedAt", 'YYYY-MM-DD'), 'expiresAt', to_char(i."expiresAt", 'YYYY-MM-DD'), 'type', i."type", 'subtype', i."subtype",
        'number', i."number", 'issuingCountryCode', i."issuingCountryCode",
        'selfie', CASE WHEN sa."id" IS NULL THEN NULL ELSE json_build_object('id', sa."id", 'createdAt', to_char(sa."createdAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS'), 'updatedAt', to_char(sa."updatedAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS'), 'name', sa."name", 'mimeType', sa."mimeType", 'size', sa."size"::text, 'createdBy', NULL) END,
        'documents', coalesce(docs."j", '[]'::json),
        'verification', CASE WHEN v."id" IS NULL THEN NULL ELSE json_build_object('id', v."id", 'createdAt', to_char(v."createdAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS'), 'updatedAt', to_char(v."updatedAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS'), 'status', v."status", 'source', v."source") END
      ) ORDER BY i."createdAt", i."id") AS "j",
      bool_or(v."status" = 'Verified') AS "verified"
    FROM "Identity" i
    LEFT JOIN "IdentityVerification" v ON v."identityId" = i."id"
    LEFT JOIN "Attachment" sa ON sa."id" = i."selfieId"
    LEFT JOIN docs ON docs."identityId" = i."id"
    WHERE i."tenantId" = p_tenant AND "entityId" IN (SELECT unnest(p_ids))
    GROUP BY i."entityId"), tags AS (
    SELECT et."entityId", json_agg(json_build_object('id', tg."id", 'createdAt', to_char(tg."createdAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS'), 'updatedAt', to_char(tg."updatedAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS'), 'nameEn', tg."nameEn", 'nameAr', tg."nameAr", 'scope', tg."scope") ORDER BY et."createdAt", tg."id") AS "j"
    FROM "EntityTag" et JOIN "Tag" tg ON tg."id" = et."tagId"
    WHERE et."entityId" IN (SELECT unnest(p_ids)) AND et."tenantId" = p_tenant
    GROUP BY et."entityId"), org AS (
    SELECT os."entityId", json_build_object('id', os."id", 'createdAt', to_char(os."createdAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS'), 'updatedAt', to_char(os."updatedAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS'), 'value', os."value",
      'confirmationDate', to_char(os."confirmationDate" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), 'suspensionDate', to_char(os."suspensionDate" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
      'reactivationDate', to_char(os."reactivationDate" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), 'deletionDate', to_char(os."deletionDate" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
      'liquidificationDate', to_char(os."liquidificationDate" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), 'entityId', os."entityId", 'structure', os."structure") AS "j"
    FROM "OrganizationStatus" os WHERE os."entityId" IN (SELECT unnest(p_ids)) AND os."tenantId" = p_tenant), acts AS (
    SELECT ac."entityId", json_agg(json_build_object('id', ac."id", 'createdAt', to_char(ac."createdAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS'), 'updatedAt', to_char(ac."updatedAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS'), 'externalId', ac."externalId", 'nameAr', ac."nameAr", 'nameEn', ac."nameEn") ORDER BY ac."createdAt", ac."id") AS "j"
    FROM "Activity" ac WHERE ac."tenantId" = p_tenant AND "entityId" IN (SELECT unnest(p_ids)) GROUP BY ac."entityId"), banks AS (
    SELECT b."entityId", bool_or(b."verificationStatus" = 'Verified') AS "verified"
    
    FROM "BankAccount" b 
    WHERE b."tenantId" = p_tenant AND "entityId" IN (SELECT unnest(p_ids)) GROUP BY b."entityId"), addrs AS (
    SELECT ad."entityId", bool_or(ad."status" = 'Verified') AS "verified"
    
    FROM "Address" ad 
    WHERE ad."tenantId" = p_tenant AND "entityId" IN (SELECT unnest(p_ids)) GROUP BY ad."entityId")
  SELECT e."id", e."nationalityCode", json_build_object(
    'id', e."id", 'createdAt', to_char(e."createdAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS'), 'updatedAt', to_char(e."updatedAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS'), 'archivedAt', to_char(e."archivedAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS'), 'crmId', e."crmId", 'role', e."role", 'type', e."type", 'email', e."email",
    'nameEn', e."nameEn", 'nameAr', e."nameAr", 'status', e."status", 'verificationBlocked', e."verificationBlocked",
    'classification', e."classification", 'category', e."category", 'gender', e."gender", 'countryCode', e."countryCode",
    'phoneNumber', e."phoneNumber", 'accountOpenDate', to_char(e."accountOpenDate", 'YYYY-MM-DD'), 'dob', to_char(e."dob", 'YYYY-MM-DD'), 'dobHijri', e."dobHijri",
    'dateOfIncorporation', to_char(e."dateOfIncorporation", 'YYYY-MM-DD'), 'dateOfIncorporationHijri', e."dateOfIncorporationHijri",
    'netIncome', e."netIncome"::text, 'netAssets', e."netAssets"::text, 'ongoingMonitoring', e."ongoingMonitoring",
    'identities', coalesce(ident."j", '[]'::json), 'nationalityCode', e."nationalityCode", 'kyc', NULL,
    'verifications', json_build_object('identity', coalesce(ident."verified", false), 'email', e."emailVerified",
      'phoneNumber', e."phoneNumberVerified", 'address', coalesce(addrs."verified", false), 'bankAccount', coalesce(banks."verified", false)),
    'tags', coalesce(tags."j", '[]'::json),
    'reviewStatus', json_build_object('hasPublicCase', e."hasPublicCase", 'hasLocalCase', e."hasLocalCase", 'hasNewsMedia', e."hasNewsMedia", 'isUnderReview', e."isUnderReview"),
    'caseCount', e."caseCount", 'matchCount', e."matchCount", 'organizationStatus', org."j",
    'activities', coalesce(acts."j", '[]'::json), 'relationships', '[]'::json
    
  )
  FROM "Entity" e
  LEFT JOIN ident ON ident."entityId" = e."id"
  LEFT JOIN tags ON tags."entityId" = e."id"
  LEFT JOIN org ON org."entityId" = e."id"
  LEFT JOIN acts ON acts."entityId" = e."id"
  LEFT JOIN banks ON banks."entityId" = e."id"
  LEFT JOIN addrs ON addrs."entityId" = e."id"
  WHERE e."tenantId" = p_tenant AND e."id" IN (SELECT unnest(p_ids))
$fn$;

-- Recomputes the documents of the given entities. Each document row is locked first (in id
-- order, so two writers cannot deadlock) and only then computed: under READ COMMITTED the
-- computing statement takes a fresh snapshot after the lock, so it sees what a concurrent
-- writer of the same entity committed and the last writer never stores an older view.
CREATE FUNCTION crm_refresh_entity_documents(p_tenant uuid, p_ids uuid[]) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $fn$
BEGIN
  IF p_ids IS NULL OR cardinality(p_ids) = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM "EntityDocument" d
    WHERE d."tenantId" = p_tenant AND d."entityId" IN (SELECT unnest(p_ids))
    ORDER BY d."entityId" FOR UPDATE;
  INSERT INTO "EntityDocument" AS d ("tenantId", "entityId", "nationalityCode", "document")
    SELECT p_tenant, x."entityId", x."nationalityCode", x."document" FROM crm_entity_documents(p_tenant, p_ids) x
    ON CONFLICT ("tenantId", "entityId") DO UPDATE SET "nationalityCode" = EXCLUDED."nationalityCode", "document" = EXCLUDED."document";
END
$fn$;

-- Statement-level triggers with transition tables: a bulk insert of 20,000 entities refreshes
-- their documents in one set-based statement, not 20,000 times. Every table a document reads
-- from has one (PostgreSQL allows transition tables on single-event triggers only, hence three
-- per table). The affected (tenant, entity) pairs are collected per table, then refreshed per
-- tenant.
CREATE FUNCTION crm_entity_documents_trigger() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $fn$
DECLARE
  tenants uuid[] := '{}';
  ids uuid[] := '{}';
  found_tenants uuid[];
  found_ids uuid[];
  affected record;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    CASE TG_TABLE_NAME
      WHEN 'Entity' THEN
        SELECT array_agg(n."tenantId"), array_agg(n."id") INTO found_tenants, found_ids FROM new_rows n;
      WHEN 'IdentityVerification', 'IdentityDocument' THEN
        SELECT array_agg(x."tenantId"), array_agg(x."entityId") INTO found_tenants, found_ids
          FROM (SELECT i."tenantId", i."entityId" FROM new_rows n JOIN "Identity" i ON i."id" = n."identityId") x;
      WHEN 'Attachment' THEN
        SELECT array_agg(x."tenantId"), array_agg(x."entityId") INTO found_tenants, found_ids
          FROM (SELECT i."tenantId", i."entityId" FROM new_rows n JOIN "Identity" i ON i."selfieId" = n."id"
                UNION SELECT i."tenantId", i."entityId" FROM new_rows n JOIN "IdentityDocument" d ON d."attachmentId" = n."id"
                                                           JOIN "Identity" i ON i."id" = d."identityId") x;
      WHEN 'Tag' THEN
        SELECT array_agg(et."tenantId"), array_agg(et."entityId") INTO found_tenants, found_ids FROM new_rows n JOIN "EntityTag" et ON et."tagId" = n."id";
      ELSE
        SELECT array_agg(n."tenantId"), array_agg(n."entityId") INTO found_tenants, found_ids FROM new_rows n;
    END CASE;
    tenants := tenants || coalesce(found_tenants, '{}');
    ids := ids || coalesce(found_ids, '{}');
  END IF;
  -- Deleted (or moved) children change their entity's document; an entity's own delete cascades
  -- to its document, and attachments and tags only matter through the rows that use them.
  IF TG_OP IN ('UPDATE', 'DELETE') AND TG_TABLE_NAME NOT IN ('Entity', 'Attachment', 'Tag') THEN
    IF TG_TABLE_NAME IN ('IdentityVerification', 'IdentityDocument') THEN
      SELECT array_agg(i."tenantId"), array_agg(i."entityId") INTO found_tenants, found_ids FROM old_rows o JOIN "Identity" i ON i."id" = o."identityId";
    ELSE
      SELECT array_agg(o."tenantId"), array_agg(o."entityId") INTO found_tenants, found_ids FROM old_rows o;
    END IF;
    tenants := tenants || coalesce(found_tenants, '{}');
    ids := ids || coalesce(found_ids, '{}');
  END IF;
  FOR affected IN
    SELECT u.tenant, array_agg(DISTINCT u.id) AS ids FROM unnest(tenants, ids) AS u(tenant, id) GROUP BY u.tenant
  LOOP
    PERFORM crm_refresh_entity_documents(affected.tenant, affected.ids);
  END LOOP;
  RETURN NULL;
END
$fn$;

DO $do$
DECLARE
  t text;
  op text;
BEGIN
  FOREACH t IN ARRAY ARRAY['Entity', 'Identity', 'IdentityVerification', 'IdentityDocument', 'Attachment', 'EntityTag', 'Tag',
                           'OrganizationStatus', 'Activity', 'BankAccount', 'Address'] LOOP
    FOREACH op IN ARRAY ARRAY['INSERT', 'UPDATE', 'DELETE'] LOOP
      CONTINUE WHEN t IN ('Entity', 'Attachment', 'Tag') AND op <> 'INSERT' AND op <> 'UPDATE';
      CONTINUE WHEN t IN ('Attachment', 'Tag') AND op = 'INSERT';
      EXECUTE format(
        'CREATE TRIGGER %I AFTER %s ON %I REFERENCING %s FOR EACH STATEMENT EXECUTE FUNCTION crm_entity_documents_trigger()',
        t || '_document_' || lower(op), op, t,
        CASE op WHEN 'INSERT' THEN 'NEW TABLE AS new_rows' WHEN 'DELETE' THEN 'OLD TABLE AS old_rows'
                ELSE 'OLD TABLE AS old_rows NEW TABLE AS new_rows' END);
    END LOOP;
  END LOOP;
END
$do$;

-- Backfill the documents of existing entities, a tenant at a time.
DO $do$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT "tenantId", array_agg("id") AS ids FROM "Entity" GROUP BY "tenantId" LOOP
    PERFORM crm_refresh_entity_documents(t."tenantId", t.ids);
  END LOOP;
END
$do$;

-- Same contract as before (entity_counts migration). A list filtered by q, tagId or crmId needs
-- an exact count of its matches anyway, so its matches are found once: the page and the total
-- come from the same scan instead of a page query and a second count(*) over the same rows.
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
  ELSIF p_crm_id IS NULL AND p_tag_id IS NULL AND p_pattern IS NULL THEN
    -- role/status/type: the page walks its (tenantId, column, createdAt) index; the total is below.
    EXECUTE 'SELECT coalesce(jsonb_agg(s.id ORDER BY s."createdAt" DESC, s.id DESC), ''[]''::jsonb) FROM (SELECT e."id", e."createdAt" FROM "Entity" e WHERE e."tenantId" = $1'
         || cond || ' ORDER BY e."createdAt" DESC, e."id" DESC LIMIT $8 OFFSET $9) s'
      INTO ids USING tenant, p_role, p_status, p_type, p_crm_id, p_tag_id, p_pattern, p_limit, p_offset;
  ELSE
    -- Dynamic SQL: planned per call with its actual filters and values (no generic plan).
    EXECUTE 'WITH m AS MATERIALIZED (SELECT e."id", e."createdAt" FROM "Entity" e WHERE e."tenantId" = $1' || cond || ')
             SELECT (SELECT count(*) FROM m),
                    (SELECT coalesce(jsonb_agg(s.id ORDER BY s."createdAt" DESC, s.id DESC), ''[]''::jsonb)
                       FROM (SELECT m."id", m."createdAt" FROM m ORDER BY m."createdAt" DESC, m."id" DESC LIMIT $8 OFFSET $9) s)'
      INTO total, ids USING tenant, p_role, p_status, p_type, p_crm_id, p_tag_id, p_pattern, p_limit, p_offset;
    RETURN jsonb_build_object('ids', ids, 'total', total);
  END IF;
  IF p_offset = 0 AND jsonb_array_length(ids) < p_limit THEN
    total := jsonb_array_length(ids);
  ELSE
    SELECT coalesce(sum(c."n"), 0) INTO total FROM "EntityCount" c
     WHERE c."tenantId" = tenant
       AND (p_role IS NULL OR c."role" = p_role)
       AND (p_status IS NULL OR c."status" = p_status)
       AND (p_type IS NULL OR c."type" = p_type);
  END IF;
  RETURN jsonb_build_object('ids', ids, 'total', total);
END
$fn$;

-- One page of entities in one round trip, for GET /entities: scopes row-level security to the
-- tenant for the statement's own transaction (the function runs as the caller, so the policies
-- apply), finds the page with crm_list_entity_ids and returns first a header row (`page`: its
-- ids in order and the total) and then the page's documents, in any order.
CREATE FUNCTION crm_entity_page(
  p_tenant uuid, p_role "EntityRole", p_status "EntityStatus", p_type "EntityType", p_crm_id text, p_tag_id uuid,
  p_pattern text, p_limit int, p_offset int
) RETURNS TABLE ("page" jsonb, "entityId" uuid, "nationalityCode" text, "document" text)
LANGUAGE plpgsql VOLATILE SET search_path = public, pg_temp SET plan_cache_mode = force_generic_plan AS $fn$
DECLARE
  r jsonb;
BEGIN
  PERFORM set_config('app.tenant_id', p_tenant::text, true);
  r := crm_list_entity_ids(p_role, p_status, p_type, p_crm_id, p_tag_id, p_pattern, p_limit, p_offset);
  RETURN QUERY SELECT r, NULL::uuid, NULL::text, NULL::text;
  RETURN QUERY SELECT NULL::jsonb, d."entityId", d."nationalityCode", d."document"::text FROM "EntityDocument" d
    WHERE d."tenantId" = p_tenant AND d."entityId" = ANY(ARRAY(SELECT jsonb_array_elements_text(r->'ids')::uuid));
END
$fn$;
