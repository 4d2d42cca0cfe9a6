import { describe, expect, it } from 'vitest';
import { GET as listRoute, POST as createRoute } from '@/app/services/crm/tags/route';
import { DELETE as deleteRoute, PATCH as updateRoute } from '@/app/services/crm/tags/[tagId]/route';
import { GET as usageRoute } from '@/app/services/crm/tags/usage/route';
import { DELETE as untagRoute, PUT as tagRoute } from '@/app/services/crm/entities/[entityId]/tags/[tagId]/route';
import { GET as entityRoute } from '@/app/services/crm/entities/[entityId]/route';
import { callRoute } from '@/scripts/testing/api';
import { expectContract } from '@/scripts/testing/contract';
import { useTestDatabase } from '@/scripts/testing/db';
import { createTestTenant } from '@/scripts/testing/factories';
import { createOfficer } from '@/scripts/testing/officers';
import { createTestEntity } from '@/scripts/testing/record-factories';
import { createTransaction } from '@/lib/transactions/create-transaction';
import { createTransactionInput } from '@/lib/transactions/schemas';
import { entityTagChanged, tagDeleted, tagEnvelope, tagUsageList } from './schemas';

const db = useTestDatabase();

const tagPath = (id: string) => `/services/crm/tags/${id}`;
const entityTagPath = (entityId: string, tagId: string) => `/services/crm/entities/${entityId}/tags/${tagId}`;

