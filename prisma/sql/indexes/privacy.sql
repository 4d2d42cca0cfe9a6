-- At most one pending erasure request per entity (a second request while one waits is a 409).
DROP INDEX IF EXISTS "ErasureRequest_one_pending_per_entity";
CREATE UNIQUE INDEX "ErasureRequest_one_pending_per_entity" ON "ErasureRequest" ("tenantId", "entityId") WHERE "status" = 'Pending';
