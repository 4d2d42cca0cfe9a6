-- Row-level security: the second wall behind the services' own tenantId filters. Every
-- tenant-owned table is visible only to the tenant set by withTenant() (app.tenant_id) or to
-- platform scope (withPlatform(): app.scope = 'platform'); see functions/crm_can_access.sql.
-- FORCE makes the policies apply to the table owner too. Not here: City, NationalityReference
-- (read-only to the application: security/grants.sql) and the migration history.

-- Failed sign-ins per e-mail and address (lib/tenancy/sign-in-throttle.ts): platform scope only, so
-- no tenant's transaction can read who is being guessed at or clear another tenant's lockout.
ALTER TABLE "SignInThrottle" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "SignInThrottle" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS platform_only ON "SignInThrottle";
CREATE POLICY platform_only ON "SignInThrottle" USING (crm_can_access(NULL)) WITH CHECK (crm_can_access(NULL));

-- Tenants: every transaction may read the tenant directory (an API key or a sign-in names its
-- tenant before any tenant scope exists), but only the tenant's own transaction, or platform scope
-- (creating a tenant, the tenant:quota CLI), may change its row: settings, quotas and MFA are the
-- tenant's own.
ALTER TABLE "Tenant" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "Tenant" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "Tenant";
CREATE POLICY tenant_isolation ON "Tenant" USING (crm_can_access("id")) WITH CHECK (crm_can_access("id"));
DROP POLICY IF EXISTS tenant_directory_read ON "Tenant";
CREATE POLICY tenant_directory_read ON "Tenant" FOR SELECT USING (true);

-- The country-risk table (KYC scoring of Nationality answers): read by every tenant, replaced only
-- with platform scope (the country-risk:load CLI).
ALTER TABLE "CountryRisk" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "CountryRisk" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS platform_write ON "CountryRisk";
CREATE POLICY platform_write ON "CountryRisk" USING (crm_can_access(NULL)) WITH CHECK (crm_can_access(NULL));
DROP POLICY IF EXISTS reference_read ON "CountryRisk";
CREATE POLICY reference_read ON "CountryRisk" FOR SELECT USING (true);

ALTER TABLE "ApiKey" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "ApiKey" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "ApiKey";
CREATE POLICY tenant_isolation ON "ApiKey" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "User" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "User" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "User";
CREATE POLICY tenant_isolation ON "User" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "UserSession" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "UserSession" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "UserSession";
CREATE POLICY tenant_isolation ON "UserSession" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "UserLink" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "UserLink" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "UserLink";
CREATE POLICY tenant_isolation ON "UserLink" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "MfaRecoveryCode" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "MfaRecoveryCode" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "MfaRecoveryCode";
CREATE POLICY tenant_isolation ON "MfaRecoveryCode" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "MfaChallenge" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "MfaChallenge" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "MfaChallenge";
CREATE POLICY tenant_isolation ON "MfaChallenge" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "AuditLog" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "AuditLog" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "AuditLog";
CREATE POLICY tenant_isolation ON "AuditLog" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "OutboxEvent" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "OutboxEvent" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "OutboxEvent";
CREATE POLICY tenant_isolation ON "OutboxEvent" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "EmailNotification" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "EmailNotification" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "EmailNotification";
CREATE POLICY tenant_isolation ON "EmailNotification" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "Entity" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "Entity" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "Entity";
CREATE POLICY tenant_isolation ON "Entity" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "IdempotencyKey" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "IdempotencyKey" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "IdempotencyKey";
CREATE POLICY tenant_isolation ON "IdempotencyKey" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "Identity" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "Identity" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "Identity";
CREATE POLICY tenant_isolation ON "Identity" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "IdentityVerification" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "IdentityVerification" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "IdentityVerification";
CREATE POLICY tenant_isolation ON "IdentityVerification" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "IdentityDocument" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "IdentityDocument" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "IdentityDocument";
CREATE POLICY tenant_isolation ON "IdentityDocument" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "Attachment" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "Attachment" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "Attachment";
CREATE POLICY tenant_isolation ON "Attachment" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "AttachmentDailyUsage" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "AttachmentDailyUsage" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "AttachmentDailyUsage";
CREATE POLICY tenant_isolation ON "AttachmentDailyUsage" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "BankAccount" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "BankAccount" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "BankAccount";
CREATE POLICY tenant_isolation ON "BankAccount" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "Address" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "Address" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "Address";
CREATE POLICY tenant_isolation ON "Address" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "Tag" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "Tag" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "Tag";
CREATE POLICY tenant_isolation ON "Tag" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "EntityTag" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "EntityTag" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "EntityTag";
CREATE POLICY tenant_isolation ON "EntityTag" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "OrganizationStatus" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "OrganizationStatus" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "OrganizationStatus";
CREATE POLICY tenant_isolation ON "OrganizationStatus" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "Activity" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "Activity" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "Activity";
CREATE POLICY tenant_isolation ON "Activity" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "Note" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "Note" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "Note";
CREATE POLICY tenant_isolation ON "Note" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "Relationship" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "Relationship" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "Relationship";
CREATE POLICY tenant_isolation ON "Relationship" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "RelationshipFile" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "RelationshipFile" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "RelationshipFile";
CREATE POLICY tenant_isolation ON "RelationshipFile" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "RelationshipInvitation" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "RelationshipInvitation" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "RelationshipInvitation";
CREATE POLICY tenant_isolation ON "RelationshipInvitation" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "RelationshipNote" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "RelationshipNote" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "RelationshipNote";
CREATE POLICY tenant_isolation ON "RelationshipNote" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "EntityCount" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "EntityCount" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "EntityCount";
CREATE POLICY tenant_isolation ON "EntityCount" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "EntityDocument" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "EntityDocument" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "EntityDocument";
CREATE POLICY tenant_isolation ON "EntityDocument" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

