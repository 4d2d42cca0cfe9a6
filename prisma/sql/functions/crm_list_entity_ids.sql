-- GET /entities list query: the page's ids (newest first) and the total, as
-- {"ids": [...], "total": n}.
--
-- Row-level security keeps non-leakproof operators such as LIKE from being used as index
-- conditions (they may not run before the policy check), so under RLS every `q` search and every
-- count would scan the whole table. This function runs with its owner's rights (the migration
-- role, which bypasses RLS when it is a superuser or BYPASSRLS; if it is not, RLS still applies and
-- results stay correct, only slower) and takes the tenant ONLY from the transaction's
-- `app.tenant_id` (set by withTenant), never from an argument, so it cannot read another tenant's
-- rows.
--
-- The total comes from EntityCount (kept by triggers/entity_counts.sql) when only role/status/type
-- filter the list. A list filtered by q, tagId or crmId needs an exact count of its matches
-- anyway, so its matches are found once: the page and the total come from the same scan instead
-- of a page query and a second count(*) over the same rows.
--
-- `p_query` is what the officer typed: folded like the stored text (crm_search_fold) and split into
-- words; every word (at most 8) must occur in Entity."searchText" (`محمد القحطاني` finds
-- "محمد عبدالله القحطاني"). Each word is one LIKE on the trigram index; the words are quoted
-- literals (quote_literal), so the per-call plan sees their trigrams; `%` and `_` in a word are
-- escaped (literal characters, not wildcards). A query of punctuation only
-- filters nothing.
--
-- `p_sort`: NULL or '-createdAt' (newest first, the default), 'createdAt', 'name' / '-name'
-- (English name, else Arabic), 'nameAr' / '-nameAr' (Arabic name, else English). Any sort but the
-- default takes the matches path (an exact count of the matches and one sort of them).
-- `p_worklist`: 'pendingIdentity' (an identity whose verification is Pending),
-- 'expiringIdentity' (an identity that expires within the next 30 days, today included) or
-- 'kycReview' (a KYC awaiting an officer's decision: submitted, awaiting its second review, or an
-- Edd / QualifiedInvestor form submitted; the partial index Kyc_awaiting_review).
DROP FUNCTION IF EXISTS crm_list_entity_ids("EntityRole", "EntityStatus", "EntityType", text, uuid, text, int, int);
CREATE OR REPLACE FUNCTION crm_list_entity_ids(
  p_role "EntityRole", p_status "EntityStatus", p_type "EntityType", p_crm_id text, p_tag_id uuid,
  p_query text, p_limit int, p_offset int, p_sort text DEFAULT NULL, p_worklist text DEFAULT NULL
) RETURNS jsonb
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $fn$
DECLARE
  tenant uuid := nullif(current_setting('app.tenant_id', true), '')::uuid;
  cond text := '';
  words text[];
  default_sort boolean := p_sort IS NULL OR p_sort = '-createdAt';
  order_by text := CASE p_sort
    WHEN 'createdAt' THEN 's."createdAt" ASC, s."id" ASC'
    WHEN 'name' THEN 'lower(coalesce(s."nameEn", s."nameAr")) ASC NULLS LAST, s."id" ASC'
    WHEN '-name' THEN 'lower(coalesce(s."nameEn", s."nameAr")) DESC NULLS LAST, s."id" DESC'
    WHEN 'nameAr' THEN 'coalesce(s."nameAr", lower(s."nameEn")) ASC NULLS LAST, s."id" ASC'
    WHEN '-nameAr' THEN 'coalesce(s."nameAr", lower(s."nameEn")) DESC NULLS LAST, s."id" DESC'
    ELSE 's."createdAt" DESC, s."id" DESC' END;
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
  IF p_query IS NOT NULL THEN
    words := ARRAY(SELECT w FROM unnest(string_to_array(crm_search_fold(p_query), ' ')) AS w WHERE w <> '' LIMIT 8);
    FOR i IN 1 .. coalesce(cardinality(words), 0) LOOP
      cond := cond || ' AND e."searchText" LIKE ' || quote_literal('%' || replace(replace(words[i], '%', '\%'), '_', '\_') || '%');
    END LOOP;
    IF coalesce(cardinality(words), 0) = 0 THEN p_query := NULL; END IF;
  END IF;
  IF p_worklist = 'pendingIdentity' THEN
    cond := cond || ' AND e."id" IN (SELECT i."entityId" FROM "IdentityVerification" v JOIN "Identity" i ON i."id" = v."identityId"'
                 || ' WHERE v."tenantId" = $1 AND v."status" = ''Pending'' AND i."tenantId" = $1)';
  ELSIF p_worklist = 'expiringIdentity' THEN
    cond := cond || ' AND e."id" IN (SELECT i."entityId" FROM "Identity" i WHERE i."tenantId" = $1'
                 || ' AND i."expiresAt" >= current_date AND i."expiresAt" <= current_date + 30)';
  ELSIF p_worklist = 'kycReview' THEN
    cond := cond || ' AND e."id" IN (SELECT k."entityId" FROM "Kyc" k WHERE k."tenantId" = $1'
                 || ' AND (k."status" IN (''KycSubmitted'', ''KycUnderReview'') OR k."eddStatus" = ''Submitted'' OR k."qualifiedStatus" = ''Submitted''))';
  ELSE
    p_worklist := NULL;
  END IF;
  IF cond = '' AND default_sort THEN
    -- The unfiltered page, the most frequent call: static SQL, so PL/pgSQL keeps its plan.
    SELECT coalesce(jsonb_agg(s.id ORDER BY s."createdAt" DESC, s.id DESC), '[]'::jsonb) INTO ids
      FROM (SELECT e."id", e."createdAt" FROM "Entity" e WHERE e."tenantId" = tenant
             ORDER BY e."createdAt" DESC, e."id" DESC LIMIT p_limit OFFSET p_offset) s;
  ELSIF p_crm_id IS NULL AND p_tag_id IS NULL AND p_query IS NULL AND p_worklist IS NULL AND default_sort THEN
    -- role/status/type: the page walks its (tenantId, column, createdAt) index; the total is below.
    EXECUTE 'SELECT coalesce(jsonb_agg(s.id ORDER BY s."createdAt" DESC, s.id DESC), ''[]''::jsonb) FROM (SELECT e."id", e."createdAt" FROM "Entity" e WHERE e."tenantId" = $1'
         || cond || ' ORDER BY e."createdAt" DESC, e."id" DESC LIMIT $8 OFFSET $9) s'
      INTO ids USING tenant, p_role, p_status, p_type, p_crm_id, p_tag_id, p_query, p_limit, p_offset;
  ELSE
    -- Dynamic SQL: planned per call with its actual filters and values (no generic plan).
    EXECUTE 'WITH m AS MATERIALIZED (SELECT e."id", e."createdAt"' || CASE WHEN p_sort LIKE '%name%' THEN ', e."nameEn", e."nameAr"' ELSE '' END || ' FROM "Entity" e WHERE e."tenantId" = $1' || cond || ')
             SELECT (SELECT count(*) FROM m),
                    (SELECT coalesce(jsonb_agg(p.id ORDER BY p.n), ''[]''::jsonb)
                       FROM (SELECT s."id", row_number() OVER (ORDER BY ' || order_by || ') AS n
                               FROM m s ORDER BY ' || order_by || ' LIMIT $8 OFFSET $9) p)'
      INTO total, ids USING tenant, p_role, p_status, p_type, p_crm_id, p_tag_id, p_query, p_limit, p_offset;
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
REVOKE ALL ON FUNCTION crm_list_entity_ids("EntityRole", "EntityStatus", "EntityType", text, uuid, text, int, int, text, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION crm_list_entity_ids("EntityRole", "EntityStatus", "EntityType", text, uuid, text, int, int, text, text) TO crm_app;
