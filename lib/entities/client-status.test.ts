import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PATCH as statusRoute } from '@/app/services/crm/entities/client/[entityId]/status/route';
import { PATCH as classificationRoute } from '@/app/services/crm/entities/client/[entityId]/classification/route';
import { callRoute } from '@/scripts/testing/api';
import { useTestDatabase } from '@/scripts/testing/db';
import { createTestTenant } from '@/scripts/testing/factories';
import { createTestEntity } from '@/scripts/testing/record-factories';
import { ENTITY_STATUSES } from './schemas';
import { isAllowedTransition, updateClientStatus } from './update-client-status';

process.env.ATTACHMENTS_DIR = path.join(os.tmpdir(), `crm-att-${process.pid}`);
const db = useTestDatabase();

const ALLOWED = [
  ['Active', 'Blocked'],
  ['Blocked', 'Active'],
  ['Active', 'Deactivated'],
  ['Blocked', 'Deactivated'],
  ['Deactivated', 'Active'],
  ['Active', 'Deceased'],
  ['Blocked', 'Deceased'],
  ['Deactivated', 'Deceased'],
] as const;

async function clientIn(tenantId: string, status: (typeof ENTITY_STATUSES)[number]) {
  const e = await createTestEntity(tenantId, 'Client');
  if (status !== 'Active') await db.current().pool.query(`UPDATE "Entity" SET status = $1 WHERE id = $2`, [status, e.id]);
  return e;
}

