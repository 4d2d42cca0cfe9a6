-- btree_gin provides uuid_ops for GIN, used by the (tenantId, searchText) trigram index below.
CREATE EXTENSION IF NOT EXISTS btree_gin;
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateEnum
CREATE TYPE "EntityRole" AS ENUM ('Client', 'Prospect', 'Screening');

-- CreateEnum
CREATE TYPE "EntityType" AS ENUM ('Individual', 'Organization');

-- CreateEnum
CREATE TYPE "EntityStatus" AS ENUM ('Active', 'Blocked', 'Deactivated', 'Deceased');

-- CreateEnum
CREATE TYPE "EntityClassification" AS ENUM ('Retail', 'Institutional');

-- CreateEnum
CREATE TYPE "EntityCategory" AS ENUM ('Retail', 'Institutional');

-- CreateEnum
CREATE TYPE "Gender" AS ENUM ('Male', 'Female');

-- CreateEnum
CREATE TYPE "VerificationBlocked" AS ENUM ('Identity', 'Email', 'PhoneNumber', 'Address', 'BankAccount');

-- CreateEnum
CREATE TYPE "IdentityType" AS ENUM ('NationalIdentity', 'ResidencyPermit', 'CommercialRegistration', 'UnifiedNumber', 'Passport', 'GccCompany', 'NonProfit', 'Waqf', 'LicenseNumber', 'DrivingLicense', 'DigitalId', 'Other');

-- CreateEnum
CREATE TYPE "VerificationStatus" AS ENUM ('Pending', 'Verified', 'Rejected');

-- CreateEnum
CREATE TYPE "VerificationSource" AS ENUM ('Manual', 'Automatic');

-- CreateEnum
CREATE TYPE "BankAccountStatus" AS ENUM ('Active', 'Inactive');

-- CreateEnum
CREATE TYPE "BankAccountSource" AS ENUM ('Automatic', 'Manual');

-- CreateEnum
CREATE TYPE "BankAccountVerificationStatus" AS ENUM ('PendingReview', 'Verified', 'Rejected');

-- CreateEnum
CREATE TYPE "AddressStatus" AS ENUM ('Submitted', 'Verified', 'Rejected');

-- CreateEnum
CREATE TYPE "AddressSource" AS ENUM ('Automatic', 'Manual');

-- CreateEnum
CREATE TYPE "AddressCategory" AS ENUM ('Local', 'International');

-- CreateEnum
CREATE TYPE "TagScope" AS ENUM ('Entity', 'Watchlist', 'Transaction', 'Case');