describe('tag administration (tenant administrators)', () => {
  it('creates, renames and re-scopes a tag, refuses to delete it while an entity carries it (409, bilingual), deletes it once unused, all audited', async () => {
    const t = await createTestTenant();
    const admin = await createOfficer(t, 'admin');
    const created = await callRoute(createRoute, 'POST', '/services/crm/tags', { headers: admin.headers, body: { nameEn: 'VIP', nameAr: 'كبار العملاء' } });
    expect(created.status).toBe(201);
    expectContract(tagEnvelope, created.body);
    const id: string = created.body.data.id;
    expect(created.body.data.scope).toBe('Entity');

    const renamed = await callRoute(updateRoute, 'PATCH', tagPath(id), { headers: admin.headers, params: { tagId: id }, body: { nameEn: 'Key client' } });
    expect(renamed.status).toBe(200);
    expectContract(tagEnvelope, renamed.body);
    expect(renamed.body.data).toMatchObject({ nameEn: 'Key client', nameAr: 'كبار العملاء', scope: 'Entity' });

    // An entity carries it: its profile shows the new name, and the tag cannot be deleted or re-scoped.
    const entity = await createTestEntity(t.id);
    const put = await callRoute(tagRoute, 'PUT', entityTagPath(entity.id, id), { headers: admin.headers, params: { entityId: entity.id, tagId: id } });
    expect(put.status).toBe(200);
    expectContract(entityTagChanged, put.body);
    const profile = await callRoute(entityRoute, 'GET', `/services/crm/entities/${entity.id}`, { headers: t.headers, params: { entityId: entity.id } });
    expect(profile.body.tags.map((tag: { nameEn: string }) => tag.nameEn)).toEqual(['Key client']);

    const usage = await callRoute(usageRoute, 'GET', '/services/crm/tags/usage', { headers: admin.headers });
    expectContract(tagUsageList, usage.body);
    expect(usage.body.data).toEqual([{ tagId: id, entities: 1, transactions: 0 }]);

    const refused = await callRoute(deleteRoute, 'DELETE', tagPath(id), { headers: admin.headers, params: { tagId: id } });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ errorCode: 'TAG_IN_USE' });
    expect(refused.body.message.en).toMatch(/still on records/);
    expect(refused.body.message.ar).toMatch(/مُسندًا/);
    const rescope = await callRoute(updateRoute, 'PATCH', tagPath(id), { headers: admin.headers, params: { tagId: id }, body: { scope: 'Case' } });
    expect(rescope.status).toBe(409);

    const off = await callRoute(untagRoute, 'DELETE', entityTagPath(entity.id, id), { headers: admin.headers, params: { entityId: entity.id, tagId: id } });
    expect(off.body).toEqual({ entityId: entity.id, tagId: id, assigned: false });
    const moved = await callRoute(updateRoute, 'PATCH', tagPath(id), { headers: admin.headers, params: { tagId: id }, body: { scope: 'Case', nameAr: null } });
    expect(moved.body.data).toMatchObject({ scope: 'Case', nameAr: null });
    const deleted = await callRoute(deleteRoute, 'DELETE', tagPath(id), { headers: admin.headers, params: { tagId: id } });
    expect(deleted.status).toBe(200);
    expectContract(tagDeleted, deleted.body);
    expect((await callRoute(listRoute, 'GET', '/services/crm/tags', { headers: t.headers })).body).toEqual({ data: [] });
    expect((await callRoute(deleteRoute, 'DELETE', tagPath(id), { headers: admin.headers, params: { tagId: id } })).status).toBe(404);

    const { rows } = await db
      .current()
      .pool.query(`SELECT action, "targetType", "actorId" FROM "AuditLog" WHERE "tenantId" = $1 AND action LIKE '%tag%' ORDER BY "createdAt", id`, [t.id]);
    expect(rows.map((r) => `${r.targetType}:${r.action}`)).toEqual([
      'Tag:tag.create',
      'Tag:tag.update',
      'Entity:entity.tag.add',
      'Entity:entity.tag.remove',
      'Tag:tag.update',
      'Tag:tag.delete',
    ]);
    expect(rows.every((r) => r.actorId === admin.id)).toBe(true);
  });

  it('counts transactions carrying a tag as use, refuses a duplicate name in the scope (409) and an empty change (400)', async () => {
    const t = await createTestTenant();
    const admin = await createOfficer(t, 'admin');
    const a = (await callRoute(createRoute, 'POST', '/services/crm/tags', { headers: admin.headers, body: { nameEn: 'Large cash', scope: 'Transaction' } }))
      .body.data;
    const b = (await callRoute(createRoute, 'POST', '/services/crm/tags', { headers: admin.headers, body: { nameEn: 'Cross-border', scope: 'Transaction' } }))
      .body.data;
    const entity = await createTestEntity(t.id);
    await createTransaction({
      tenantId: t.id,
      actor: { type: 'system' },
      body: createTransactionInput.parse({
        externalRef: 'tagged-1',
        transactionDate: '2026-01-05T10:00:00Z',
        amount: '10.00',
        currency: 'SAR',
        source: { method: 'Cash' },
        target: { method: 'Wallet', vIban: 'TAG-1', entity: { id: entity.id } },
        tagIds: [a.id],
      }),
    });
    const usage = await callRoute(usageRoute, 'GET', '/services/crm/tags/usage', { headers: admin.headers });
    expect(usage.body.data).toContainEqual({ tagId: a.id, entities: 0, transactions: 1 });
    expect((await callRoute(deleteRoute, 'DELETE', tagPath(a.id), { headers: admin.headers, params: { tagId: a.id } })).status).toBe(409);
    const clash = await callRoute(updateRoute, 'PATCH', tagPath(b.id), { headers: admin.headers, params: { tagId: b.id }, body: { nameEn: 'Large cash' } });
    expect(clash.status).toBe(409);
    expect(clash.body.errorCode).toBe('CONFLICT');
    const empty = await callRoute(updateRoute, 'PATCH', tagPath(b.id), { headers: admin.headers, params: { tagId: b.id }, body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.validationErrors[0]).toMatch(/^nameEn: /);
    // A Transaction tag cannot be put on an entity.
    const wrongScope = await callRoute(tagRoute, 'PUT', entityTagPath(entity.id, b.id), {
      headers: admin.headers,
      params: { entityId: entity.id, tagId: b.id },
    });
    expect(wrongScope.status).toBe(400);
  });

  it('as an attacker: RMs cannot manage tags (403), an API key cannot (401), another tenant’s tag or entity is 404 even to an officer', async () => {
    const t = await createTestTenant();
    const other = await createTestTenant();
    const officer = await createOfficer(t, 'officer');
    const rm = await createOfficer(t, 'rm');
    const otherAdmin = await createOfficer(other, 'admin');
    const theirs = (await callRoute(createRoute, 'POST', '/services/crm/tags', { headers: otherAdmin.headers, body: { nameEn: 'Theirs' } })).body.data;
    const theirEntity = await createTestEntity(other.id);
    // Officers create and manage tags (decisions.md: "created by officers"), only their tenant's.
    expect((await callRoute(createRoute, 'POST', '/services/crm/tags', { headers: officer.headers, body: { nameEn: 'Officer made' } })).status).toBe(201);
    expect(
      (await callRoute(updateRoute, 'PATCH', tagPath(theirs.id), { headers: officer.headers, params: { tagId: theirs.id }, body: { nameEn: 'x' } })).status,
    ).toBe(404);
    expect((await callRoute(deleteRoute, 'DELETE', tagPath(theirs.id), { headers: officer.headers, params: { tagId: theirs.id } })).status).toBe(404);
    for (const who of [rm]) {
      expect((await callRoute(createRoute, 'POST', '/services/crm/tags', { headers: who.headers, body: { nameEn: 'Mine' } })).status).toBe(403);
      expect(
        (await callRoute(updateRoute, 'PATCH', tagPath(theirs.id), { headers: who.headers, params: { tagId: theirs.id }, body: { nameEn: 'x' } })).status,
      ).toBe(403);
      expect((await callRoute(deleteRoute, 'DELETE', tagPath(theirs.id), { headers: who.headers, params: { tagId: theirs.id } })).status).toBe(403);
      expect((await callRoute(usageRoute, 'GET', '/services/crm/tags/usage', { headers: who.headers })).status).toBe(403);
    }
    expect((await callRoute(createRoute, 'POST', '/services/crm/tags', { headers: t.headers, body: { nameEn: 'Key' } })).status).toBe(401);

    const admin = await createOfficer(t, 'admin');
    expect(
      (await callRoute(updateRoute, 'PATCH', tagPath(theirs.id), { headers: admin.headers, params: { tagId: theirs.id }, body: { nameEn: 'Stolen' } })).status,
    ).toBe(404);
    expect((await callRoute(deleteRoute, 'DELETE', tagPath(theirs.id), { headers: admin.headers, params: { tagId: theirs.id } })).status).toBe(404);

    // Assigning: an officer, an RM and an API key may; never across tenants.
    const mine = (await callRoute(createRoute, 'POST', '/services/crm/tags', { headers: admin.headers, body: { nameEn: 'Mine' } })).body.data;
    const entity = await createTestEntity(t.id);
    for (const headers of [officer.headers, rm.headers, t.headers]) {
      expect((await callRoute(tagRoute, 'PUT', entityTagPath(entity.id, mine.id), { headers, params: { entityId: entity.id, tagId: mine.id } })).status).toBe(
        200,
      );
    }
    expect(
      (await callRoute(tagRoute, 'PUT', entityTagPath(entity.id, theirs.id), { headers: officer.headers, params: { entityId: entity.id, tagId: theirs.id } }))
        .status,
    ).toBe(404);
    expect(
      (
        await callRoute(tagRoute, 'PUT', entityTagPath(theirEntity.id, mine.id), {
          headers: officer.headers,
          params: { entityId: theirEntity.id, tagId: mine.id },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await callRoute(untagRoute, 'DELETE', entityTagPath(theirEntity.id, theirs.id), {
          headers: t.headers,
          params: { entityId: theirEntity.id, tagId: theirs.id },
        })
      ).status,
    ).toBe(404);
    const { rows } = await db.current().pool.query(`SELECT count(*)::int AS n FROM "EntityTag" WHERE "tagId" = $1`, [theirs.id]);
    expect(rows[0].n).toBe(0);
    // Assigned once, audited once (the repeats changed nothing).
    const audits = await db.current().pool.query(`SELECT count(*)::int AS n FROM "AuditLog" WHERE "targetId" = $1 AND action = 'entity.tag.add'`, [entity.id]);
    expect(audits.rows[0].n).toBe(1);
  });
});
