-- Partial indexes, which Prisma's schema cannot express (its diff leaves them alone).

-- One primary bank account per entity (the service demotes the previous one in the same
-- transaction; this index is the guarantee under concurrency).
DROP INDEX IF EXISTS "BankAccount_one_primary_per_entity";
CREATE UNIQUE INDEX "BankAccount_one_primary_per_entity" ON "BankAccount" ("tenantId", "entityId") WHERE "primary";

-- Manual accounts waiting for review, oldest first (the review queue).
DROP INDEX IF EXISTS "BankAccount_pending_review_idx";
CREATE INDEX "BankAccount_pending_review_idx" ON "BankAccount" ("tenantId", "createdAt") WHERE "verificationStatus" = 'PendingReview';
