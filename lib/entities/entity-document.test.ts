import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '@/scripts/testing/db';
import { createTestTenant } from '@/scripts/testing/factories';
import { createTestAttachment, individualInput, organizationInput, saudiIban, saudiNumber } from '@/scripts/testing/record-factories';
import { createBankAccount } from '@/lib/bank-accounts/create-bank-account';
import { reviewBankAccount } from '@/lib/bank-accounts/review-bank-account';
import { createTag } from '@/lib/tags/create-tag';
import { createAddress } from './create-address';
import { createEntity } from './create-entity';
import { createIdentity } from './create-identity';
import { getEntity } from './get-entity';
import { listEntities } from './list-entities';
import { updateClientStatus } from './update-client-status';

// The stored documents (EntityDocument, kept by statement triggers) must always equal what the
// document function computes from the tables now: a stale document would be a wrong API answer.
const db = useTestDatabase();
const actor = { type: 'system' as const };

async function expectDocumentsFresh(tenantId: string) {
  const { rows } = await db.current().pool.query<{ entityId: string; stored: string | null; fresh: string | null }>(
    `SELECT coalesce(d."entityId", f."entityId") AS "entityId", d."document"::text AS stored, f."document"::text AS fresh
       FROM (SELECT * FROM "EntityDocument" WHERE "tenantId" = $1) d
       FULL JOIN crm_entity_documents($1, ARRAY(SELECT id FROM "Entity" WHERE "tenantId" = $1)) f ON f."entityId" = d."entityId"`,
    [tenantId],
  );
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) expect(row.stored, `document of ${row.entityId}`).toBe(row.fresh);
}

const sql = (text: string, values: unknown[] = []) => db.current().pool.query(text, values);

