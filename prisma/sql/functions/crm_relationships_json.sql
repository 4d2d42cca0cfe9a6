-- Relationships of tenant p_tenant by id, each as the API's Relationship object (with its
-- attachments and notes): the answer of POST /entity-relationships/invite, the decisions and the
-- officers' approval queue. The caller's transaction is scoped to the tenant (row-level security).
CREATE OR REPLACE FUNCTION crm_relationships_json(p_tenant uuid, p_ids uuid[])
RETURNS TABLE ("id" uuid, "relationship" json)
LANGUAGE sql STABLE SET search_path = public, pg_temp AS $fn$
  SELECT r."id", crm_relationship_json(r, s, t,
      (SELECT json_agg(crm_attachment_json(a) ORDER BY f."position", f."attachmentId")
         FROM "RelationshipFile" f JOIN "Attachment" a ON a."id" = f."attachmentId" WHERE f."relationshipId" = r."id"),
      (SELECT json_agg(crm_note_json(n, u) ORDER BY n."createdAt", n."id")
         FROM "RelationshipNote" rn JOIN "Note" n ON n."id" = rn."noteId" LEFT JOIN "User" u ON u."id" = n."createdByUserId"
         WHERE rn."relationshipId" = r."id"))
  FROM "Relationship" r
  JOIN "Entity" s ON s."id" = r."sourceEntityId"
  JOIN "Entity" t ON t."id" = r."targetEntityId"
  WHERE r."tenantId" = p_tenant AND r."id" IN (SELECT unnest(p_ids))
$fn$;
