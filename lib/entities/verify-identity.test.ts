import { describe, expect, it } from 'vitest';
import { PATCH as verificationRoute } from '@/app/services/crm/entities/[entityId]/identities/[identityId]/verification/route';
import { callRoute } from '@/scripts/testing/api';
import { expectContract } from '@/scripts/testing/contract';
import { useTestDatabase } from '@/scripts/testing/db';
import { createTestTenant } from '@/scripts/testing/factories';
import { createOfficer } from '@/scripts/testing/officers';
import { createTestEntity, individualInput, saudiNumber } from '@/scripts/testing/record-factories';
import { verifyIdentityResponse } from './schemas';

const db = useTestDatabase();

async function entityWithTwoIdentities(tenantId: string) {
  const entity = await createTestEntity(
    tenantId,
    'Client',
    individualInput({
      identities: [
        { type: 'NationalIdentity', number: saudiNumber('1'), issuingCountryCode: 'SA', expiresAt: '2031-01-01' },
        { type: 'Passport', number: 'K1234567', issuingCountryCode: 'SA', expiresAt: '2030-01-01' },
      ] as any,
    }),
  );
  return { entity, first: entity.identities[0]!, second: entity.identities[1]! };
}

const path = (entityId: string, identityId: string) => `/services/crm/entities/${entityId}/identities/${identityId}/verification`;

describe('PATCH /entities/{id}/identities/{id}/verification', () => {
  it('lets an officer verify a pending identity once (verifiedAt today, audited) and reject another with a reason', async () => {
    const t = await createTestTenant();
    const officer = await createOfficer(t, 'officer');
    const { entity, first, second } = await entityWithTwoIdentities(t.id);
    expect(first.verification?.status).toBe('Pending');

    const call = (identityId: string, body: unknown, headers = officer.headers) =>
      callRoute(verificationRoute, 'PATCH', path(entity.id, identityId), { headers, params: { entityId: entity.id, identityId }, body });
    const verified = await call(first.id, { status: 'Verified' });
    expect(verified.status).toBe(200);
    expectContract(verifyIdentityResponse, verified.body);
    expect(verified.body.data.verification.status).toBe('Verified');
    expect(verified.body.data.verifiedAt).toBe(new Date().toISOString().slice(0, 10));

    // Decided already: a second decision (or a late colleague's) is refused.
    const again = await call(first.id, { status: 'Rejected', reason: 'late' });
    expect(again.status).toBe(409);
    expect(again.body.errorCode).toBe('INVALID_STATUS_TRANSITION');

    const noReason = await call(second.id, { status: 'Rejected' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.validationErrors.join(' ')).toMatch(/^reason/);
    const rejected = await call(second.id, { status: 'Rejected', reason: 'Passport photo does not match the selfie' });
    expect(rejected.status).toBe(200);
    expect(rejected.body.data.verification.status).toBe('Rejected');
    expect(rejected.body.data.verifiedAt).toBeNull();

    const { rows } = await db
      .current()
      .pool.query(`SELECT "actorId", "before", "after" FROM "AuditLog" WHERE "tenantId" = $1 AND action = 'identity.verification' ORDER BY "createdAt"`, [
        t.id,
      ]);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ actorId: officer.id, before: { identityId: first.id, verification: 'Pending' }, after: { verification: 'Verified' } });
    expect(rows[1].after).toMatchObject({ identityId: second.id, verification: 'Rejected', reason: 'Passport photo does not match the selfie' });
  });

  it('as an attacker: another tenant’s identity is 404, a relationship manager 403, no credentials 401', async () => {
    const t = await createTestTenant();
    const other = await createTestTenant();
    const { entity, first } = await entityWithTwoIdentities(t.id);
    const outsider = await createOfficer(other, 'admin');
    const rm = await createOfficer(t, 'rm');
    const call = (headers: Record<string, string>, entityId = entity.id) =>
      callRoute(verificationRoute, 'PATCH', path(entityId, first.id), { headers, params: { entityId, identityId: first.id }, body: { status: 'Verified' } });
    expect((await call(outsider.headers)).status).toBe(404);
    expect((await call(other.headers)).status).toBe(404);
    expect((await call(rm.headers)).status).toBe(403);
    expect((await call({})).status).toBe(401);
    // The identity of one entity named under another entity of the same tenant: 404.
    const { entity: second } = await entityWithTwoIdentities(t.id);
    expect((await call(t.headers, second.id)).status).toBe(404);
    const { rows } = await db.current().pool.query(`SELECT v.status FROM "IdentityVerification" v WHERE v."identityId" = $1`, [first.id]);
    expect(rows[0].status).toBe('Pending');
  });
});
