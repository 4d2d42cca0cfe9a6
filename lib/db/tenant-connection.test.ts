import crypto from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { getPool } from '@/lib/db/client';
import { EMBEDDED_PG_SOCKET_DIR, embeddedDatabaseUrl } from '@/lib/db/config';
import { runInIdempotencyScope } from '@/lib/db/idempotency-scope';
import { sqlOfClient, withPipelinedTenantConnection, withTenantConnection } from '@/lib/db/sql';
import { useTestDatabase } from '@/scripts/testing/db';
import { createTestTenant } from '@/scripts/testing/factories';

const db = useTestDatabase();

// Counted in the tenant's scope (row-level security hides every row without one).
const auditCount = (tenantId: string, targetId: string) =>
  withTenantConnection(tenantId, async (client) => {
    const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM "AuditLog" WHERE "tenantId" = $1::uuid AND "targetId" = $2`, [
      tenantId,
      targetId,
    ]);
    return rows[0]!.n;
  });

const insertAudit = (tenantId: string, targetId: string) =>
  `INSERT INTO "AuditLog" (id, "tenantId", "actorType", action, "targetType", "targetId") VALUES (gen_random_uuid(), '${tenantId}'::uuid, 'system', 'test', 'Test', '${targetId}')`;

describe('withTenantConnection, pipelined', () => {
  it('runs the work in the tenant scope (row-level security) and commits it', async () => {
    const t = await createTestTenant();
    const other = await createTestTenant();
    const target = crypto.randomUUID();
    const seen = await withPipelinedTenantConnection(t.id, async (client) => {
      const db = sqlOfClient(client);
      const scope = await db.query<{ tenant: string }>(`SELECT current_setting('app.tenant_id', true) AS tenant`);
      await db.query(insertAudit(t.id, target));
      // Another tenant's rows are invisible in this scope, and writing one is refused.
      await expect(db.query(insertAudit(other.id, target))).rejects.toThrow(/row-level security/);
      return scope.rows[0]!.tenant;
    });
    // The refused insert aborted the transaction: its COMMIT rolled back, nothing of it is stored.
    expect(seen).toBe(t.id);
    expect(await auditCount(t.id, target)).toBe(0);

    const committed = crypto.randomUUID();
    const tenant = await withPipelinedTenantConnection(t.id, async (client) => {
      const db = sqlOfClient(client);
      await db.query(insertAudit(t.id, committed));
      return (await db.query<{ tenant: string }>(`SELECT current_setting('app.tenant_id', true) AS tenant`)).rows[0]!.tenant;
    });
    expect(tenant).toBe(t.id);
    expect(await auditCount(t.id, committed)).toBe(1);
  });

  it('a statement sent behind the last awaited one and failing leaves nothing committed, and its error is the one thrown', async () => {
    const t = await createTestTenant();
    const target = crypto.randomUUID();
    let pending: Promise<unknown> | undefined;
    await withPipelinedTenantConnection(t.id, async (client) => {
      const db = sqlOfClient(client);
      await db.query(insertAudit(t.id, target));
      // Not awaited: COMMIT goes right behind it, as the ingest's last statement does.
      pending = db.query(`SELECT 1 / 0`);
      pending.catch(() => {});
    });
    await expect(pending).rejects.toThrow(/division by zero/);
    expect(await auditCount(t.id, target)).toBe(0);
  });

  it('leaves the pooled connection as it found it: the next user is not pipelined and not in the tenant scope', async () => {
    const t = await createTestTenant();
    await withPipelinedTenantConnection(t.id, async (client) => {
      await sqlOfClient(client).query('SELECT 1');
    });
    const client = await getPool().connect();
    try {
      expect((client as unknown as { pipeline: boolean }).pipeline).toBe(false);
      const { rows } = await client.query<{ tenant: string | null }>(`SELECT nullif(current_setting('app.tenant_id', true), '') AS tenant`);
      expect(rows[0]!.tenant).toBeNull();
    } finally {
      client.release();
    }
    // The plain mode still works on the same pool.
    const scoped = await withTenantConnection(
      t.id,
      async (c) => (await c.query<{ s: string }>(`SELECT current_setting('app.tenant_id', true) AS s`)).rows[0]!.s,
    );
    expect(scoped).toBe(t.id);
  });
  it('marks the Idempotency-Key in the same transaction as the work, plain and pipelined', async () => {
    const t = await createTestTenant();
    for (const [key, run] of [
      ['plain', withTenantConnection],
      ['pipelined', withPipelinedTenantConnection],
    ] as const) {
      await withTenantConnection(t.id, (c) => c.query(`INSERT INTO "IdempotencyKey" ("tenantId", key, fingerprint) VALUES ($1::uuid, $2, 'f')`, [t.id, key]));
      await runInIdempotencyScope({ tenantId: t.id, key }, () =>
        run(t.id, async (client) => {
          await sqlOfClient(client).query(insertAudit(t.id, crypto.randomUUID()));
        }),
      );
      const marked = await withTenantConnection(t.id, async (c) => {
        const { rows } = await c.query<{ at: Date | null }>(`SELECT "workCommittedAt" AS at FROM "IdempotencyKey" WHERE "tenantId" = $1::uuid AND key = $2`, [
          t.id,
          key,
        ]);
        return rows[0]!.at;
      });
      expect(marked, key).toBeInstanceOf(Date);
    }
  });
});

describe('the embedded server', () => {
  it('is addressed through its Unix-domain socket (TCP only on Windows)', () => {
    const host = new URL(embeddedDatabaseUrl(54329, 'crm')).searchParams.get('host');
    expect(host).toBe(process.platform === 'win32' ? null : '/tmp');
    expect(host).toBe(EMBEDDED_PG_SOCKET_DIR);
  });

  // The test server is the embedded one unless DATABASE_URL names another: then its URL has no socket.
  const socket = new URL(inject('templateDatabaseUrl')).searchParams.get('host');
  it.skipIf(!socket)('serves the connections of such a URL through the socket, not TCP', async () => {
    // A connection over TCP has a client address; the owner may read where the sockets are.
    const { rows } = await getPool().query<{ address: string | null }>(`SELECT inet_client_addr()::text AS address`);
    expect(rows).toEqual([{ address: null }]);
    const setting = await db.current().pool.query<{ dirs: string }>(`SELECT current_setting('unix_socket_directories') AS dirs`);
    expect(setting.rows[0]!.dirs).toBe(socket);
  });
});
