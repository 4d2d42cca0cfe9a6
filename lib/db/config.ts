import path from 'node:path';

/** Where the embedded PostgreSQL listens when DATABASE_URL is not set. */
export const EMBEDDED_PG_PORT = Number(process.env.EMBEDDED_PG_PORT ?? 54329);
export const EMBEDDED_PG_DIR = path.resolve(process.env.EMBEDDED_PG_DIR ?? '.data/postgres');
export const EMBEDDED_DB_NAME = 'crm';

export function embeddedDatabaseUrl(port = EMBEDDED_PG_PORT, database = EMBEDDED_DB_NAME): string {
  return `postgresql://postgres:postgres@127.0.0.1:${port}/${database}`;
}

/** The database the service uses: DATABASE_URL, else the embedded server's. */
export function databaseUrl(): string {
  return process.env.DATABASE_URL || embeddedDatabaseUrl();
}

/** Role the application connects as; it does not bypass row-level security. */
export const APP_ROLE = 'crm_app';
