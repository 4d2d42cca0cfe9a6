-- The service connects as its migration user and switches to crm_app (SET ROLE) on every pooled
-- connection: crm_app owns nothing and does not bypass row-level security. (No CREATE ROLE IF NOT
-- EXISTS in PostgreSQL, hence the block; roles belong to the server, not to one database.)
DO $$
BEGIN
  CREATE ROLE crm_app NOLOGIN NOBYPASSRLS;
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;
GRANT crm_app TO CURRENT_USER;
