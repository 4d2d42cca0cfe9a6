import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '@/scripts/testing/db';
import { createTestTenant } from '@/scripts/testing/factories';
import { individualInput } from '@/scripts/testing/record-factories';
import { createEntity } from './create-entity';
import { listEntities, type EntityListFilters } from './list-entities';
import { updateClientStatus } from './update-client-status';

const db = useTestDatabase();
const actor = { type: 'system' as const };

/** The list's totalCount, which now comes from the trigger-kept EntityCount rows, must equal count(*). */
async function expectTotalsMatch(tenantId: string) {
  const cases: [EntityListFilters, string, unknown[]][] = [
    [{}, '', []],
    [{ role: 'client' }, ` AND role = 'Client'`, []],
    [{ role: 'prospect' }, ` AND role = 'Prospect'`, []],
    [{ status: 'Blocked' }, ` AND status = 'Blocked'`, []],
    [{ role: 'client', status: 'Active' }, ` AND role = 'Client' AND status = 'Active'`, []],
    [{ type: 'Individual' }, ` AND type = 'Individual'`, []],
  ];
  for (const [filters, sql] of cases) {
    const listed = await listEntities({ tenantId, page: { page: 1, size: 1 }, filters });
    const real = await db.current().pool.query(`SELECT count(*)::int AS n FROM "Entity" WHERE "tenantId" = $1${sql}`, [tenantId]);
    expect(listed.meta.totalCount, JSON.stringify(filters)).toBe(real.rows[0].n);
  }
}

describe('entity counts kept by trigger', () => {
  it('match count(*) through creates and status changes, per tenant', async () => {
    const a = await createTestTenant();
    const b = await createTestTenant();
    const clients: string[] = [];
    for (let i = 0; i < 4; i++) {
      clients.push((await createEntity({ tenantId: a.id, role: 'Client', input: individualInput(), actor })).data.id);
    }
    for (let i = 0; i < 3; i++) await createEntity({ tenantId: a.id, role: 'Prospect', input: individualInput(), actor });
    for (let i = 0; i < 2; i++) await createEntity({ tenantId: b.id, role: 'Client', input: individualInput(), actor });
    await expectTotalsMatch(a.id);

    await updateClientStatus({ tenantId: a.id, entityId: clients[0]!, status: 'Blocked', actor });
    await updateClientStatus({ tenantId: a.id, entityId: clients[1]!, status: 'Blocked', actor });
    await updateClientStatus({ tenantId: a.id, entityId: clients[1]!, status: 'Active', actor });
    await updateClientStatus({ tenantId: a.id, entityId: clients[2]!, status: 'Deceased', actor });
    await expectTotalsMatch(a.id);
    await expectTotalsMatch(b.id);
    expect((await listEntities({ tenantId: b.id, page: { page: 1, size: 1 }, filters: {} })).meta.totalCount).toBe(2);
  });

  it('is written only by the trigger: the application role cannot change a count', async () => {
    const a = await createTestTenant();
    const { withTenant } = await import('@/lib/db/tenant-tx');
    await expect(
      withTenant(
        a.id,
        (tx) => tx.$executeRaw`INSERT INTO "EntityCount" ("tenantId", role, status, type, n) VALUES (${a.id}::uuid, 'Client', 'Active', 'Individual', 1000)`,
      ),
    ).rejects.toThrow(/permission denied/);
  });
});
