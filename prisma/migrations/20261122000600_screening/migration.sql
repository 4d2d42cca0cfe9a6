-- CreateTable
CREATE TABLE "WatchlistEntry" (
    "id" UUID NOT NULL,
    "tenantId" UUID,
    "source" TEXT NOT NULL,
    "externalId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "names" JSONB NOT NULL,
    "nameEn" TEXT NOT NULL,
    "nameAr" TEXT,
    "idType" TEXT,
    "idNumber" TEXT,
    "identities" JSONB NOT NULL DEFAULT '[]',
    "idNumbersNorm" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "dob" DATE,
    "dobYear" INTEGER,
    "dobHijri" TEXT,
    "dobs" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "gender" TEXT,
    "nationalityCode" TEXT,
    "nationalityCodes" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "remarks" TEXT,
    "orderNumber" TEXT,
    "resolutionNumber" TEXT,
    "requestType" TEXT,
    "previousOrderNumber" TEXT,
    "banStatus" TEXT,
    "unifiedNumber" TEXT,
    "amount" DECIMAL,
    "timeOfRequest" TIMESTAMPTZ(3),
    "listType" TEXT,
    "contentHash" TEXT NOT NULL,
    "isValid" BOOLEAN NOT NULL DEFAULT true,
    "deprecatedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "WatchlistEntry_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WatchlistNameKey" (
    "id" UUID NOT NULL,
    "tenantId" UUID,
    "entryId" UUID NOT NULL,
    "source" TEXT NOT NULL,
    "entryType" TEXT NOT NULL,
    "isValid" BOOLEAN NOT NULL DEFAULT true,
    "kind" TEXT NOT NULL,
    "script" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "phonetic" TEXT NOT NULL,
    "tokens" TEXT[],
    "blockKeys" TEXT[],
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WatchlistNameKey_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WatchlistImport" (
    "id" UUID NOT NULL,
    "tenantId" UUID,
    "source" TEXT NOT NULL,
    "format" TEXT NOT NULL,
    "fileName" TEXT,
    "added" INTEGER NOT NULL DEFAULT 0,
    "updated" INTEGER NOT NULL DEFAULT 0,
    "deprecated" INTEGER NOT NULL DEFAULT 0,
    "unchanged" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WatchlistImport_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WatchlistImportChange" (
    "id" UUID NOT NULL,
    "tenantId" UUID,
    "importId" UUID NOT NULL,
    "entryId" UUID NOT NULL,
    "externalId" TEXT NOT NULL,
    "change" TEXT NOT NULL,
    "before" JSONB,
    "after" JSONB,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WatchlistImportChange_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "WatchlistEntry_tenantId_source_isValid_idx" ON "WatchlistEntry"("tenantId", "source", "isValid");

-- CreateIndex
CREATE INDEX "WatchlistEntry_idNumbersNorm_idx" ON "WatchlistEntry" USING GIN ("idNumbersNorm");

-- CreateIndex
CREATE UNIQUE INDEX "WatchlistEntry_tenantId_source_externalId_key" ON "WatchlistEntry"("tenantId", "source", "externalId");

-- CreateIndex
CREATE INDEX "WatchlistNameKey_blockKeys_idx" ON "WatchlistNameKey" USING GIN ("blockKeys");

-- CreateIndex
CREATE INDEX "WatchlistNameKey_key_idx" ON "WatchlistNameKey" USING GIN ("key" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "WatchlistNameKey_entryId_idx" ON "WatchlistNameKey"("entryId");

-- CreateIndex
CREATE INDEX "WatchlistNameKey_tenantId_source_idx" ON "WatchlistNameKey"("tenantId", "source");

-- CreateIndex
CREATE INDEX "WatchlistImport_tenantId_source_createdAt_idx" ON "WatchlistImport"("tenantId", "source", "createdAt");

-- CreateIndex
CREATE INDEX "WatchlistImportChange_tenantId_importId_change_idx" ON "WatchlistImportChange"("tenantId", "importId", "change");

-- AddForeignKey
ALTER TABLE "WatchlistNameKey" ADD CONSTRAINT "WatchlistNameKey_entryId_fkey" FOREIGN KEY ("entryId") REFERENCES "WatchlistEntry"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WatchlistImportChange" ADD CONSTRAINT "WatchlistImportChange_importId_fkey" FOREIGN KEY ("importId") REFERENCES "WatchlistImport"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-written (not managed by Prisma) -----------------------------------------------
-- Row-level security: shared lists (tenantId NULL) are readable by every tenant; Custom
-- entries only by their tenant; the CLI import and the benchmark run with app.scope=platform.

ALTER TABLE "WatchlistEntry" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "WatchlistEntry" FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON "WatchlistEntry"
  USING ("tenantId" IS NULL OR "tenantId" = current_setting('app.tenant_id', true)::uuid OR current_setting('app.scope', true) = 'platform')
  WITH CHECK ("tenantId" IS NULL OR "tenantId" = current_setting('app.tenant_id', true)::uuid OR current_setting('app.scope', true) = 'platform');
GRANT SELECT, INSERT, UPDATE, DELETE ON "WatchlistEntry" TO crm_app;

ALTER TABLE "WatchlistNameKey" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "WatchlistNameKey" FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON "WatchlistNameKey"
  USING ("tenantId" IS NULL OR "tenantId" = current_setting('app.tenant_id', true)::uuid OR current_setting('app.scope', true) = 'platform')
  WITH CHECK ("tenantId" IS NULL OR "tenantId" = current_setting('app.tenant_id', true)::uuid OR current_setting('app.scope', true) = 'platform');
GRANT SELECT, INSERT, UPDATE, DELETE ON "WatchlistNameKey" TO crm_app;

ALTER TABLE "WatchlistImport" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "WatchlistImport" FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON "WatchlistImport"
  USING ("tenantId" IS NULL OR "tenantId" = current_setting('app.tenant_id', true)::uuid OR current_setting('app.scope', true) = 'platform')
  WITH CHECK ("tenantId" IS NULL OR "tenantId" = current_setting('app.tenant_id', true)::uuid OR current_setting('app.scope', true) = 'platform');
GRANT SELECT, INSERT, UPDATE, DELETE ON "WatchlistImport" TO crm_app;

ALTER TABLE "WatchlistImportChange" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "WatchlistImportChange" FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON "WatchlistImportChange"
  USING ("tenantId" IS NULL OR "tenantId" = current_setting('app.tenant_id', true)::uuid OR current_setting('app.scope', true) = 'platform')
  WITH CHECK ("tenantId" IS NULL OR "tenantId" = current_setting('app.tenant_id', true)::uuid OR current_setting('app.scope', true) = 'platform');
GRANT SELECT, INSERT, UPDATE, DELETE ON "WatchlistImportChange" TO crm_app;
