// The profile's history, a page at a time: an officer pages from the newest event to the first with
// the cursor the previous page handed out, sees every event of the client exactly once and in
// order, never another entity's or another tenant's, and is told when nothing older is left.
import { describe, expect, it } from 'vitest';
import { GET as historyRoute } from '@/app/services/crm/entities/[entityId]/history/route';
import { withTenant } from '@/lib/db/tenant-tx';
import { callRoute } from '@/scripts/testing/api';
import { useTestDatabase } from '@/scripts/testing/db';
import { createTestTenant } from '@/scripts/testing/factories';
import { createOfficer } from '@/scripts/testing/officers';
import { createTestEntity, individualInput } from '@/scripts/testing/record-factories';
import { listEntityHistory } from './list-audit-events';

import { entityHistoryQuery, type EntityHistoryCursor } from './schemas';

const db = useTestDatabase();

const at = (seconds: number) => new Date(Date.UTC(2025, 0, 1) + seconds * 1000);

type Row = { tenantId: string; actorType: string; action: string; targetType: string; targetId: string; createdAt: Date };

async function seed() {
  const tenant = await createTestTenant();
  const other = await createTestTenant();
  const client = await createTestEntity(tenant.id, 'Client', individualInput({ nameEn: 'Khalid Al-Harbi', nameAr: 'خالد الحربي', email: 'khalid@example.sa' }));
  const neighbour = await createTestEntity(
    tenant.id,
    'Client',
    individualInput({ nameEn: 'Noura Al-Qahtani', nameAr: 'نورة القحطاني', email: 'noura@example.sa' }),
  );
  const { rows: kycs } = await db.current().pool.query<{ id: string }>(`SELECT id FROM "Kyc" WHERE "entityId" = $1`, [client.id]);
  const kycId = kycs[0]?.id;

  const row = (tenantId: string, targetType: string, targetId: string, action: string, createdAt: Date): Row => ({
    tenantId,
    actorType: 'system',
    action,
    targetType,
    targetId,
    createdAt,
  });
  const own: Row[] = [];
  // 70 events a second apart, 30 more in one millisecond (the cursor must settle ties by id), and
  // the KYC record's events between them.
  for (let i = 0; i < 70; i++) own.push(row(tenant.id, 'Entity', client.id, 'entity.update', at(i)));
  for (let i = 0; i < 30; i++) own.push(row(tenant.id, 'Entity', client.id, 'entity.tag.add', at(100)));
  if (kycId) for (let i = 0; i < 25; i++) own.push(row(tenant.id, 'Kyc', kycId, 'kyc.submission', at(i * 3 + 0.5)));
  await withTenant(tenant.id, (tx) => tx.auditLog.createMany({ data: own }));
  // The neighbour's events and another tenant's rows naming this client's id, at the same times.
  await withTenant(tenant.id, (tx) =>
    tx.auditLog.createMany({ data: Array.from({ length: 40 }, (_, i) => row(tenant.id, 'Entity', neighbour.id, 'entity.update', at(i * 2))) }),
  );
  await withTenant(other.id, (tx) =>
    tx.auditLog.createMany({ data: Array.from({ length: 40 }, (_, i) => row(other.id, 'Entity', client.id, 'entity.update', at(i * 2 + 1))) }),
  );

  // What the history must show: this tenant's rows naming the client or its KYC, in the history's order.
  const { rows: expected } = await db
    .current()
    .pool.query<{ id: string }>(`SELECT id FROM "AuditLog" WHERE "tenantId" = $1 AND "targetId" = ANY($2::text[]) ORDER BY "createdAt" DESC, id DESC`, [
      tenant.id,
      [client.id, ...(kycId ? [kycId] : [])],
    ]);
  return { tenant, other, client, neighbour, expected: expected.map((e) => e.id) };
}