-- CreateTable
CREATE TABLE "Entity" (
    "id" UUID NOT NULL,
    "tenantId" UUID NOT NULL,
    "crmId" TEXT,
    "role" "EntityRole" NOT NULL,
    "type" "EntityType" NOT NULL DEFAULT 'Individual',
    "status" "EntityStatus" NOT NULL DEFAULT 'Active',
    "verificationBlocked" "VerificationBlocked",
    "classification" "EntityClassification" NOT NULL DEFAULT 'Retail',
    "category" "EntityCategory",
    "gender" "Gender",
    "nameEn" TEXT,
    "nameAr" TEXT,
    "email" TEXT,
    "countryCode" TEXT,
    "phoneNumber" TEXT,
    "accountOpenDate" DATE,
    "dob" DATE,
    "dobHijri" TEXT,
    "dateOfIncorporation" DATE,
    "dateOfIncorporationHijri" TEXT,
    "netIncome" DECIMAL,
    "netAssets" DECIMAL,
    "ongoingMonitoring" BOOLEAN NOT NULL DEFAULT false,
    "nationalityCode" TEXT,
    "rawData" JSONB,
    "caseCount" INTEGER NOT NULL DEFAULT 0,
    "matchCount" INTEGER NOT NULL DEFAULT 0,
    "hasPublicCase" BOOLEAN NOT NULL DEFAULT false,
    "hasLocalCase" BOOLEAN NOT NULL DEFAULT false,
    "hasNewsMedia" BOOLEAN NOT NULL DEFAULT false,
    "isUnderReview" BOOLEAN NOT NULL DEFAULT false,
    "emailVerified" BOOLEAN NOT NULL DEFAULT false,
    "phoneNumberVerified" BOOLEAN NOT NULL DEFAULT false,
    "searchText" TEXT NOT NULL DEFAULT '',
    "archivedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Entity_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Identity" (
    "id" UUID NOT NULL,
    "tenantId" UUID NOT NULL,
    "entityId" UUID NOT NULL,
    "type" "IdentityType" NOT NULL,
    "subtype" TEXT,
    "number" TEXT NOT NULL,
    "issuingCountryCode" TEXT,
    "expiresAt" DATE,
    "verifiedAt" DATE,
    "selfieId" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Identity_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "IdentityVerification" (
    "id" UUID NOT NULL,
    "tenantId" UUID NOT NULL,
    "identityId" UUID NOT NULL,
    "status" "VerificationStatus" NOT NULL DEFAULT 'Pending',
    "source" "VerificationSource" NOT NULL DEFAULT 'Manual',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "IdentityVerification_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "IdentityDocument" (
    "tenantId" UUID NOT NULL,
    "identityId" UUID NOT NULL,
    "attachmentId" UUID NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "IdentityDocument_pkey" PRIMARY KEY ("identityId","attachmentId")
);

-- CreateTable
CREATE TABLE "Attachment" (
    "id" UUID NOT NULL,
    "tenantId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "mimeType" TEXT NOT NULL,
    "size" BIGINT NOT NULL,
    "sha256" TEXT NOT NULL,
    "storageKey" TEXT NOT NULL,
    "createdByUserId" UUID,
    "createdByKeyId" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Attachment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BankAccount" (
    "id" UUID NOT NULL,
    "tenantId" UUID NOT NULL,
    "entityId" UUID NOT NULL,
    "iban" TEXT NOT NULL,
    "primary" BOOLEAN NOT NULL DEFAULT false,
    "bankNameEn" TEXT,
    "bankNameAr" TEXT,
    "swiftCode" TEXT,
    "bankCode" TEXT,
    "holderName" TEXT,
    "status" "BankAccountStatus" NOT NULL DEFAULT 'Active',
    "source" "BankAccountSource" NOT NULL DEFAULT 'Automatic',
    "verificationStatus" "BankAccountVerificationStatus" NOT NULL DEFAULT 'Verified',
    "attachmentId" UUID,
    "reviewComment" TEXT,
    "reviewedAt" TIMESTAMPTZ(3),
    "reviewedBy" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "BankAccount_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "City" (
    "id" UUID NOT NULL,
    "nameEn" TEXT NOT NULL,
    "nameAr" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "City_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Address" (
    "id" UUID NOT NULL,
    "tenantId" UUID NOT NULL,
    "entityId" UUID NOT NULL,
    "district" TEXT,
    "districtArea" TEXT,
    "districtName" TEXT,
    "locationX" TEXT,
    "locationY" TEXT,
    "locationZ" TEXT,
    "latitude" TEXT,
    "longitude" TEXT,
    "phoneNumber" TEXT,
    "streetNameEn" TEXT,
    "streetNameAr" TEXT,
    "unitNumber" TEXT,
    "unitTypeId" TEXT,
    "shortCode" TEXT,
    "status" "AddressStatus" NOT NULL DEFAULT 'Submitted',
    "source" "AddressSource" NOT NULL DEFAULT 'Automatic',
    "category" "AddressCategory" NOT NULL DEFAULT 'Local',
    "fullAddress" TEXT,
    "attachmentId" UUID,
    "cityId" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Address_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Tag" (
    "id" UUID NOT NULL,
    "tenantId" UUID NOT NULL,
    "nameEn" TEXT NOT NULL,
    "nameAr" TEXT,
    "scope" "TagScope" NOT NULL DEFAULT 'Entity',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Tag_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "EntityTag" (
    "tenantId" UUID NOT NULL,
    "entityId" UUID NOT NULL,
    "tagId" UUID NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "EntityTag_pkey" PRIMARY KEY ("entityId","tagId")
);

-- CreateTable
CREATE TABLE "OrganizationStatus" (
    "id" UUID NOT NULL,
    "tenantId" UUID NOT NULL,
    "entityId" UUID NOT NULL,
    "value" TEXT NOT NULL,
    "confirmationDate" TIMESTAMPTZ(3),
    "suspensionDate" TIMESTAMPTZ(3),
    "reactivationDate" TIMESTAMPTZ(3),
    "deletionDate" TIMESTAMPTZ(3),
    "liquidificationDate" TIMESTAMPTZ(3),
    "structure" JSONB,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "OrganizationStatus_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Activity" (
    "id" UUID NOT NULL,
    "tenantId" UUID NOT NULL,
    "entityId" UUID NOT NULL,
    "externalId" TEXT,
    "nameEn" TEXT,
    "nameAr" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Activity_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Entity_tenantId_createdAt_id_idx" ON "Entity"("tenantId", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "Entity_tenantId_role_createdAt_id_idx" ON "Entity"("tenantId", "role", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "Entity_tenantId_status_createdAt_id_idx" ON "Entity"("tenantId", "status", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "Entity_tenantId_type_createdAt_id_idx" ON "Entity"("tenantId", "type", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "Entity_tenantId_searchText_trgm_idx" ON "Entity" USING GIN ("tenantId" uuid_ops, "searchText" gin_trgm_ops);

-- CreateIndex
CREATE UNIQUE INDEX "Entity_tenantId_crmId_key" ON "Entity"("tenantId", "crmId");

-- CreateIndex
CREATE INDEX "Identity_tenantId_entityId_idx" ON "Identity"("tenantId", "entityId");

-- CreateIndex
CREATE INDEX "Identity_tenantId_number_idx" ON "Identity"("tenantId", "number");

-- CreateIndex
CREATE UNIQUE INDEX "IdentityVerification_identityId_key" ON "IdentityVerification"("identityId");

-- CreateIndex
CREATE INDEX "IdentityVerification_tenantId_status_idx" ON "IdentityVerification"("tenantId", "status");

-- CreateIndex
CREATE INDEX "IdentityDocument_tenantId_attachmentId_idx" ON "IdentityDocument"("tenantId", "attachmentId");

-- CreateIndex
CREATE INDEX "Attachment_tenantId_createdAt_idx" ON "Attachment"("tenantId", "createdAt");

-- CreateIndex
CREATE INDEX "BankAccount_tenantId_verificationStatus_createdAt_idx" ON "BankAccount"("tenantId", "verificationStatus", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "BankAccount_tenantId_entityId_iban_key" ON "BankAccount"("tenantId", "entityId", "iban");

-- CreateIndex
CREATE UNIQUE INDEX "City_nameEn_key" ON "City"("nameEn");

-- CreateIndex
CREATE INDEX "Address_tenantId_entityId_createdAt_idx" ON "Address"("tenantId", "entityId", "createdAt");

-- CreateIndex
CREATE INDEX "Tag_tenantId_scope_nameEn_idx" ON "Tag"("tenantId", "scope", "nameEn");

-- CreateIndex
CREATE UNIQUE INDEX "Tag_tenantId_scope_nameEn_key" ON "Tag"("tenantId", "scope", "nameEn");

-- CreateIndex
CREATE INDEX "EntityTag_tenantId_tagId_entityId_idx" ON "EntityTag"("tenantId", "tagId", "entityId");

-- CreateIndex
CREATE UNIQUE INDEX "OrganizationStatus_entityId_key" ON "OrganizationStatus"("entityId");

-- CreateIndex
CREATE INDEX "OrganizationStatus_tenantId_idx" ON "OrganizationStatus"("tenantId");

-- CreateIndex
CREATE INDEX "Activity_tenantId_entityId_idx" ON "Activity"("tenantId", "entityId");

-- AddForeignKey
ALTER TABLE "Identity" ADD CONSTRAINT "Identity_entityId_fkey" FOREIGN KEY ("entityId") REFERENCES "Entity"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Identity" ADD CONSTRAINT "Identity_selfieId_fkey" FOREIGN KEY ("selfieId") REFERENCES "Attachment"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "IdentityVerification" ADD CONSTRAINT "IdentityVerification_identityId_fkey" FOREIGN KEY ("identityId") REFERENCES "Identity"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "IdentityDocument" ADD CONSTRAINT "IdentityDocument_identityId_fkey" FOREIGN KEY ("identityId") REFERENCES "Identity"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "IdentityDocument" ADD CONSTRAINT "IdentityDocument_attachmentId_fkey" FOREIGN KEY ("attachmentId") REFERENCES "Attachment"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BankAccount" ADD CONSTRAINT "BankAccount_entityId_fkey" FOREIGN KEY ("entityId") REFERENCES "Entity"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BankAccount" ADD CONSTRAINT "BankAccount_attachmentId_fkey" FOREIGN KEY ("attachmentId") REFERENCES "Attachment"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Address" ADD CONSTRAINT "Address_entityId_fkey" FOREIGN KEY ("entityId") REFERENCES "Entity"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Address" ADD CONSTRAINT "Address_attachmentId_fkey" FOREIGN KEY ("attachmentId") REFERENCES "Attachment"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Address" ADD CONSTRAINT "Address_cityId_fkey" FOREIGN KEY ("cityId") REFERENCES "City"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EntityTag" ADD CONSTRAINT "EntityTag_entityId_fkey" FOREIGN KEY ("entityId") REFERENCES "Entity"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EntityTag" ADD CONSTRAINT "EntityTag_tagId_fkey" FOREIGN KEY ("tagId") REFERENCES "Tag"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OrganizationStatus" ADD CONSTRAINT "OrganizationStatus_entityId_fkey" FOREIGN KEY ("entityId") REFERENCES "Entity"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Activity" ADD CONSTRAINT "Activity_entityId_fkey" FOREIGN KEY ("entityId") REFERENCES "Entity"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- ---------------------------------------------------------------------------------------------
-- Hand-written tail.

-- One primary bank account per entity (the service demotes the previous one in the same
-- transaction; this index is the guarantee under concurrency).
CREATE UNIQUE INDEX "BankAccount_one_primary_per_entity" ON "BankAccount" ("tenantId", "entityId") WHERE "primary";

-- Manual accounts waiting for review, oldest first (the review queue).
CREATE INDEX "BankAccount_pending_review_idx" ON "BankAccount" ("tenantId", "createdAt") WHERE "verificationStatus" = 'PendingReview';

-- Tenant foreign keys: deleting a tenant removes its records.
ALTER TABLE "Entity" ADD CONSTRAINT "Entity_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Identity" ADD CONSTRAINT "Identity_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "IdentityVerification" ADD CONSTRAINT "IdentityVerification_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "IdentityDocument" ADD CONSTRAINT "IdentityDocument_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Attachment" ADD CONSTRAINT "Attachment_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "BankAccount" ADD CONSTRAINT "BankAccount_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Address" ADD CONSTRAINT "Address_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Tag" ADD CONSTRAINT "Tag_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "EntityTag" ADD CONSTRAINT "EntityTag_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "OrganizationStatus" ADD CONSTRAINT "OrganizationStatus_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Activity" ADD CONSTRAINT "Activity_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Row-level security: the second wall behind the services' own tenantId filters.
ALTER TABLE "Entity" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "Entity" FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON "Entity" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "Identity" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "Identity" FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON "Identity" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "IdentityVerification" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "IdentityVerification" FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON "IdentityVerification" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "IdentityDocument" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "IdentityDocument" FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON "IdentityDocument" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "Attachment" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "Attachment" FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON "Attachment" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "BankAccount" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "BankAccount" FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON "BankAccount" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "Address" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "Address" FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON "Address" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "Tag" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "Tag" FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON "Tag" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "EntityTag" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "EntityTag" FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON "EntityTag" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "OrganizationStatus" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "OrganizationStatus" FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON "OrganizationStatus" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "Activity" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "Activity" FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON "Activity" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

-- Saudi cities (global reference data, read by every tenant). Ids are derived from the English
-- name so that every installation has the same city ids.
INSERT INTO "City" ("id", "nameEn", "nameAr", "createdAt", "updatedAt") VALUES
  (md5('city:Riyadh')::uuid, 'Riyadh', 'الرياض', '2026-11-22 00:00:00+00', '2026-11-22 00:00:00+00'),
  (md5('city:Jeddah')::uuid, 'Jeddah', 'جدة', '2026-11-22 00:00:00+00', '2026-11-22 00:00:00+00'),
  (md5('city:Makkah')::uuid, 'Makkah', 'مكة المكرمة', '2026-11-22 00:00:00+00', '2026-11-22 00:00:00+00'),
  (md5('city:Madinah')::uuid, 'Madinah', 'المدينة المنورة', '2026-11-22 00:00:00+00', '2026-11-22 00:00:00+00'),
  (md5('city:Dammam')::uuid, 'Dammam', 'الدمام', '2026-11-22 00:00:00+00', '2026-11-22 00:00:00+00'),
  (md5('city:Khobar')::uuid, 'Khobar', 'الخبر', '2026-11-22 00:00:00+00', '2026-11-22 00:00:00+00'),
  (md5('city:Dhahran')::uuid, 'Dhahran', 'الظهران', '2026-11-22 00:00:00+00', '2026-11-22 00:00:00+00'),
  (md5('city:Taif')::uuid, 'Taif', 'الطائف', '2026-11-22 00:00:00+00', '2026-11-22 00:00:00+00'),
  (md5('city:Tabuk')::uuid, 'Tabuk', 'تبوك', '2026-11-22 00:00:00+00', '2026-11-22 00:00:00+00'),
  (md5('city:Buraydah')::uuid, 'Buraydah', 'بريدة', '2026-11-22 00:00:00+00', '2026-11-22 00:00:00+00'),
  (md5('city:Unaizah')::uuid, 'Unaizah', 'عنيزة', '2026-11-22 00:00:00+00', '2026-11-22 00:00:00+00'),
  (md5('city:Hail')::uuid, 'Hail', 'حائل', '2026-11-22 00:00:00+00', '2026-11-22 00:00:00+00'),
  (md5('city:Abha')::uuid, 'Abha', 'أبها', '2026-11-22 00:00:00+00', '2026-11-22 00:00:00+00'),
  (md5('city:Khamis Mushait')::uuid, 'Khamis Mushait', 'خميس مشيط', '2026-11-22 00:00:00+00', '2026-11-22 00:00:00+00'),
  (md5('city:Jazan')::uuid, 'Jazan', 'جازان', '2026-11-22 00:00:00+00', '2026-11-22 00:00:00+00'),
  (md5('city:Najran')::uuid, 'Najran', 'نجران', '2026-11-22 00:00:00+00', '2026-11-22 00:00:00+00'),
  (md5('city:Al Bahah')::uuid, 'Al Bahah', 'الباحة', '2026-11-22 00:00:00+00', '2026-11-22 00:00:00+00'),
  (md5('city:Arar')::uuid, 'Arar', 'عرعر', '2026-11-22 00:00:00+00', '2026-11-22 00:00:00+00'),
  (md5('city:Sakaka')::uuid, 'Sakaka', 'سكاكا', '2026-11-22 00:00:00+00', '2026-11-22 00:00:00+00'),
  (md5('city:Al Hofuf')::uuid, 'Al Hofuf', 'الهفوف', '2026-11-22 00:00:00+00', '2026-11-22 00:00:00+00'),
  (md5('city:Al Mubarraz')::uuid, 'Al Mubarraz', 'المبرز', '2026-11-22 00:00:00+00', '2026-11-22 00:00:00+00'),
  (md5('city:Jubail')::uuid, 'Jubail', 'الجبيل', '2026-11-22 00:00:00+00', '2026-11-22 00:00:00+00'),
  (md5('city:Yanbu')::uuid, 'Yanbu', 'ينبع', '2026-11-22 00:00:00+00', '2026-11-22 00:00:00+00'),
  (md5('city:Qatif')::uuid, 'Qatif', 'القطيف', '2026-11-22 00:00:00+00', '2026-11-22 00:00:00+00'),
  (md5('city:Hafar Al Batin')::uuid, 'Hafar Al Batin', 'حفر الباطن', '2026-11-22 00:00:00+00', '2026-11-22 00:00:00+00'),
  (md5('city:Al Kharj')::uuid, 'Al Kharj', 'الخرج', '2026-11-22 00:00:00+00', '2026-11-22 00:00:00+00'),
  (md5('city:Al Qurayyat')::uuid, 'Al Qurayyat', 'القريات', '2026-11-22 00:00:00+00', '2026-11-22 00:00:00+00'),
  (md5('city:Al Majmaah')::uuid, 'Al Majmaah', 'المجمعة', '2026-11-22 00:00:00+00', '2026-11-22 00:00:00+00'),
  (md5('city:Diriyah')::uuid, 'Diriyah', 'الدرعية', '2026-11-22 00:00:00+00', '2026-11-22 00:00:00+00'),
  (md5('city:AlUla')::uuid, 'AlUla', 'العلا', '2026-11-22 00:00:00+00', '2026-11-22 00:00:00+00'),
  (md5('city:Bisha')::uuid, 'Bisha', 'بيشة', '2026-11-22 00:00:00+00', '2026-11-22 00:00:00+00'),
  (md5('city:Rabigh')::uuid, 'Rabigh', 'رابغ', '2026-11-22 00:00:00+00', '2026-11-22 00:00:00+00'),
  (md5('city:Al Qunfudhah')::uuid, 'Al Qunfudhah', 'القنفذة', '2026-11-22 00:00:00+00', '2026-11-22 00:00:00+00'),
  (md5('city:Dawadmi')::uuid, 'Dawadmi', 'الدوادمي', '2026-11-22 00:00:00+00', '2026-11-22 00:00:00+00'),
  (md5('city:Az Zulfi')::uuid, 'Az Zulfi', 'الزلفي', '2026-11-22 00:00:00+00', '2026-11-22 00:00:00+00'),
  (md5('city:Ras Tanura')::uuid, 'Ras Tanura', 'رأس تنورة', '2026-11-22 00:00:00+00', '2026-11-22 00:00:00+00'),
  (md5('city:Sabya')::uuid, 'Sabya', 'صبيا', '2026-11-22 00:00:00+00', '2026-11-22 00:00:00+00'),
  (md5('city:Al Wajh')::uuid, 'Al Wajh', 'الوجه', '2026-11-22 00:00:00+00', '2026-11-22 00:00:00+00'),
  (md5('city:Duba')::uuid, 'Duba', 'ضباء', '2026-11-22 00:00:00+00', '2026-11-22 00:00:00+00'),
  (md5('city:Turaif')::uuid, 'Turaif', 'طريف', '2026-11-22 00:00:00+00', '2026-11-22 00:00:00+00'),
  (md5('city:Al Khafji')::uuid, 'Al Khafji', 'الخفجي', '2026-11-22 00:00:00+00', '2026-11-22 00:00:00+00'),
  (md5('city:Sharurah')::uuid, 'Sharurah', 'شرورة', '2026-11-22 00:00:00+00', '2026-11-22 00:00:00+00')
ON CONFLICT ("nameEn") DO NOTHING;

-- GET /entities list query. Row-level security keeps non-leakproof operators such as LIKE from
-- being used as index conditions (they may not run before the policy check), so under RLS every
-- `q` search and every count would scan the whole table. This function runs with its owner's
-- rights (the migration role, which bypasses RLS when it is a superuser or BYPASSRLS; if it is not,
-- RLS still applies and results stay correct, only slower) and takes the tenant ONLY from the
-- transaction's `app.tenant_id` (set by withTenant), never from an argument, so it cannot read
-- another tenant's rows. Returns {"ids": [...newest first], "total": n}.
CREATE FUNCTION crm_list_entity_ids(
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
  -- Dynamic SQL: each call is planned with its actual filters and values (no generic plan).
  EXECUTE 'SELECT coalesce(jsonb_agg(s.id ORDER BY s."createdAt" DESC, s.id DESC), ''[]''::jsonb) FROM (SELECT e."id", e."createdAt" FROM "Entity" e WHERE e."tenantId" = $1'
       || cond || ' ORDER BY e."createdAt" DESC, e."id" DESC LIMIT $8 OFFSET $9) s'
    INTO ids USING tenant, p_role, p_status, p_type, p_crm_id, p_tag_id, p_pattern, p_limit, p_offset;
  IF p_offset = 0 AND jsonb_array_length(ids) < p_limit THEN
    total := jsonb_array_length(ids);
  ELSE
    EXECUTE 'SELECT count(*) FROM "Entity" e WHERE e."tenantId" = $1' || cond
      INTO total USING tenant, p_role, p_status, p_type, p_crm_id, p_tag_id, p_pattern;
  END IF;
  RETURN jsonb_build_object('ids', ids, 'total', total);
END
$fn$;
REVOKE ALL ON FUNCTION crm_list_entity_ids("EntityRole", "EntityStatus", "EntityType", text, uuid, text, int, int) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION crm_list_entity_ids("EntityRole", "EntityStatus", "EntityType", text, uuid, text, int, int) TO crm_app;
