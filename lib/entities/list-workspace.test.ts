import { describe, expect, it } from 'vitest';
import { GET as listRoute } from '@/app/services/crm/entities/route';
import { GET as exportRoute } from '@/app/services/crm/entities/export/route';
import { POST as clientRoute } from '@/app/services/crm/entities/client/route';
import { getWorklistCounts } from '@/lib/entities/get-worklist-counts';
import { csvCell } from '@/lib/entities/export-entities';
import { callRoute } from '@/scripts/testing/api';
import { useTestDatabase } from '@/scripts/testing/db';
import { createTestTenant } from '@/scripts/testing/factories';
import { createOfficer } from '@/scripts/testing/officers';
import { createTestEntity, factoryActor, individualInput, saudiNumber } from '@/scripts/testing/record-factories';
import { kycIdOf, submitBaseForms } from '@/scripts/testing/kyc-factories';
import { reviewKyc } from '@/lib/kyc/review';

const db = useTestDatabase();

/** A day relative to today (UTC), as YYYY-MM-DD. */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function seedThree(t: { headers: Record<string, string> }) {
  const mk = async (nameEn: string, nameAr: string, expiresAt: string) => {
    const res = await callRoute(clientRoute, 'POST', '/services/crm/entities/client', {
      headers: t.headers,
      body: individualInput({
        nameEn,
        nameAr,
        identities: [{ type: 'NationalIdentity', number: saudiNumber('1'), issuingCountryCode: 'SA', expiresAt }] as any,
      }),
    });
    expect(res.status).toBe(201);
    return res.body.data as { id: string; identities: { id: string }[] };
  };
  const zaid = await mk('Zaid Al-Harbi', 'زيد الحربي', day(400));
  const badr = await mk('Badr Al-Otaibi', 'بدر العتيبي', day(10)); // expires within 30 days
  const amal = await mk('Amal =cmd', 'أمل الشهري', day(-5)); // already expired: not "expiring"
  return { zaid, badr, amal };
}

describe('GET /entities – sort and worklists', () => {
  it('sorts the whole filtered list by name (either language) or creation, and narrows to the identity worklists', async () => {
    const t = await createTestTenant();
    const { zaid, badr, amal } = await seedThree(t);
    const ids = async (qs: string) => {
      const res = await callRoute(listRoute, 'GET', `/services/crm/entities?${qs}`, { headers: t.headers });
      expect(res.status, qs).toBe(200);
      return { ids: (res.body.data as { id: string }[]).map((e) => e.id), total: res.body.meta.totalCount };
    };
    expect((await ids('')).ids).toEqual([amal.id, badr.id, zaid.id]);
    expect((await ids('sort=createdAt')).ids).toEqual([zaid.id, badr.id, amal.id]);
    expect((await ids('sort=name')).ids).toEqual([amal.id, badr.id, zaid.id]);
    expect((await ids('sort=-name')).ids).toEqual([zaid.id, badr.id, amal.id]);
    // أمل < بدر < زيد in Arabic alphabetical order.
    expect((await ids('sort=nameAr')).ids).toEqual([amal.id, badr.id, zaid.id]);
    expect(await ids('sort=name&size=1&page=2')).toEqual({ ids: [badr.id], total: 3 });
    expect(await ids('worklist=expiringIdentity')).toEqual({ ids: [badr.id], total: 1 });
    // Identities are created Pending: every entity is on the verification worklist.
    expect((await ids('worklist=pendingIdentity&sort=name')).ids).toEqual([amal.id, badr.id, zaid.id]);
    expect(await ids('worklist=expiringIdentity&q=zaid')).toEqual({ ids: [], total: 0 });

    const counts = await getWorklistCounts({ tenantId: t.id });
    expect(counts).toEqual({
      pendingIdentityVerifications: 3,
      expiringIdentities: 1,
      pendingKycReviews: 0,
      pendingBankAccountReviews: 0,
      pendingRelationshipApprovals: 0,
      openScreeningCases: 0,
      openMonitoringCases: 0,
      openAlerts: 0,
    });
  });

  it('kycReview: the entities whose KYC awaits an officer (submitted, or awaiting its second review), counted the same', async () => {
    const t = await createTestTenant();
    const [first, second] = [await createOfficer(t), await createOfficer(t)];
    const submitted = await createTestEntity(t.id, 'Prospect', individualInput({ nameEn: 'Submitted Prospect' }));
    const pending = await createTestEntity(t.id, 'Prospect', individualInput({ nameEn: 'Pending Prospect' }));
    const highRisk = await createTestEntity(t.id, 'Prospect', individualInput({ nameEn: 'High Risk Prospect' }));
    await submitBaseForms({ tenantId: t.id, kycId: await kycIdOf(t.id, submitted.id), actor: factoryActor });
    const highKyc = await kycIdOf(t.id, highRisk.id);
    await submitBaseForms({ tenantId: t.id, kycId: highKyc, plan: { prefer: 'high' }, actor: factoryActor });
    // The first approval of a High-risk KYC leaves it awaiting a second officer: still on the worklist.
    expect((await reviewKyc({ tenantId: t.id, kycId: highKyc, decision: 'Approve', comment: 'First look', userId: first.id })).kyc?.status).toBe(
      'KycUnderReview',
    );

    const worklist = async () => {
      const res = await callRoute(listRoute, 'GET', '/services/crm/entities?worklist=kycReview&sort=name', { headers: t.headers });
      expect(res.status).toBe(200);
      return { ids: (res.body.data as { id: string }[]).map((e) => e.id), total: res.body.meta.totalCount as number };
    };
    expect(await worklist()).toEqual({ ids: [highRisk.id, submitted.id], total: 2 });
    expect((await getWorklistCounts({ tenantId: t.id })).pendingKycReviews).toBe(2);
    expect(pending.kyc?.status).toBe('KycPending');

    // Decided KYCs leave it.
    await reviewKyc({ tenantId: t.id, kycId: highKyc, decision: 'Approve', comment: 'Second look', userId: second.id });
    await reviewKyc({ tenantId: t.id, kycId: await kycIdOf(t.id, submitted.id), decision: 'Reject', comment: 'Documents missing', userId: first.id });
    expect(await worklist()).toEqual({ ids: [], total: 0 });
    expect((await getWorklistCounts({ tenantId: t.id })).pendingKycReviews).toBe(0);
    // Another tenant sees none of them.
    const other = await createTestTenant();
    expect((await getWorklistCounts({ tenantId: other.id })).pendingKycReviews).toBe(0);
  });

  it.each([['sort=age'], ['worklist=everything'], ['sort=']])('refuses %s with 400 naming the field', async (qs) => {
    const t = await createTestTenant();
    const res = await callRoute(listRoute, 'GET', `/services/crm/entities?${qs}`, { headers: t.headers });
    expect(res.status).toBe(400);
    expect(res.body.validationErrors.join(' ')).toMatch(/^(sort|worklist)/);
  });
});