describe('listEntityHistory', () => {
  it('pages through more than 50 events with the cursor: each once, in order, only this entity’s, and the last page says so', async () => {
    const { tenant, client, expected } = await seed();
    expect(expected.length).toBeGreaterThan(120);

    for (const size of [50, 7]) {
      const seen: string[] = [];
      let before: EntityHistoryCursor | undefined;
      let pages = 0;
      for (;;) {
        const page = await listEntityHistory({ tenantId: tenant.id, entityId: client.id, size, before, includeScreening: true });
        pages += 1;
        expect(page.data.length).toBeLessThanOrEqual(size);
        seen.push(...page.data.map((e) => e.id));
        if (page.nextCursor === null) break;
        expect(page.data).toHaveLength(size);
        before = entityHistoryQuery.parse({ before: page.nextCursor }).before;
        expect(pages).toBeLessThan(100);
      }
      expect(seen).toEqual(expected);
      expect(pages).toBe(Math.ceil(expected.length / size));
    }

    // A page that ends exactly at the first event says there is nothing older.
    const whole = await listEntityHistory({ tenantId: tenant.id, entityId: client.id, size: 100, includeScreening: true });
    const rest = expected.length - 100;
    const last = await listEntityHistory({
      tenantId: tenant.id,
      entityId: client.id,
      size: rest,
      before: entityHistoryQuery.parse({ before: whole.nextCursor }).before,
      includeScreening: true,
    });
    expect(last.data.map((e) => e.id)).toEqual(expected.slice(100));
    expect(last.nextCursor).toBeNull();
  });

  it('a relationship manager’s history has no screening or monitoring records (tipping-off); an officer’s has them', async () => {
    const { tenant, client, expected } = await seed();
    // A screening case and its match events, and the on-demand screening's entry on the client, newest of all.
    const screening = await withTenant(tenant.id, async (tx) => {
      const found = await tx.case.create({ data: { tenantId: tenant.id, entityId: client.id } });
      const row = (targetType: string, targetId: string, action: string, seconds: number) => ({
        tenantId: tenant.id,
        actorType: 'system',
        action,
        targetType,
        targetId,
        createdAt: at(seconds),
      });
      await tx.auditLog.createMany({
        data: [
          row('Case', found.id, 'case.create', 200),
          row('Case', found.id, 'case.assign', 201),
          row('Entity', client.id, 'entity.screen', 202),
          ...Array.from({ length: 60 }, (_, i) => row('Case', found.id, 'match.review', 203 + i)),
        ],
      });
      return tx.auditLog.findMany({ where: { tenantId: tenant.id, OR: [{ targetType: 'Case' }, { action: 'entity.screen' }] }, select: { id: true } });
    });
    const hidden = new Set(screening.map((e) => e.id));
    expect(hidden.size).toBe(63);

    const all = async (includeScreening: boolean) => {
      const seen: string[] = [];
      let before: EntityHistoryCursor | undefined;
      for (let i = 0; i < 50; i++) {
        const page = await listEntityHistory({ tenantId: tenant.id, entityId: client.id, size: 20, before, includeScreening });
        seen.push(...page.data.map((e) => e.id));
        if (page.nextCursor === null) break;
        // A full page while more exist: the records left out never shorten a page or end the history early.
        expect(page.data).toHaveLength(20);
        before = entityHistoryQuery.parse({ before: page.nextCursor }).before;
      }
      return seen;
    };
    expect(await all(false)).toEqual(expected);
    const officers = await all(true);
    expect(officers).toHaveLength(expected.length + hidden.size);
    expect(officers.filter((id) => hidden.has(id))).toHaveLength(hidden.size);
  });

  it("refuses another tenant's entity", async () => {
    const { other, client } = await seed();
    await expect(listEntityHistory({ tenantId: other.id, entityId: client.id, includeScreening: true })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('GET /services/crm/entities/{entityId}/history', () => {
  it('pages with nextCursor for an officer; 404 for another tenant’s entity; 400 with both languages for a bad cursor', async () => {
    const { tenant, other, client, expected } = await seed();
    const officer = await createOfficer(tenant, 'rm');
    const get = (headers: Record<string, string>, query: string, entityId = client.id) =>
      callRoute(historyRoute, 'GET', `/services/crm/entities/${entityId}/history${query}`, { headers, params: { entityId } });

    const seen: string[] = [];
    let query = '?size=50';
    for (let i = 0; i < 10; i++) {
      const res = await get(officer.headers, query);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      seen.push(...res.body.data.map((e: { id: string }) => e.id));
      if (res.body.nextCursor === null) break;
      query = `?size=50&before=${encodeURIComponent(res.body.nextCursor)}`;
    }
    expect(seen).toEqual(expected);
    // Without size: the page the profile shows, 50.
    expect((await get(officer.headers, '')).body.data).toHaveLength(50);

    const outsider = await createOfficer(other);
    const foreign = await get(outsider.headers, '');
    expect(foreign.status).toBe(404);
    expect(foreign.body.errorCode).toBe('NOT_FOUND');

    for (const bad of ['nonsense', '2025-02-30T10:00:00.000Z_' + client.id, '2025-01-01T00:00:00.000Z_not-a-uuid', '2025-01-01 00:00:00.000_' + client.id]) {
      const res = await get(officer.headers, `?before=${encodeURIComponent(bad)}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.errorCode).toBe('VALIDATION_ERROR');
      expect(res.body.message.en).toBeTruthy();
      expect(res.body.message.ar).toMatch(/[\u0600-\u06FF]/);
      expect(res.body.validationErrors.join(' ')).toMatch(/^before: /);
    }
    expect((await get(officer.headers, '?size=101')).status).toBe(400);

    // Officer sessions only: an API key is refused, and no session at all is a 401.
    expect((await get(tenant.headers, '')).status).toBe(401);
    expect((await get({}, '')).status).toBe(401);
  });
});
