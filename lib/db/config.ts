import path from 'node:path';

/** Where the embedded PostgreSQL listens when DATABASE_URL is not set. */
export const EMBEDDED_PG_PORT = Number(process.env.EMBEDDED_PG_PORT ?? 54329);
export const EMBEDDED_PG_DIR = path.resolve(process.env.EMBEDDED_PG_DIR ?? '.data/postgres');
export const EMBEDDED_DB_NAME = 'crm';

/**
 * The folder of the embedded PostgreSQL's Unix-domain socket (PostgreSQL's own default, passed
 * explicitly so that server and URL agree); none on Windows, where the URL stays TCP.
 */
export const EMBEDDED_PG_SOCKET_DIR: string | null = process.platform === 'win32' ? null : '/tmp';

/**
 * The embedded server's URL. Its processes connect through the Unix-domain socket (`host=` in the
 * query wins over the address, which names the server for people reading the URL): on this
 * 2-core machine a loopback TCP round trip cost the service 7–15% more Node.js CPU and 3–14% more
 * PostgreSQL CPU per transaction ingest (four alternating pairs, bench/README.md).
 */
export function embeddedDatabaseUrl(port = EMBEDDED_PG_PORT, database = EMBEDDED_DB_NAME): string {
  const url = `postgresql://postgres:postgres@127.0.0.1:${port}/${database}`;
  return EMBEDDED_PG_SOCKET_DIR ? `${url}?host=${EMBEDDED_PG_SOCKET_DIR}` : url;
}

/** The database the service uses: DATABASE_URL, else the embedded server's. */
export function databaseUrl(): string {
  return process.env.DATABASE_URL || embeddedDatabaseUrl();
}

/** Role the application connects as; it does not bypass row-level security. */
export const APP_ROLE = 'crm_app';

/**
 * Connections per process (DATABASE_POOL_SIZE, default 4). A Node.js process runs its JavaScript
 * on one thread, which a few connections keep busy; more only add PostgreSQL backends competing for
 * the same cores (measured in README, Configuration). The worker process sizes its pool to its job
 * concurrency instead (scripts/worker.ts).
 */
export function databasePoolSize(): number {
  const size = Number(process.env.DATABASE_POOL_SIZE ?? 4);
  if (!Number.isInteger(size) || size < 1) throw new Error('DATABASE_POOL_SIZE must be a positive integer');
  return size;
}