-- KYC (kyc.prisma); CountryRisk is platform reference data without a tenant.
ALTER TABLE "Kyc" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "Kyc" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "Kyc";
CREATE POLICY tenant_isolation ON "Kyc" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "KycAgreement" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "KycAgreement" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "KycAgreement";
CREATE POLICY tenant_isolation ON "KycAgreement" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "KycAgreementSignature" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "KycAgreementSignature" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "KycAgreementSignature";
CREATE POLICY tenant_isolation ON "KycAgreementSignature" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "KycAnswer" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "KycAnswer" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "KycAnswer";
CREATE POLICY tenant_isolation ON "KycAnswer" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "KycAnswerAttachment" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "KycAnswerAttachment" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "KycAnswerAttachment";
CREATE POLICY tenant_isolation ON "KycAnswerAttachment" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "KycEnabledQuestion" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "KycEnabledQuestion" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "KycEnabledQuestion";
CREATE POLICY tenant_isolation ON "KycEnabledQuestion" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "KycFlow" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "KycFlow" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "KycFlow";
CREATE POLICY tenant_isolation ON "KycFlow" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "KycForm" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "KycForm" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "KycForm";
CREATE POLICY tenant_isolation ON "KycForm" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "KycOption" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "KycOption" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "KycOption";
CREATE POLICY tenant_isolation ON "KycOption" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "KycOptionScore" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "KycOptionScore" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "KycOptionScore";
CREATE POLICY tenant_isolation ON "KycOptionScore" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "KycQuestion" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "KycQuestion" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "KycQuestion";
CREATE POLICY tenant_isolation ON "KycQuestion" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "KycReview" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "KycReview" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "KycReview";
CREATE POLICY tenant_isolation ON "KycReview" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "KycScore" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "KycScore" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "KycScore";
CREATE POLICY tenant_isolation ON "KycScore" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "KycSection" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "KycSection" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "KycSection";
CREATE POLICY tenant_isolation ON "KycSection" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "KycSectionWeight" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "KycSectionWeight" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "KycSectionWeight";
CREATE POLICY tenant_isolation ON "KycSectionWeight" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "KycSettings" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "KycSettings" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "KycSettings";
CREATE POLICY tenant_isolation ON "KycSettings" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "KycSubmission" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "KycSubmission" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "KycSubmission";
CREATE POLICY tenant_isolation ON "KycSubmission" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));
ALTER TABLE "ErasureRequest" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "ErasureRequest" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "ErasureRequest";
CREATE POLICY tenant_isolation ON "ErasureRequest" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "WebhookEndpoint" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "WebhookEndpoint" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "WebhookEndpoint";
CREATE POLICY tenant_isolation ON "WebhookEndpoint" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "WebhookStatusChange" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "WebhookStatusChange" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "WebhookStatusChange";
CREATE POLICY tenant_isolation ON "WebhookStatusChange" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "WebhookDelivery" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "WebhookDelivery" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "WebhookDelivery";
CREATE POLICY tenant_isolation ON "WebhookDelivery" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "WebhookAttempt" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "WebhookAttempt" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "WebhookAttempt";
CREATE POLICY tenant_isolation ON "WebhookAttempt" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "AdminNotification" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "AdminNotification" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "AdminNotification";
CREATE POLICY tenant_isolation ON "AdminNotification" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

-- Bulk onboarding jobs and screening cases (prisma/schema/bulk.prisma, cases.prisma).

