import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import zlib from 'node:zlib';
import { once } from 'node:events';
import pg from 'pg';
import crypto from 'node:crypto';
import { withDatabase } from '@/lib/db/admin';
import { applyMigrations, listMigrations } from '@/lib/db/migrate';
import { getAttachmentStorage } from '@/lib/attachments/storage';

/**
 * Backup and restore without PostgreSQL's client tools (the embedded server ships none): a
 * gzip-compressed file of JSON lines, read in one REPEATABLE READ snapshot.
 *
 *   line 1        header: format, version, createdAt, the applied migrations, and for every table
 *                 its row count and checksum (computed in the same snapshot)
 *   then          {"table": name} followed by one line per row (`row_to_json`), table after table
 *   then          {"files": true} followed by one line per stored file (attachment bytes, base64,
 *                 with the key and sha256 the Attachment row holds)
 *   last line     {"end": true, "missingFiles": [...]} (a truncated file is refused)
 *
 * Every table of the `public` schema is included except Prisma's migration history; the job
 * queue's own schema (graphile_worker) is not: its work is derived (the outbox sweep re-enqueues
 * undelivered events, cron jobs re-arm). Restore rebuilds the schema by running this version's
 * migrations up to the backup's, loads the rows with triggers and foreign-key checks off
 * (session_replication_role = replica, so the read models built by triggers are restored as they
 * were, not rebuilt), checks every table's count and checksum, commits, then runs any newer
 * migrations. It needs a superuser (the embedded server's user is one); on an external PostgreSQL
 * the operator's own pg_dump / pg_restore are the tools (README, Backup and restore).
 */

const FORMAT = 'compliance-crm-backup';
const VERSION = 1;
const BATCH_ROWS = 1000;

export interface TableSummary {
  name: string;
  rows: number;
  /** Order-independent checksum of the rows' text (sum of the first 60 bits of each row's md5). */
  checksum: string;
}

interface Header {
  format: typeof FORMAT;
  version: number;
  createdAt: string;
  migrations: string[];
  tables: TableSummary[];
  sequences: { name: string; value: string | null }[];
}

const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