describe('PATCH /entities/client/{id}/status', () => {
  it('has exactly the transitions of decisions.md', () => {
    for (const from of ENTITY_STATUSES) {
      for (const to of ENTITY_STATUSES) {
        expect(isAllowedTransition(from, to), `${from}→${to}`).toBe(ALLOWED.some(([a, b]) => a === from && b === to));
      }
    }
  });

  it.each(ALLOWED)('%s → %s: 200 {status}, audited, EntityStatusUpdate in the outbox', async (from, to) => {
    const t = await createTestTenant();
    const e = await clientIn(t.id, from);
    const res = await callRoute(statusRoute, 'PATCH', `/x`, {
      headers: t.headers,
      params: { entityId: e.id },
      body: { status: to, reason: 'KYC review', emailOptions: { notify: false, language: 'ar' } },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: to });
    const { rows: audit } = await db
      .current()
      .pool.query(`SELECT before, after FROM "AuditLog" WHERE "targetId" = $1 AND action = 'entity.status.update'`, [e.id]);
    expect(audit).toHaveLength(1);
    expect(audit[0].before).toEqual({ status: from });
    expect(audit[0].after).toMatchObject({ status: to, reason: 'KYC review' });
    const { rows: events } = await db.current().pool.query(`SELECT payload FROM "OutboxEvent" WHERE "tenantId" = $1 AND type = 'EntityStatusUpdate'`, [t.id]);
    expect(events).toHaveLength(1);
    expect(events[0].payload).toEqual({
      entityId: e.id,
      crmId: e.crmId,
      previousStatus: from,
      status: to,
      reason: 'KYC review',
      changedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/),
    });
  });

  it('answers 409 INVALID_STATUS_TRANSITION for every other pair, including the same status, and changes nothing', async () => {
    const t = await createTestTenant();
    for (const from of ENTITY_STATUSES) {
      for (const to of ENTITY_STATUSES) {
        if (ALLOWED.some(([a, b]) => a === from && b === to)) continue;
        const e = await clientIn(t.id, from);
        const res = await callRoute(statusRoute, 'PATCH', `/x`, { headers: t.headers, params: { entityId: e.id }, body: { status: to } });
        expect(res.status, `${from}→${to}`).toBe(409);
        expect(res.body.errorCode).toBe('INVALID_STATUS_TRANSITION');
        const { rows } = await db.current().pool.query(`SELECT status FROM "Entity" WHERE id = $1`, [e.id]);
        expect(rows[0].status).toBe(from);
      }
    }
    const { rows } = await db.current().pool.query(`SELECT count(*)::int AS n FROM "OutboxEvent" WHERE "tenantId" = $1`, [t.id]);
    expect(rows[0].n).toBe(0);
  });

  it('is 404 for a prospect, another tenant, a non-UUID; 400 for an unknown status', async () => {
    const t = await createTestTenant();
    const other = await createTestTenant();
    const prospect = await createTestEntity(t.id, 'Prospect');
    const client = await createTestEntity(t.id, 'Client');
    for (const [headers, id] of [
      [t.headers, prospect.id],
      [other.headers, client.id],
      [t.headers, 'abc'],
    ] as const) {
      const res = await callRoute(statusRoute, 'PATCH', `/x`, { headers, params: { entityId: id }, body: { status: 'Blocked' } });
      expect(res.status).toBe(404);
    }
    const bad = await callRoute(statusRoute, 'PATCH', `/x`, { headers: t.headers, params: { entityId: client.id }, body: { status: 'Frozen' } });
    expect(bad.status).toBe(400);
    expect(bad.body.validationErrors[0]).toMatch(/^status: /);
  });

  it('writes neither status, audit nor outbox row when the transaction fails', async () => {
    const t = await createTestTenant();
    const e = await createTestEntity(t.id, 'Client');
    const pool = db.current().pool;
    await pool.query(`CREATE FUNCTION fail_outbox() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'outbox down'; END $$`);
    await pool.query(`CREATE TRIGGER fail_outbox AFTER INSERT ON "OutboxEvent" FOR EACH ROW EXECUTE FUNCTION fail_outbox()`);
    try {
      await expect(updateClientStatus({ tenantId: t.id, entityId: e.id, status: 'Blocked', actor: { type: 'system' } })).rejects.toThrow();
    } finally {
      await pool.query(`DROP TRIGGER fail_outbox ON "OutboxEvent"; DROP FUNCTION fail_outbox()`);
    }
    expect((await pool.query(`SELECT status FROM "Entity" WHERE id = $1`, [e.id])).rows[0].status).toBe('Active');
    expect((await pool.query(`SELECT count(*)::int AS n FROM "OutboxEvent" WHERE "tenantId" = $1`, [t.id])).rows[0].n).toBe(0);
    expect((await pool.query(`SELECT count(*)::int AS n FROM "AuditLog" WHERE "targetId" = $1 AND action = 'entity.status.update'`, [e.id])).rows[0].n).toBe(0);
  });

  it('lets only one of two concurrent changes from the same state win', async () => {
    const t = await createTestTenant();
    const e = await createTestEntity(t.id, 'Client');
    const results = await Promise.allSettled([
      updateClientStatus({ tenantId: t.id, entityId: e.id, status: 'Blocked', actor: { type: 'system' } }),
      updateClientStatus({ tenantId: t.id, entityId: e.id, status: 'Deactivated', actor: { type: 'system' } }),
    ]);
    const ok = results.filter((r) => r.status === 'fulfilled');
    const { rows } = await db.current().pool.query(`SELECT count(*)::int AS n FROM "OutboxEvent" WHERE "tenantId" = $1`, [t.id]);
    expect(rows[0].n).toBe(ok.length);
    expect(ok.length).toBeGreaterThanOrEqual(1);
  });
});

describe('PATCH /entities/client/{id}/classification', () => {
  it('reclassifies a client to Institutional, returns the unwrapped Entity, audits; 404 across tenants; 400 unknown value', async () => {
    const t = await createTestTenant();
    const e = await createTestEntity(t.id, 'Client');
    const res = await callRoute(classificationRoute, 'PATCH', `/x`, {
      headers: t.headers,
      params: { entityId: e.id },
      body: { classification: 'Institutional' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: e.id, classification: 'Institutional' });
    expect(res.body.data).toBeUndefined();
    const { rows } = await db
      .current()
      .pool.query(`SELECT before, after FROM "AuditLog" WHERE "targetId" = $1 AND action = 'entity.classification.update'`, [e.id]);
    expect(rows).toEqual([{ before: { classification: 'Retail' }, after: { classification: 'Institutional' } }]);
    const other = await createTestTenant();
    expect(
      (await callRoute(classificationRoute, 'PATCH', `/x`, { headers: other.headers, params: { entityId: e.id }, body: { classification: 'Retail' } })).status,
    ).toBe(404);
    const bad = await callRoute(classificationRoute, 'PATCH', `/x`, { headers: t.headers, params: { entityId: e.id }, body: { classification: 'Wholesale' } });
    expect(bad.status).toBe(400);
  });
});
