import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { getPool, useDatabase } from '@/lib/db/client';
import { withPlatform, withTenant } from '@/lib/db/tenant-tx';
import { importList } from '@/scripts/testing/watchlist';
import { writeAudit } from '@/lib/audit/write-audit';
import { useTestDatabase } from '@/scripts/testing/db';
import { createTestTenant } from '@/scripts/testing/factories';

const db = useTestDatabase();

describe('row-level security: the second wall', () => {
  it('hides other tenants rows even when a query forgets its tenant filter', async () => {
    const a = await createTestTenant();
    const b = await createTestTenant();
    // Deliberately unfiltered queries, as a buggy service might write them.
    const seenByA = await withTenant(a.id, (tx) => tx.apiKey.findMany());
    expect(seenByA.length).toBeGreaterThan(0);
    expect(seenByA.every((k) => k.tenantId === a.id)).toBe(true);
    const seenByB = await withTenant(b.id, (tx) => tx.apiKey.findMany());
    expect(seenByB.every((k) => k.tenantId === b.id)).toBe(true);
  });

  it('shows nothing without a tenant context, and refuses writes into another tenant', async () => {
    const a = await createTestTenant();
    const b = await createTestTenant();
    const client = await getPool().connect();
    try {
      const role = await client.query('SELECT current_user AS role');
      expect(role.rows[0].role).toBe('crm_app');
      const none = await client.query('SELECT count(*)::int AS n FROM "ApiKey"');
      expect(none.rows[0].n).toBe(0);
    } finally {
      client.release();
    }
    await expect(withTenant(a.id, (tx) => tx.apiKey.create({ data: { tenantId: b.id, prefix: 'x'.repeat(12), hash: 'h' } }))).rejects.toThrow(
      /row-level security|violates/i,
    );
  });

  it('lets a tenant read the shared watchlists but never write them (every tenant screens against them)', async () => {
    const a = await createTestTenant();
    const externalId = `RLS-${crypto.randomUUID()}`;
    await importList(getPool(), 'ListSourceB', [{ externalId, names: [{ value: 'Shared Listed Person', kind: 'Primary' }] }]);
    const entry = await withPlatform((tx) => tx.watchlistEntry.findFirst({ where: { tenantId: null, source: 'ListSourceB', externalId } }));
    expect(entry).not.toBeNull();
    const tables = ['WatchlistEntry', 'WatchlistNameKey', 'WatchlistLookupKey', 'WatchlistImport', 'WatchlistImportChange'];
    await withTenant(a.id, async (tx) => {
      // Reading: the shared rows are there.
      for (const table of tables) {
        const seen = await tx.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM "${table}" WHERE "tenantId" IS NULL`);
        expect(seen[0]!.n, table).toBeGreaterThan(0);
      }
      // Changing or deleting a shared row touches nothing.
      for (const table of tables) {
        expect(await tx.$executeRawUnsafe(`UPDATE "${table}" SET "tenantId" = NULL WHERE "tenantId" IS NULL`), table).toBe(0);
        expect(await tx.$executeRawUnsafe(`DELETE FROM "${table}" WHERE "tenantId" IS NULL`), table).toBe(0);
      }
    });
    // Adding a shared row is refused.
    await expect(
      withTenant(a.id, (tx) =>
        tx.$executeRawUnsafe(`INSERT INTO "WatchlistImport" (id, "tenantId", source, format) VALUES (gen_random_uuid(), NULL, 'ListSourceA', 'json')`),
      ),
    ).rejects.toThrow(/row-level security/i);
    const after = await withPlatform((tx) => tx.watchlistEntry.findUnique({ where: { id: entry!.id } }));
    expect(after).toMatchObject({ isValid: true, nameEn: 'Shared Listed Person' });
  });

  it('lets a tenant read the tenant directory and the reference tables but change only its own tenant row', async () => {
    const a = await createTestTenant();
    const b = await createTestTenant();
    await withTenant(a.id, async (tx) => {
      // Reading: other tenants (a key or a sign-in names its tenant first) and the reference data.
      expect(await tx.tenant.count({ where: { id: { in: [a.id, b.id] } } })).toBe(2);
      expect(await tx.countryRisk.count()).toBeGreaterThan(0);
      expect(await tx.city.count()).toBeGreaterThan(0);
      // Another tenant's row, the country-risk table: nothing changes.
      expect(await tx.tenant.updateMany({ where: { id: b.id }, data: { mfaRequired: true, entityQuotaHard: 1 } })).toEqual({ count: 0 });
      expect(await tx.tenant.deleteMany({ where: { id: b.id } })).toEqual({ count: 0 });
      expect(await tx.countryRisk.updateMany({ data: { grade: 'Low' } })).toEqual({ count: 0 });
      // Its own row: yes (tenant settings, MFA).
      expect(await tx.tenant.updateMany({ where: { id: a.id }, data: { timeZone: 'Asia/Dubai' } })).toEqual({ count: 1 });
    });
    await expect(withTenant(a.id, (tx) => tx.city.updateMany({ data: { nameEn: 'Tampered' } }))).rejects.toThrow(/permission denied/i);
    // The sign-in throttle is the platform's: a tenant neither sees nor clears it.
    await withPlatform((tx) => tx.signInThrottle.create({ data: { key: `email:${a.slug}@example.test`, windowStart: new Date(), failures: 3 } }));
    await withTenant(a.id, async (tx) => {
      expect(await tx.signInThrottle.count()).toBe(0);
      expect(await tx.signInThrottle.deleteMany({})).toEqual({ count: 0 });
    });
    expect(await withPlatform((tx) => tx.signInThrottle.count({ where: { key: `email:${a.slug}@example.test` } }))).toBe(1);
    const other = await withPlatform((tx) => tx.tenant.findUniqueOrThrow({ where: { id: b.id } }));
    expect(other).toMatchObject({ mfaRequired: false, entityQuotaHard: 100000 });
  });

  it('lets the audit pseudonymisation (the erasure job) change only the calling tenant’s audit rows', async () => {
    const a = await createTestTenant();
    const b = await createTestTenant();
    await withTenant(b.id, (tx) =>
      writeAudit(tx, { tenantId: b.id, actor: { type: 'system' }, action: 'test.secret', targetType: 'Test', after: { name: 'Real Name' } }),
    );
    const row = await withPlatform((tx) => tx.auditLog.findFirstOrThrow({ where: { tenantId: b.id, action: 'test.secret' } }));
    const pseudonymise = (tenantId: string) => (tx: Parameters<Parameters<typeof withTenant>[1]>[0]) =>
      tx.$queryRawUnsafe(`SELECT crm_pseudonymise_audit($1::uuid, $2::uuid, NULL, '{"name":"tampered"}'::jsonb)`, tenantId, row.id);
    // Tenant A naming tenant B's row: refused, whatever tenant id it passes.
    await expect(withTenant(a.id, pseudonymise(b.id))).rejects.toThrow(/outside the caller's scope/);
    expect((await withPlatform((tx) => tx.auditLog.findUniqueOrThrow({ where: { id: row.id } }))).after).toEqual({ name: 'Real Name' });
    // Tenant B itself (the erasure job's scope): allowed.
    await withTenant(b.id, pseudonymise(b.id));
    expect((await withPlatform((tx) => tx.auditLog.findUniqueOrThrow({ where: { id: row.id } }))).after).toEqual({ name: 'tampered' });
  });

  it('lets a transaction schedule background jobs only for its own tenant (the queue’s second wall)', async () => {
    const a = await createTestTenant();
    const b = await createTestTenant();
    const jobKey = (tenantId: string, fn: string) => `rls-test:${fn}:${tenantId}`;
    const enqueue =
      (fn: 'crm_enqueue_job' | 'crm_enqueue_webhook_job', task: string, tenantId: string) => (tx: Parameters<Parameters<typeof withTenant>[1]>[0]) =>
        tx.$executeRawUnsafe(
          `SELECT ${fn}($1, $2::json, now() + interval '1 day', $3, 'replace')`,
          task,
          JSON.stringify({ tenantId, jobId: crypto.randomUUID() }),
          jobKey(tenantId, fn),
        );
    for (const [fn, task] of [
      ['crm_enqueue_job', 'bulk.process'],
      ['crm_enqueue_webhook_job', 'webhooks.replay'],
    ] as const) {
      // Tenant A's transaction naming tenant B in the payload: refused, nothing queued.
      await expect(withTenant(a.id, enqueue(fn, task, b.id))).rejects.toThrow(/outside the caller's scope/);
      // Its own tenant, and platform scope for any tenant: scheduled.
      await withTenant(a.id, enqueue(fn, task, a.id));
      await withPlatform(enqueue(fn, task, b.id));
      const queued = await db
        .current()
        .pool.query<{ key: string }>(`SELECT key FROM graphile_worker._private_jobs WHERE key = ANY($1::text[]) ORDER BY key`, [
          [jobKey(a.id, fn), jobKey(b.id, fn)],
        ]);
      expect(queued.rows.map((r) => r.key)).toEqual([jobKey(a.id, fn), jobKey(b.id, fn)].sort());
    }
  });

  it('keeps the audit log append-only for the application role', async () => {
    const a = await createTestTenant();
    await withTenant(a.id, (tx) =>
      writeAudit(tx, { tenantId: a.id, actor: { type: 'system' }, action: 'test.write', targetType: 'Test', after: { ok: true } }),
    );
    await expect(withTenant(a.id, (tx) => tx.auditLog.updateMany({ data: { action: 'tampered' } }))).rejects.toThrow();
    await expect(withTenant(a.id, (tx) => tx.auditLog.deleteMany({}))).rejects.toThrow();
    const rows = await withTenant(a.id, (tx) => tx.auditLog.findMany({ where: { tenantId: a.id } }));
    expect(rows.map((r) => r.action)).toEqual(['test.write']);
  });

  it('refuses to serve a connection that could not switch to the application role', async () => {
    // A login role that is not a member of crm_app: SET ROLE fails on its connections. Serving
    // the query anyway would run it as that role, outside the policies written for crm_app.
    // Not named crm_*: the cluster's crm_* roles are part of the catalog scripts/sql/sql-definitions.test.ts
    // compares, and test files running beside this one share the cluster.
    const outsider = `outsider_${crypto.randomBytes(4).toString('hex')}`;
    await db.current().pool.query(`CREATE ROLE ${outsider} LOGIN PASSWORD 'outsider'`);
    const url = new URL(db.current().url);
    url.username = outsider;
    url.password = 'outsider';
    try {
      await useDatabase(url.toString());
      await expect(getPool().query('SELECT current_user AS role')).rejects.toThrow(/permission denied to set role/i);
    } finally {
      await useDatabase(db.current().url);
      await db.current().pool.query(`DROP ROLE ${outsider}`);
    }
  });
});
