-- Partial indexes of the relationship tables, which Prisma's schema cannot express.

-- decisions.md: the same source, target and type while one is Approved or pending → 409. The
-- service checks first; this index is the guarantee under concurrency.
DROP INDEX IF EXISTS "Relationship_one_live_per_type";
CREATE UNIQUE INDEX "Relationship_one_live_per_type" ON "Relationship" ("tenantId", "sourceEntityId", "targetEntityId", "type")
  WHERE "approvalStatus" IN ('PendingTargetApproval', 'Approved');

-- Pending invitations by expiry (the expiry job).
DROP INDEX IF EXISTS "RelationshipInvitation_open_idx";
CREATE INDEX "RelationshipInvitation_open_idx" ON "RelationshipInvitation" ("expiresAt") WHERE "usedAt" IS NULL AND "revokedAt" IS NULL;
