import pg from 'pg';
import { databaseUrl } from '@/lib/db/config';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '@/lib/db/embedded';
import { applyMigrations } from '@/lib/db/migrate';
import { closeDatabase } from '@/lib/db/client';

/**
 * Makes sure a database is reachable for a CLI command. With DATABASE_URL, or while `npm start`
 * runs, that server is used. Otherwise the CLI starts the embedded server on the same data folder
 * for the duration of the command.
 */
export async function withCliDatabase<T>(work: () => Promise<T>): Promise<T> {
  let embedded: EmbeddedDatabase | undefined;
  if (!process.env.DATABASE_URL && !(await canConnect(databaseUrl()))) {
    embedded = await startEmbeddedPostgres();
    await applyMigrations(embedded.url);
  }
  try {
    return await work();
  } finally {
    await closeDatabase();
    await embedded?.stop();
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