ALTER TABLE "BulkJob" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "BulkJob" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "BulkJob";
CREATE POLICY tenant_isolation ON "BulkJob" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "BulkJobItem" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "BulkJobItem" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "BulkJobItem";
CREATE POLICY tenant_isolation ON "BulkJobItem" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "Case" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "Case" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "Case";
CREATE POLICY tenant_isolation ON "Case" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "Match" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "Match" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "Match";
CREATE POLICY tenant_isolation ON "Match" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "MatchReview" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "MatchReview" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "MatchReview";
CREATE POLICY tenant_isolation ON "MatchReview" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "MonitoredLookupKey" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "MonitoredLookupKey" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "MonitoredLookupKey";
CREATE POLICY tenant_isolation ON "MonitoredLookupKey" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "MonitoredNameKey" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "MonitoredNameKey" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "MonitoredNameKey";
CREATE POLICY tenant_isolation ON "MonitoredNameKey" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

-- Watchlists: shared lists (tenantId NULL) are readable by every tenant (shared_lists_read, for
-- SELECT only) and written only with platform scope: a tenant's transaction can neither add, change
-- nor delete a row every other tenant screens against. Custom entries only by their tenant. The
-- import (lib/screening/watchlist-import.ts, the CLI's) and the benchmarks run with app.scope=platform. crm_can_access reads
-- app.tenant_id with nullif: a pooled connection that ran a tenant transaction before keeps the
-- setting as '' (not NULL), which a plain ::uuid cast would turn into an error under platform scope.

ALTER TABLE "WatchlistEntry" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "WatchlistEntry" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "WatchlistEntry";
CREATE POLICY tenant_isolation ON "WatchlistEntry" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));
DROP POLICY IF EXISTS shared_lists_read ON "WatchlistEntry";
CREATE POLICY shared_lists_read ON "WatchlistEntry" FOR SELECT USING ("tenantId" IS NULL);

ALTER TABLE "WatchlistNameKey" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "WatchlistNameKey" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "WatchlistNameKey";
CREATE POLICY tenant_isolation ON "WatchlistNameKey" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));
DROP POLICY IF EXISTS shared_lists_read ON "WatchlistNameKey";
CREATE POLICY shared_lists_read ON "WatchlistNameKey" FOR SELECT USING ("tenantId" IS NULL);

ALTER TABLE "WatchlistImport" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "WatchlistImport" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "WatchlistImport";
CREATE POLICY tenant_isolation ON "WatchlistImport" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));
DROP POLICY IF EXISTS shared_lists_read ON "WatchlistImport";
CREATE POLICY shared_lists_read ON "WatchlistImport" FOR SELECT USING ("tenantId" IS NULL);

ALTER TABLE "WatchlistImportChange" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "WatchlistImportChange" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "WatchlistImportChange";
CREATE POLICY tenant_isolation ON "WatchlistImportChange" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));
DROP POLICY IF EXISTS shared_lists_read ON "WatchlistImportChange";
CREATE POLICY shared_lists_read ON "WatchlistImportChange" FOR SELECT USING ("tenantId" IS NULL);

ALTER TABLE "CaseAttachment" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "CaseAttachment" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "CaseAttachment";
CREATE POLICY tenant_isolation ON "CaseAttachment" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "WatchlistLookupKey" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "WatchlistLookupKey" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "WatchlistLookupKey";
CREATE POLICY tenant_isolation ON "WatchlistLookupKey" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));
DROP POLICY IF EXISTS shared_lists_read ON "WatchlistLookupKey";
CREATE POLICY shared_lists_read ON "WatchlistLookupKey" FOR SELECT USING ("tenantId" IS NULL);

ALTER TABLE "CaseDecision" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "CaseDecision" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "CaseDecision";
CREATE POLICY tenant_isolation ON "CaseDecision" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "CaseNote" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "CaseNote" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "CaseNote";
CREATE POLICY tenant_isolation ON "CaseNote" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "StrReport" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "StrReport" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "StrReport";
CREATE POLICY tenant_isolation ON "StrReport" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "Transaction" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "Transaction" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "Transaction";
CREATE POLICY tenant_isolation ON "Transaction" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "TransactionAlert" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "TransactionAlert" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "TransactionAlert";
CREATE POLICY tenant_isolation ON "TransactionAlert" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "TransactionRuleSet" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "TransactionRuleSet" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "TransactionRuleSet";
CREATE POLICY tenant_isolation ON "TransactionRuleSet" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "TransactionRule" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "TransactionRule" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "TransactionRule";
CREATE POLICY tenant_isolation ON "TransactionRule" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));

ALTER TABLE "Wallet" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "Wallet" FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_isolation ON "Wallet";
CREATE POLICY tenant_isolation ON "Wallet" USING (crm_can_access("tenantId")) WITH CHECK (crm_can_access("tenantId"));
