-- What the application role may do with tables. Every table of the schema starts with read and
-- write (now and, through the default privileges, every table created later); the exceptions
-- follow. Re-running this file restores exactly this state, so every exception belongs here.
GRANT USAGE ON SCHEMA public TO crm_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO crm_app;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO crm_app;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO crm_app;

-- Migration history: not the application's business.
REVOKE ALL ON "_prisma_migrations" FROM crm_app;

-- The audit log is append-only for the application (and for everyone through
-- triggers/audit_log.sql).
REVOKE UPDATE, DELETE, TRUNCATE ON "AuditLog" FROM crm_app;

-- Written only by triggers (SECURITY DEFINER functions): entity counts, entity documents and the
-- version of each tenant's transaction rules.
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON "EntityCount" FROM crm_app;
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON "EntityDocument" FROM crm_app;
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON "TransactionRuleSet" FROM crm_app;

-- Platform reference data, read-only to the application.
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON "NationalityReference" FROM crm_app;
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON "City" FROM crm_app;
