import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { adminQuery, withDatabase } from '@/scripts/testing/global-setup';
import { runCli } from '@/scripts/testing/cli';
import { useTestDatabase } from '@/scripts/testing/db';
import { createTestTenant } from '@/scripts/testing/factories';
import { createBankAccount } from '@/lib/bank-accounts/create-bank-account';
import { createTestAttachment, createTestEntity, organizationInput, saudiIban } from '@/scripts/testing/record-factories';

process.env.ATTACHMENTS_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-backup-'));
const db = useTestDatabase();

/**
 * Every table's row count and a digest of its whole contents, computed independently of the
 * backup code: md5 over the rows' text in sorted order.
 */
async function fingerprint(url: string): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ name: string }>(
      `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' AND tablename <> '_prisma_migrations' ORDER BY 1`,
    );
    const out: Record<string, string> = {};
    for (const { name } of tables.rows) {
      const r = await client.query<{ n: string; digest: string | null }>(
        `SELECT count(*)::text AS n, md5(string_agg(t::text, E'\\n' ORDER BY t::text)) AS digest FROM public."${name}" t`,
      );
      out[name] = `${r.rows[0].n}:${r.rows[0].digest ?? '-'}`;
    }
    return out;
  } finally {
    await client.end();
  }
}

/** Every file under `root`: relative path → sha256. */
function filesUnder(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    out[path.relative(root, full)] = crypto.createHash('sha256').update(fs.readFileSync(full)).digest('hex');
  }
  return out;
}

async function seed() {
  for (let t = 0; t < 2; t++) {
    const tenant = await createTestTenant();
    for (let i = 0; i < 6; i++) {
      const entity = await createTestEntity(tenant.id, 'Client', i % 3 === 0 ? organizationInput() : undefined);
      if (i % 2 === 0) {
        await createBankAccount({ tenantId: tenant.id, entityId: entity.id, iban: saudiIban('80', 1000 + t * 100 + i), actor: { type: 'system' } });
      }
    }
    await createTestAttachment(tenant.id, 'pdf');
    await createTestAttachment(tenant.id, 'png');
  }
}

describe('npm run crm -- backup / restore', () => {
  it('backs up a seeded database, restores it in place of a destroyed one, every table identical (count and contents)', async () => {
    await seed();
    const sourceUrl = db.current().url;
    const before = await fingerprint(sourceUrl);
    expect(Number(before.Entity.split(':')[0])).toBeGreaterThanOrEqual(12);
    expect(Number(before.AuditLog.split(':')[0])).toBeGreaterThan(0);
    expect(Number(before.EntityDocument.split(':')[0])).toBeGreaterThanOrEqual(12);

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-backup-file-'));
    const file = path.join(dir, 'crm.backup.gz');
    const backup = await runCli(sourceUrl, ['backup', file]);
    expect(backup.code, backup.stderr).toBe(0);
    const summary = JSON.parse(backup.stdout);
    expect(summary.rows).toBeGreaterThan(20);
    expect(summary).toMatchObject({ files: 4, missingFiles: [] });
    expect(fs.statSync(file).mode & 0o077).toBe(0);

    // A second database stands for the destroyed one: restore creates it from nothing.
    const targetName = `crm_restore_${crypto.randomBytes(4).toString('hex')}`;
    const targetUrl = withDatabase(sourceUrl, targetName);
    const adminUrl = withDatabase(sourceUrl, 'postgres');
    try {
      const restoredFiles = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-restored-files-'));
      const restore = await runCli(targetUrl, ['restore', file], { ATTACHMENTS_DIR: restoredFiles });
      expect(restore.code, restore.stderr).toBe(0);
      expect(JSON.parse(restore.stdout)).toMatchObject({ files: 4 });
      expect(await fingerprint(targetUrl)).toEqual(before);
      // The stored files came back byte for byte.
      expect(filesUnder(restoredFiles)).toEqual(filesUnder(process.env.ATTACHMENTS_DIR!));
      expect(Object.keys(filesUnder(restoredFiles))).toHaveLength(4);

      // The restored database is in use as it was: the app role still sees only its tenant's rows.
      const client = new pg.Client({ connectionString: targetUrl });
      await client.connect();
      const history = await client.query(`SELECT count(*)::int AS n FROM "_prisma_migrations"`);
      await client.end();
      expect(history.rows[0].n).toBeGreaterThan(0);

      // Destroy it (a table emptied), then restore again: refused without --replace, done with it.
      await adminQuery(targetUrl, `SET session_replication_role = replica; DELETE FROM "Entity"`);
      const refused = await runCli(targetUrl, ['restore', file]);
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toMatch(/--replace/);
      const replaced = await runCli(targetUrl, ['restore', file, '--replace'], { ATTACHMENTS_DIR: restoredFiles });
      expect(replaced.code, replaced.stderr).toBe(0);
      expect(await fingerprint(targetUrl)).toEqual(before);
    } finally {
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${targetName}" WITH (FORCE)`);
    }
  }, 120_000);

  it('refuses a truncated or foreign file and a database something else is connected to, restoring nothing', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-backup-bad-'));
    const sourceUrl = db.current().url;
    const file = path.join(dir, 'ok.gz');
    expect((await runCli(sourceUrl, ['backup', file])).code).toBe(0);
    const lines = zlib.gunzipSync(fs.readFileSync(file)).toString('utf8').trimEnd().split('\n');
    const truncated = path.join(dir, 'truncated.gz');
    fs.writeFileSync(truncated, zlib.gzipSync(lines.slice(0, -1).join('\n') + '\n'));
    const foreign = path.join(dir, 'foreign.gz');
    fs.writeFileSync(foreign, zlib.gzipSync('{"format":"something-else"}\n'));

    const targetName = `crm_restore_${crypto.randomBytes(4).toString('hex')}`;
    const targetUrl = withDatabase(sourceUrl, targetName);
    try {
      const cut = await runCli(targetUrl, ['restore', truncated]);
      expect(cut.code).not.toBe(0);
      expect(cut.stderr).toMatch(/truncated/);
      const tenants = new pg.Client({ connectionString: targetUrl });
      await tenants.connect();
      expect((await tenants.query(`SELECT count(*)::int AS n FROM "Tenant"`)).rows[0].n).toBe(0);
      // Connected (as the running service would be): refused.
      const busy = await runCli(targetUrl, ['restore', file, '--replace']);
      await tenants.end();
      expect(busy.code).not.toBe(0);
      expect(busy.stderr).toMatch(/stop the service/);
      const other = await runCli(targetUrl, ['restore', foreign]);
      expect(other.code).not.toBe(0);
      expect(other.stderr).toMatch(/not a backup/);
      expect((await runCli(sourceUrl, ['backup'])).code).not.toBe(0);
    } finally {
      await adminQuery(withDatabase(sourceUrl, 'postgres'), `DROP DATABASE IF EXISTS "${targetName}" WITH (FORCE)`);
    }
  }, 120_000);
});
