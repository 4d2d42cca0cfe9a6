import pg from 'pg';
import { databaseUrl } from '@/lib/db/config';
import { startEmbeddedPostgres } from '@/lib/db/embedded';
import { applyMigrations } from '@/lib/db/migrate';
import { closeDatabase } from '@/lib/db/client';

export interface CliDatabase {
  url: string;
  /** True when the command started the embedded server itself (it stops it again). */
  started: boolean;
  stop(): Promise<void>;
}

/**
 * The database a CLI command uses: DATABASE_URL's server; else the embedded server of a running
 * `npm start`; else the embedded server started on the same data folder for the command's
 * duration.
 */
export async function openCliDatabase(): Promise<CliDatabase> {
  const url = databaseUrl();
  if (process.env.DATABASE_URL || (await canConnect(url))) return { url, started: false, stop: async () => {} };
  const embedded = await startEmbeddedPostgres();
  return { url: embedded.url, started: true, stop: () => embedded.stop() };
}

/** Runs a CLI command against openCliDatabase(), migrated when the command started the server. */
export async function withCliDatabase<T>(work: () => Promise<T>): Promise<T> {
  const db = await openCliDatabase();
  try {
    if (db.started) await applyMigrations(db.url);
    return await work();
  } finally {
    await closeDatabase();
    await db.stop();
  }
}

async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}