describe('entity documents (the list read model)', () => {
  it('follow every write that changes an entity, through services and plain SQL', async () => {
    const tenant = await createTestTenant();
    const other = await createTestTenant();
    const person = (await createEntity({ tenantId: tenant.id, role: 'Client', input: individualInput(), actor })).data;
    const org = (await createEntity({ tenantId: tenant.id, role: 'Prospect', input: organizationInput(), actor })).data;
    await createEntity({ tenantId: other.id, role: 'Client', input: individualInput(), actor });
    await expectDocumentsFresh(tenant.id);

    // Identity with documents, then its verification and one document removed.
    const pdf = await createTestAttachment(tenant.id, 'pdf', 'passport.pdf');
    const png = await createTestAttachment(tenant.id, 'png', 'passport-back.png');
    const identity = (
      await createIdentity({
        tenantId: tenant.id,
        entityId: person.id,
        input: { type: 'Passport', number: 'P1234567', issuingCountryCode: 'SA', documentIds: [pdf.id, png.id] },
        actor,
      })
    ).data;
    await expectDocumentsFresh(tenant.id);
    await sql(`UPDATE "IdentityVerification" SET status = 'Verified' WHERE "identityId" = $1`, [identity.id]);
    await sql(`DELETE FROM "IdentityDocument" WHERE "identityId" = $1 AND "attachmentId" = $2`, [identity.id, png.id]);
    await sql(`UPDATE "Attachment" SET name = 'passport-front.pdf' WHERE id = $1`, [pdf.id]);
    await expectDocumentsFresh(tenant.id);
    const profile = await getEntity({ tenantId: tenant.id, entityId: person.id });
    const passport = profile.identities.find((i) => i.id === identity.id)!;
    expect(passport.verification?.status).toBe('Verified');
    expect(passport.documents.map((d) => d.name)).toEqual(['passport-front.pdf']);
    expect(profile.verifications.identity).toBe(true);

    // Tags: applied, renamed, removed.
    const tag = await createTag({ tenantId: tenant.id, input: { nameEn: 'PEP', nameAr: 'شخص معرض سياسياً' }, actor });
    await sql(`INSERT INTO "EntityTag" ("tenantId", "entityId", "tagId") VALUES ($1, $2, $3), ($1, $4, $3)`, [tenant.id, person.id, tag.id, org.id]);
    await sql(`UPDATE "Tag" SET "nameEn" = 'Politically exposed' WHERE id = $1`, [tag.id]);
    await expectDocumentsFresh(tenant.id);
    const page = await listEntities({ tenantId: tenant.id, page: { page: 1, size: 20 }, filters: { tagId: tag.id } });
    expect(page.data.map((e) => e.tags.map((t) => t.nameEn))).toEqual([['Politically exposed'], ['Politically exposed']]);
    await sql(`DELETE FROM "Tag" WHERE id = $1`, [tag.id]);
    await expectDocumentsFresh(tenant.id);

    // Bank account (verified flag), address (verified flag), status, organization facts.
    const account = await createBankAccount({ tenantId: tenant.id, entityId: person.id, iban: saudiIban('80'), isPrimary: true, attachmentId: pdf.id, actor });
    await reviewBankAccount({ tenantId: tenant.id, accountId: account.data.id, decision: 'Approve', actor });
    await createAddress({ tenantId: tenant.id, entityId: person.id, input: { cityNameEn: 'Riyadh', district: 'Al Olaya' }, actor });
    await sql(`UPDATE "Address" SET status = 'Verified' WHERE "entityId" = $1`, [person.id]);
    await updateClientStatus({ tenantId: tenant.id, entityId: person.id, status: 'Blocked', actor });
    await sql(`UPDATE "OrganizationStatus" SET value = 'Suspended' WHERE "entityId" = $1`, [org.id]);
    await sql(`DELETE FROM "Activity" WHERE "entityId" = $1`, [org.id]);
    await expectDocumentsFresh(tenant.id);
    const after = await getEntity({ tenantId: tenant.id, entityId: person.id });
    expect(after.status).toBe('Blocked');
    expect(after.verifications).toMatchObject({ bankAccount: true, address: true });

    // Nationality (the reference object is part of the document): changed, then cleared.
    await sql(`UPDATE "Entity" SET "nationalityCode" = 'EG' WHERE id = $1`, [person.id]);
    await expectDocumentsFresh(tenant.id);
    expect((await getEntity({ tenantId: tenant.id, entityId: person.id })).nationality).toMatchObject({
      twoCode: 'EG',
      threeCode: 'EGY',
      nameAr: expect.stringMatching(/مصر/),
    });
    await sql(`UPDATE "Entity" SET "nationalityCode" = NULL WHERE id = $1`, [person.id]);
    await expectDocumentsFresh(tenant.id);
    expect((await getEntity({ tenantId: tenant.id, entityId: person.id })).nationality).toBeNull();

    // An identity moved or deleted changes its entity's document; a deleted entity takes its document along.
    await sql(`DELETE FROM "Identity" WHERE id = $1`, [identity.id]);
    await expectDocumentsFresh(tenant.id);
    await sql(`DELETE FROM "Entity" WHERE id = $1`, [org.id]);
    await expectDocumentsFresh(tenant.id);
    expect((await sql(`SELECT count(*)::int AS n FROM "EntityDocument" WHERE "entityId" = $1`, [org.id])).rows[0].n).toBe(0);
    await expectDocumentsFresh(other.id);
  });

  it('a bulk insert refreshes every inserted entity in one statement', async () => {
    const tenant = await createTestTenant();
    await sql(
      `INSERT INTO "Entity" (id, "tenantId", role, type, status, "nameEn", "nameAr", "updatedAt")
       SELECT gen_random_uuid(), $1, 'Client', 'Individual', 'Active', 'Person ' || n, 'شخص ' || n, now() FROM generate_series(1, 500) n`,
      [tenant.id],
    );
    await sql(
      `INSERT INTO "Identity" (id, "tenantId", "entityId", type, number, "updatedAt")
       SELECT gen_random_uuid(), "tenantId", id, 'NationalIdentity', '1' || lpad((row_number() OVER ())::text, 9, '0'), now() FROM "Entity" WHERE "tenantId" = $1`,
      [tenant.id],
    );
    expect((await sql(`SELECT count(*)::int AS n FROM "EntityDocument" WHERE "tenantId" = $1`, [tenant.id])).rows[0].n).toBe(500);
    await expectDocumentsFresh(tenant.id);
  });

  it('two transactions changing the same entity at once leave a document with both changes', async () => {
    const tenant = await createTestTenant();
    const input = individualInput({ identities: [{ type: 'NationalIdentity', number: saudiNumber('1'), issuingCountryCode: 'SA' }] });
    const person = (await createEntity({ tenantId: tenant.id, role: 'Client', input, actor })).data;
    const tag = await createTag({ tenantId: tenant.id, input: { nameEn: 'High net worth' }, actor });
    const first = new pg.Client({ connectionString: db.current().url });
    const second = new pg.Client({ connectionString: db.current().url });
    await Promise.all([first.connect(), second.connect()]);
    try {
      await first.query('BEGIN');
      await first.query(`INSERT INTO "EntityTag" ("tenantId", "entityId", "tagId") VALUES ($1, $2, $3)`, [tenant.id, person.id, tag.id]);
      // The second writer computes its document only after the first has committed (it waits on
      // the document row), so it must see the tag as well as its own verification.
      await second.query('BEGIN');
      const secondDone = second
        .query(`UPDATE "IdentityVerification" SET status = 'Verified' WHERE "identityId" = $1`, [person.identities[0]!.id])
        .then(() => second.query('COMMIT'));
      await new Promise((r) => setTimeout(r, 200));
      await first.query('COMMIT');
      await secondDone;
    } finally {
      await Promise.all([first.end(), second.end()]);
    }
    await expectDocumentsFresh(tenant.id);
    const profile = await getEntity({ tenantId: tenant.id, entityId: person.id });
    expect(profile.tags.map((t) => t.nameEn)).toEqual(['High net worth']);
    expect(profile.verifications.identity).toBe(true);
  });

  it('is written only by the triggers: the application role cannot write a document', async () => {
    const tenant = await createTestTenant();
    const person = (await createEntity({ tenantId: tenant.id, role: 'Client', input: individualInput(), actor })).data;
    const { withTenant } = await import('@/lib/db/tenant-tx');
    await expect(
      withTenant(tenant.id, (tx) => tx.$executeRaw`UPDATE "EntityDocument" SET document = '{}' WHERE "entityId" = ${person.id}::uuid`),
    ).rejects.toThrow(/permission denied/);
  });
});
