-- Indexes of transaction monitoring that Prisma's schema cannot express (INCLUDE columns, partial).

-- The rules' window aggregates (count, sum, structuring band, first large transfer) read one
-- entity's transactions of one window as an index-only range scan: the entity and the time
-- lead, and the columns the rules read ride along, so no heap page and no older history is read.
-- One index per side: an entity's credits are the rows where it is the target, its debits where it
-- is the source.
DROP INDEX IF EXISTS "Transaction_target_window_idx";
CREATE INDEX "Transaction_target_window_idx" ON "Transaction" ("tenantId", "targetEntityId", "transactionDate")
  INCLUDE ("amount", "currencyCode", "id") WHERE "targetEntityId" IS NOT NULL;
DROP INDEX IF EXISTS "Transaction_source_window_idx";
CREATE INDEX "Transaction_source_window_idx" ON "Transaction" ("tenantId", "sourceEntityId", "transactionDate")
  INCLUDE ("amount", "currencyCode", "id") WHERE "sourceEntityId" IS NOT NULL;

-- One open transaction-monitoring case per entity: alerts raised concurrently gather in the same case.
DROP INDEX IF EXISTS "Case_one_open_monitoring_case";
CREATE UNIQUE INDEX "Case_one_open_monitoring_case" ON "Case" ("tenantId", "entityId")
  WHERE kind = 'TransactionMonitoring' AND status <> 'Closed';