describe('GET /entities/export – the filtered list as CSV, audited', () => {
  it('exports the filtered, sorted list for an officer, with Arabic intact, formulas defused, and an audit row', async () => {
    const t = await createTestTenant();
    const tenantId = t.id;
    const { badr, amal } = await seedThree(t);
    const officer = await createOfficer({ id: tenantId, slug: t.slug }, 'officer');
    const res = await callRoute(exportRoute, 'GET', '/services/crm/entities/export?worklist=pendingIdentity&sort=name&q=al', { headers: officer.headers });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="entities-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = (res.body as string)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^crmId,nameEn,nameAr,role,type,status,email,phone,nationalityCode,identityNumbers,/);
    // `q=al` matches Al-Otaibi and Al-Harbi, and Amal; sorted by English name.
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain('Amal =cmd'); // = inside a cell is harmless; only a leading one is defused (below)
    expect(lines[1]).toContain('أمل الشهري');
    expect(lines[2]).toContain('بدر العتيبي');
    expect(lines[2]).toContain(badr.id);
    expect(lines[1]).toContain(amal.id);

    const { rows: exported } = await db
      .current()
      .pool.query(`SELECT "actorType", "actorId", "after" FROM "AuditLog" WHERE "tenantId" = $1 AND action = 'entity.export'`, [tenantId]);
    expect(exported).toHaveLength(1);
    expect(exported[0]).toMatchObject({ actorType: 'user', actorId: officer.id, after: { rowCount: 3, totalCount: 3, format: 'csv' } });
    expect(exported[0].after.filters).toEqual({ q: 'al', worklist: 'pendingIdentity', sort: 'name' });
  });

  it('is refused without a session (401), to an API key (401) and to a relationship manager (403)', async () => {
    const t = await createTestTenant();
    const tenantId = t.id;
    expect((await callRoute(exportRoute, 'GET', '/services/crm/entities/export', {})).status).toBe(401);
    expect((await callRoute(exportRoute, 'GET', '/services/crm/entities/export', { headers: t.headers })).status).toBe(401);
    const rm = await createOfficer({ id: tenantId, slug: t.slug }, 'rm');
    expect((await callRoute(exportRoute, 'GET', '/services/crm/entities/export', { headers: rm.headers })).status).toBe(403);
  });

  it.each([
    ['=SUM(A1)', "'=SUM(A1)"],
    ['+966', "'+966"],
    ['-1', "'-1"],
    ['@x', "'@x"],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['line\nbreak', '"line\nbreak"'],
    ['محمد', 'محمد'],
  ])('csvCell(%j) → %j', (input, out) => {
    expect(csvCell(input)).toBe(out);
  });
});
