/**
 * `npm run bench:backup`: seeds BENCH_ENTITIES (default 100,000) entities (each with an identity and
 * its verification) into a throwaway database, then times `backup` and `restore` (lib/db/backup.ts,
 * what `npm run crm -- backup|restore` run) and checks the restored database's counts and
 * checksums (restore itself refuses a mismatch). Writes bench/results/backup.json. Bounded by
 * BENCH_MAX_SECONDS (default 900).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { backupDatabase, restoreDatabase } from '@/lib/platform/backup';
import { adminQuery, withDatabase } from '@/lib/db/admin';
import { seedEntities } from './lib/seed-entities';
import { startBenchDatabase, writeResult, type BenchDatabase } from './lib/server';

const N = Number(process.env.BENCH_ENTITIES ?? 100_000);
const MAX_SECONDS = Number(process.env.BENCH_MAX_SECONDS ?? 900);
const started = Date.now();
const log = (...a: unknown[]) => console.log(`[${((Date.now() - started) / 1000).toFixed(1).padStart(6)}s]`, ...a);

async function main() {
  const deadline = setTimeout(() => {
    console.error(`bench:backup exceeded ${MAX_SECONDS} s`);
    process.exit(1);
  }, MAX_SECONDS * 1000);
  deadline.unref();
  let db: BenchDatabase | undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-bench-backup-'));
  try {
    db = await startBenchDatabase();
    process.env.DATABASE_URL = db.url;
    const { createTenant } = await import('@/lib/tenancy/tenants');
    const { closeDatabase } = await import('@/lib/db/client');
    const { tenant } = await createTenant({ slug: 'bench', nameEn: 'Bench', nameAr: 'اختبار الأداء' });
    await closeDatabase();
    await seedEntities(db.url, tenant.id, N, log);
    log(`seeded ${N} entities`);
    const file = path.join(dir, 'crm.backup.gz');
    const backup = await backupDatabase(db.url, file);
    log(`backup: ${backup.rows} rows in ${backup.tables} tables, ${(backup.bytes / 1024 / 1024).toFixed(1)} MB, ${(backup.ms / 1000).toFixed(1)} s`);
    const target = withDatabase(db.url, `crm_restored_${crypto.randomBytes(4).toString('hex')}`);
    const restore = await restoreDatabase(target, file);
    log(`restore (with its count and checksum check): ${restore.rows} rows, ${(restore.ms / 1000).toFixed(1)} s`);
    await adminQuery(withDatabase(db.url, 'postgres'), `DROP DATABASE IF EXISTS "${new URL(target).pathname.slice(1)}" WITH (FORCE)`);
    writeResult('backup', {
      entities: N,
      rows: backup.rows,
      megabytes: Math.round(backup.bytes / 1024 / 102.4) / 10,
      backupSeconds: Math.round(backup.ms / 100) / 10,
      restoreSeconds: Math.round(restore.ms / 100) / 10,
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    await db?.stop();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
