-- Contrib extensions shipped with PostgreSQL (the embedded server has them too). Applied before
-- Prisma's DDL, which uses them: btree_gin gives GIN the uuid_ops of the (tenantId, searchText)
-- trigram index; pg_trgm the trigram operators (entity `q`, watchlist name keys). fuzzystrmatch,
-- unaccent and citext serve screening.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;
CREATE EXTENSION IF NOT EXISTS unaccent;
CREATE EXTENSION IF NOT EXISTS citext;
CREATE EXTENSION IF NOT EXISTS btree_gin;
