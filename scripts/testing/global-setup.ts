// Vitest global setup: one PostgreSQL for the whole run (the embedded one, or DATABASE_URL's
// server), and one migrated template database that each test file clones (CREATE DATABASE ...
// TEMPLATE), so files are isolated from each other and migrations run once.
import type { TestProject } from 'vitest/node';
import path from 'node:path';
import os from 'node:os';
import fs from 'node:fs';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '@/lib/db/embedded';
import { applyMigrations } from '@/lib/db/migrate';
import { adminQuery, withDatabase } from '@/lib/db/admin';

export { adminQuery, withDatabase };

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  let embedded: EmbeddedDatabase | undefined;
  let serverUrl: string;
  if (process.env.DATABASE_URL) {
    serverUrl = process.env.DATABASE_URL;
  } else {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-test-pg-'));
    // PostgreSQL runs as its own user when we are root: it must be able to enter the folder.
    fs.chmodSync(dataDir, 0o755);
    const port = 54330 + (process.pid % 60);
    embedded = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'data'), port, ephemeral: true, database: 'postgres' });
    serverUrl = embedded.url;
  }
  const template = `crm_test_template_${process.pid}`;
  const adminUrl = withDatabase(serverUrl, 'postgres');
  await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${template}"`);
  await adminQuery(adminUrl, `CREATE DATABASE "${template}"`);
  const templateUrl = withDatabase(serverUrl, template);
  await applyMigrations(templateUrl);
  project.provide('templateDatabaseUrl', templateUrl);

  return async () => {
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`).catch(() => {});
    await embedded?.stop();
  };
}
