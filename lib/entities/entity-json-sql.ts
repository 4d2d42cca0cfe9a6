// The statement that reads entities in the API's list shape inside a caller's transaction (the
// create routes answer with what they wrote). Each entity is its stored document (EntityDocument,
// kept by triggers; prisma/sql/functions/crm_entity_documents.sql builds it, `nationality`
// included). The read routes go further and get their whole response
// body from one function call: crm_entity_list_body and crm_entity_profile_body.

/** Tenant $1's entities whose ids are in $2 (uuid[]), each as JSON text, in any order. */
export const ENTITY_DOCUMENTS_SQL = `SELECT d."entityId", d."document"::text AS "document"
FROM "EntityDocument" d WHERE d."tenantId" = $1::uuid AND d."entityId" = ANY($2::uuid[])`;
