import { describe, expect, it } from 'vitest';
import { POST as prospectRoute } from '@/app/services/crm/entities/prospect/route';
import { POST as identitiesRoute } from '@/app/services/crm/entities/[entityId]/identities/route';
import { PATCH as classificationRoute } from '@/app/services/crm/entities/client/[entityId]/classification/route';
import { callRoute } from '@/scripts/testing/api';
import { useTestDatabase } from '@/scripts/testing/db';
import { createTestTenant } from '@/scripts/testing/factories';
import { createOfficer } from '@/scripts/testing/officers';
import { createTestAttachment, createTestEntity } from '@/scripts/testing/record-factories';

const db = useTestDatabase();

describe('the officer app creates and edits records through the same routes (session auth)', () => {
  it('an officer creates a prospect with a Hijri date of birth, adds an identity with a document and changes a client classification; the audit names the officer', async () => {
    const t = await createTestTenant();
    const officer = await createOfficer(t, 'officer');
    const created = await callRoute(prospectRoute, 'POST', '/services/crm/entities/prospect', {
      headers: officer.headers,
      body: { type: 'Individual', nameEn: 'Layla Al-Shehri', nameAr: 'ليلى الشهري', dobHijri: '1410-10-22', countryCode: '966', phoneNumber: '501234567' },
    });
    expect(created.status).toBe(201);
    expect(created.body.data.dob).toBe('1990-05-17');
    const entityId = created.body.data.id;
    const doc = await createTestAttachment(t.id, 'png', 'passport.png');
    const identity = await callRoute(identitiesRoute, 'POST', `/services/crm/entities/${entityId}/identities`, {
      headers: officer.headers,
      params: { entityId },
      body: { type: 'Passport', number: 'P7654321', issuingCountryCode: 'SA', documentIds: [doc.id] },
    });
    expect(identity.status).toBe(201);

    const client = await createTestEntity(t.id, 'Client');
    const classified = await callRoute(classificationRoute, 'PATCH', `/services/crm/entities/client/${client.id}/classification`, {
      headers: officer.headers,
      params: { entityId: client.id },
      body: { classification: 'Institutional' },
    });
    expect(classified.status).toBe(200);
    expect(classified.body.classification).toBe('Institutional');
    const { rows } = await db
      .current()
      .pool.query(`SELECT action FROM "AuditLog" WHERE "tenantId" = $1 AND "actorId" = $2 ORDER BY "createdAt"`, [t.id, officer.id]);
    expect(rows.map((r) => r.action)).toEqual(['entity.create.prospect', 'identity.create', 'entity.classification.update']);
  });

  it('as an attacker: a relationship manager cannot change a classification (403), a cross-site write is refused (403), no session is 401', async () => {
    const t = await createTestTenant();
    const rm = await createOfficer(t, 'rm');
    const client = await createTestEntity(t.id, 'Client');
    const patch = (headers: Record<string, string>) =>
      callRoute(classificationRoute, 'PATCH', `/services/crm/entities/client/${client.id}/classification`, {
        headers,
        params: { entityId: client.id },
        body: { classification: 'Institutional' },
      });
    expect((await patch(rm.headers)).status).toBe(403);
    const officer = await createOfficer(t, 'officer');
    expect((await patch({ ...officer.headers, origin: 'https://evil.example' })).status).toBe(403);
    expect((await patch({})).status).toBe(401);
    const other = await createTestTenant();
    const outsider = await createOfficer(other, 'officer');
    expect((await patch(outsider.headers)).status).toBe(404);
  });
});
