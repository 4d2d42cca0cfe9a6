import { describe, expect, it } from 'vitest';
import { withTenant } from '@/lib/db/tenant-tx';
import { useTestDatabase } from '@/scripts/testing/db';
import { createTestTenant } from '@/scripts/testing/factories';
import { createUser } from '@/lib/tenancy/users';
import { listAuditEvents } from './list-audit-events';
import { writeAudit } from './write-audit';

useTestDatabase();

describe('listAuditEvents', () => {
  it("returns one record's events newest first, limited, with the acting officer's name, and nothing of other tenants", async () => {
    const tenant = await createTestTenant();
    const other = await createTestTenant();
    const user = await createUser({
      email: 'auditor@example.test',
      password: 'auditor-password',
      role: 'officer',
      displayName: 'Amal Auditor',
      tenantSlug: tenant.slug,
    });
    const targetId = crypto.randomUUID();
    // One transaction per event, a few ms apart, so createdAt orders them.
    for (let i = 0; i < 5; i++) {
      await withTenant(tenant.id, (tx) =>
        writeAudit(tx, {
          tenantId: tenant.id,
          actor: { type: 'user', id: user.id },
          action: `step.${i}`,
          targetType: 'Entity',
          targetId,
          before: { n: i },
          after: { n: i + 1 },
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await withTenant(tenant.id, (tx) =>
      writeAudit(tx, { tenantId: tenant.id, actor: { type: 'system' }, action: 'other.target', targetType: 'Entity', targetId: crypto.randomUUID() }),
    );
    await withTenant(other.id, (tx) => writeAudit(tx, { tenantId: other.id, actor: { type: 'system' }, action: 'foreign', targetType: 'Entity', targetId }));

    const events = await listAuditEvents({ tenantId: tenant.id, targetType: 'Entity', targetId, limit: 3 });
    expect(events.map((e) => e.action)).toEqual(['step.4', 'step.3', 'step.2']);
    expect(events[0]).toMatchObject({ actor: { type: 'user', id: user.id, displayName: 'Amal Auditor' }, before: { n: 4 }, after: { n: 5 } });
    expect(events[0]!.createdAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}$/);

    expect(await listAuditEvents({ tenantId: other.id, targetType: 'Entity', targetId, limit: 50 })).toHaveLength(1);
    expect(await listAuditEvents({ tenantId: tenant.id, targetType: 'BankAccount', targetId, limit: 50 })).toEqual([]);
  });
});