/** Tables of the public schema the backup covers (Prisma's migration history is rebuilt by restore). */
async function listTables(client: pg.ClientBase): Promise<string[]> {
  const found = await client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition AND c.relname <> '_prisma_migrations'
     ORDER BY c.relname`,
  );
  return found.rows.map((r) => r.name);
}

/** Row count and checksum of every table: the same statement for the backup and the restore check. */
export async function summariseTables(client: pg.ClientBase, tables?: string[]): Promise<TableSummary[]> {
  const names = tables ?? (await listTables(client));
  const out: TableSummary[] = [];
  for (const name of names) {
    const r = await client.query<{ rows: string; checksum: string }>(
      `SELECT count(*)::text AS rows, coalesce(sum(('x' || substr(md5(t::text), 1, 15))::bit(60)::bigint), 0)::text AS checksum FROM public.${quote(name)} t`,
    );
    out.push({ name, rows: Number(r.rows[0].rows), checksum: r.rows[0].checksum });
  }
  return out;
}

async function writeLine(stream: NodeJS.WritableStream, value: unknown): Promise<void> {
  if (!stream.write(JSON.stringify(value) + '\n')) await once(stream, 'drain');
}

async function writeRawLine(stream: NodeJS.WritableStream, line: string): Promise<void> {
  if (!stream.write(line + '\n')) await once(stream, 'drain');
}

/**
 * Writes a backup of `databaseUrl` to `file` (written to `file.partial`, renamed when complete).
 * The service may keep running: the snapshot is consistent as of its start.
 */
export async function backupDatabase(
  databaseUrl: string,
  file: string,
): Promise<{ file: string; bytes: number; tables: number; rows: number; files: number; missingFiles: string[]; ms: number }> {
  const started = Date.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const partial = `${file}.partial`;
  const missingFiles: string[] = [];
  let files = 0;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    // Row-level security is forced on tenant tables: platform scope sees every tenant's rows.
    await client.query(`SELECT set_config('app.scope', 'platform', true)`);
    const migrations = await client.query<{ name: string }>(
      `SELECT migration_name AS name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name`,
    );
    const tables = await summariseTables(client);
    const sequences = await client.query<{ name: string; value: string | null }>(
      `SELECT sequencename AS name, last_value::text AS value FROM pg_sequences WHERE schemaname = 'public' ORDER BY sequencename`,
    );
    const header: Header = {
      format: FORMAT,
      version: VERSION,
      createdAt: new Date().toISOString(),
      migrations: migrations.rows.map((r) => r.name),
      tables,
      sequences: sequences.rows,
    };
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    const gzip = zlib.createGzip({ level: 6 });
    const out = fs.createWriteStream(partial, { mode: 0o600 });
    const finished = new Promise<void>((resolve, reject) => {
      out.on('finish', resolve);
      out.on('error', reject);
      gzip.on('error', reject);
    });
    gzip.pipe(out);
    await writeLine(gzip, header);
    for (const table of tables) {
      await writeLine(gzip, { table: table.name });
      await client.query(`DECLARE backup_rows NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS j FROM public.${quote(table.name)} t`);
      for (;;) {
        const batch = await client.query<{ j: string }>(`FETCH ${BATCH_ROWS * 2} FROM backup_rows`);
        for (const row of batch.rows) await writeRawLine(gzip, row.j);
        if (batch.rows.length < BATCH_ROWS * 2) break;
      }
      await client.query('CLOSE backup_rows');
    }
    // The stored files, as the snapshot's Attachment rows name them.
    await writeLine(gzip, { files: true });
    const storage = getAttachmentStorage();
    await client.query(`DECLARE backup_files NO SCROLL CURSOR FOR SELECT "storageKey" AS key, sha256 FROM public."Attachment" ORDER BY "storageKey"`);
    for (;;) {
      const batch = await client.query<{ key: string; sha256: string }>(`FETCH 100 FROM backup_files`);
      for (const { key, sha256 } of batch.rows) {
        let bytes: Uint8Array;
        try {
          bytes = await storage.get(key);
        } catch {
          missingFiles.push(key);
          continue;
        }
        await writeLine(gzip, { key, sha256, data: Buffer.from(bytes).toString('base64') });
        files++;
      }
      if (batch.rows.length < 100) break;
    }
    await client.query('CLOSE backup_files');
    await writeLine(gzip, { end: true, missingFiles });
    gzip.end();
    await finished;
    await client.query('COMMIT');
    fs.renameSync(partial, file);
    return {
      file: path.resolve(file),
      bytes: fs.statSync(file).size,
      tables: tables.length,
      rows: tables.reduce((n, t) => n + t.rows, 0),
      files,
      missingFiles,
      ms: Date.now() - started,
    };
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  } finally {
    await client.end();
  }
}

async function* readLines(file: string): AsyncGenerator<string> {
  const input = fs.createReadStream(file).pipe(zlib.createGunzip());
  const lines = readline.createInterface({ input, crlfDelay: Infinity });
  for await (const line of lines) if (line !== '') yield line;
}

async function readHeader(file: string): Promise<Header> {
  for await (const line of readLines(file)) {
    const header = JSON.parse(line) as Header;
    if (header.format !== FORMAT) throw new Error(`${file} is not a backup of this service`);
    if (header.version !== VERSION) throw new Error(`${file}: backup format version ${header.version} is not supported (this version reads ${VERSION})`);
    return header;
  }
  throw new Error(`${file} is empty`);
}

export class RestoreRefused extends Error {}

/**
 * Restores `file` into the database of `databaseUrl`, which is created (or, with `replace`,
 * dropped and created again). Refused while anything else is connected to it (stop the service
 * first) and, without `replace`, when it already holds data.
 */
export async function restoreDatabase(
  databaseUrl: string,
  file: string,
  { replace = false, log = () => {} }: { replace?: boolean; log?: (line: string) => void } = {},
): Promise<{ tables: number; rows: number; files: number; migrationsAfter: string[]; ms: number }> {
  const started = Date.now();
  if (!fs.existsSync(file)) throw new RestoreRefused(`${file}: no such file`);
  const header = await readHeader(file);
  const available = new Set(listMigrations());
  const unknown = header.migrations.filter((m) => !available.has(m));
  if (unknown.length)
    throw new RestoreRefused(`the backup was made by a newer version (migrations ${unknown.join(', ')} are unknown here): restore it with that version`);

  const database = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  const admin = new pg.Client({ connectionString: withDatabase(databaseUrl, 'postgres') });
  await admin.connect();
  try {
    const su = await admin.query<{ su: boolean }>(`SELECT rolsuper AS su FROM pg_roles WHERE rolname = current_user`);
    if (!su.rows[0]?.su)
      throw new RestoreRefused('restore needs a superuser connection; on an external PostgreSQL use pg_dump / pg_restore (README, Backup and restore)');
    const exists = (await admin.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [database])).rowCount === 1;
    if (exists) {
      // A backend lingers for a moment after its client disconnects (a service just stopped, a
      // check just made): wait up to 3 s for the count to settle before refusing.
      const countOthers = async () =>
        (await admin.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [database])).rows[0]
          .n;
      let others = await countOthers();
      for (let waited = 0; others > 0 && waited < 3000; waited += 200) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        others = await countOthers();
      }
      if (others > 0) throw new RestoreRefused(`${others} other connection(s) to database ${database}: stop the service (web and worker) first`);
      if (!replace && (await holdsData(databaseUrl)))
        throw new RestoreRefused(`database ${database} already holds data: pass --replace to drop it and restore the backup in its place`);
      await admin.query(`DROP DATABASE ${quote(database)}`);
    }
    await admin.query(`CREATE DATABASE ${quote(database)}`);
  } finally {
    await admin.end();
  }

  // The schema as the backup knew it: this version's migrations up to the backup's.
  const partialDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-restore-migrations-'));
  try {
    for (const name of header.migrations)
      fs.cpSync(path.join(path.resolve(process.env.MIGRATIONS_DIR ?? 'prisma/migrations'), name), path.join(partialDir, name), { recursive: true });
    await applyMigrations(databaseUrl, log, { migrationsDir: partialDir });
  } finally {
    fs.rmSync(partialDir, { recursive: true, force: true });
  }

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let rows = 0;
  let files = 0;
  try {
    await client.query('BEGIN');
    await client.query(`SET LOCAL session_replication_role = replica`);
    const present = new Set(await listTables(client));
    const missing = header.tables.filter((t) => !present.has(t.name));
    if (missing.length) throw new Error(`tables of the backup missing after migrating: ${missing.map((t) => t.name).join(', ')}`);
    // Rows the migrations themselves inserted (reference data) are replaced by the backup's.
    if (header.tables.length) await client.query(`TRUNCATE ${header.tables.map((t) => `public.${quote(t.name)}`).join(', ')}`);
    const insertable = new Map<string, string[]>();
    for (const t of header.tables) {
      const cols = await client.query<{ name: string }>(
        `SELECT attname AS name FROM pg_attribute WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = '' ORDER BY attnum`,
        [`public.${quote(t.name)}`],
      );
      insertable.set(
        t.name,
        cols.rows.map((c) => c.name),
      );
    }
    let table: string | null = null;
    let batch: string[] = [];
    let ended = false;
    let inFiles = false;
    const storage = getAttachmentStorage();
    const flush = async () => {
      if (!table || batch.length === 0) return;
      const cols = insertable.get(table)!.map(quote).join(', ');
      await client.query(
        `INSERT INTO public.${quote(table)} (${cols}) OVERRIDING SYSTEM VALUE SELECT ${cols} FROM json_populate_recordset(NULL::public.${quote(table)}, $1::json)`,
        [`[${batch.join(',')}]`],
      );
      rows += batch.length;
      batch = [];
    };
    let first = true;
    for await (const line of readLines(file)) {
      if (first) {
        first = false;
        continue;
      }
      if (line.startsWith('{"table":')) {
        await flush();
        table = (JSON.parse(line) as { table: string }).table;
        if (!insertable.has(table)) throw new Error(`backup names table ${table} that its header does not list`);
        log(`restoring ${table}`);
        continue;
      }
      if (line === '{"files":true}') {
        await flush();
        table = null;
        inFiles = true;
        log('restoring stored files');
        continue;
      }
      if (line.startsWith('{"end":true')) {
        ended = true;
        break;
      }
      if (inFiles) {
        const f = JSON.parse(line) as { key: string; sha256: string; data: string };
        const bytes = Buffer.from(f.data, 'base64');
        if (crypto.createHash('sha256').update(bytes).digest('hex') !== f.sha256)
          throw new Error(`stored file ${f.key} in the backup is damaged (sha256 differs)`);
        await storage.put(f.key, bytes);
        files++;
        continue;
      }
      if (!table) throw new Error('backup file is malformed: a row before any table');
      batch.push(line);
      if (batch.length >= BATCH_ROWS) await flush();
    }
    await flush();
    if (!ended) throw new Error(`${file} is truncated (no end marker): nothing was restored`);
    for (const seq of header.sequences) {
      if (seq.value !== null) await client.query(`SELECT setval($1::regclass, $2::bigint, true)`, [`public.${quote(seq.name)}`, seq.value]);
    }
    const check = await summariseTables(
      client,
      header.tables.map((t) => t.name),
    );
    const differing = check.filter((c, i) => c.rows !== header.tables[i].rows || c.checksum !== header.tables[i].checksum);
    if (differing.length) {
      throw new Error(`restored contents differ from the backup in ${differing.map((d) => d.name).join(', ')}: nothing was restored`);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
  const migrationsAfter = await applyMigrations(databaseUrl, log);
  return { tables: header.tables.length, rows, files, migrationsAfter, ms: Date.now() - started };
}

/** Whether the database holds any tenant (a freshly migrated one holds only reference data). */
async function holdsData(databaseUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const table = await client.query(`SELECT 1 FROM pg_class WHERE relname = 'Tenant' AND relnamespace = 'public'::regnamespace`);
    if (!table.rowCount) return false;
    return ((await client.query(`SELECT 1 FROM public."Tenant" LIMIT 1`)).rowCount ?? 0) > 0;
  } finally {
    await client.end();
  }
}
