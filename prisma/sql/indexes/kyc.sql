-- KYC partial indexes, which Prisma's schema cannot express.

-- One default flow per tenant: a new prospect or client gets its KYC on it.
DROP INDEX IF EXISTS "KycFlow_one_default_per_tenant";
CREATE UNIQUE INDEX "KycFlow_one_default_per_tenant" ON "KycFlow" ("tenantId") WHERE "isDefault";

-- A flow holds at most one Published form of each type (decisions.md); the service checks first and
-- this index is the guarantee under concurrency.
DROP INDEX IF EXISTS "KycForm_one_published_per_type";
CREATE UNIQUE INDEX "KycForm_one_published_per_type" ON "KycForm" ("tenantId", "flowId", "type") WHERE "status" = 'Published';

-- Editing a Published form opens one Draft of its next version at a time.
DROP INDEX IF EXISTS "KycForm_one_draft_per_lineage";
CREATE UNIQUE INDEX "KycForm_one_draft_per_lineage" ON "KycForm" ("tenantId", "lineageId") WHERE "status" = 'Draft';

-- The KYC review worklist (GET /entities?worklist=kycReview and the dashboard's count): the KYCs an
-- officer must decide, a small part of a tenant's KYCs. The predicate is written exactly as the
-- worklist's queries write it, so the planner can use this index for them.
DROP INDEX IF EXISTS "Kyc_awaiting_review";
CREATE INDEX "Kyc_awaiting_review" ON "Kyc" ("tenantId", "entityId")
  WHERE "status" IN ('KycSubmitted', 'KycUnderReview') OR "eddStatus" = 'Submitted' OR "qualifiedStatus" = 'Submitted';
