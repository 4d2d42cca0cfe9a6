import { describe, expect, it } from 'vitest';
import { POST as prospectRoute } from '@/app/services/crm/entities/prospect/route';
import { callRoute } from '@/scripts/testing/api';
import { useTestDatabase } from '@/scripts/testing/db';
import { createTestTenant } from '@/scripts/testing/factories';
import { individualInput } from '@/scripts/testing/record-factories';
import { withDeferredEntityDocuments } from './entity-documents';
import { withTenant, type Tx } from './tenant-tx';

const db = useTestDatabase();

async function prospectKyc() {
  const t = await createTestTenant();
  const res = await callRoute(prospectRoute, 'POST', '/services/crm/entities/prospect', { headers: t.headers, body: individualInput() });
  expect(res.status).toBe(201);
  const entity = res.body.data as { id: string; kyc: { id: string } };
  return { tenantId: t.id, entityId: entity.id, kycId: entity.kyc.id };
}

/** A new score, then a status change: what a KYC submission does to the entity's document. */
async function scoreAndSubmit(tx: Tx, ids: { tenantId: string; entityId: string; kycId: string }) {
  await tx.kycScore.create({
    data: {
      tenantId: ids.tenantId,
      kycId: ids.kycId,
      entityId: ids.entityId,
      classification: 'Retail',
      reason: 'Rescore',
      riskBreakdown: [],
      riskScore: '12.50',
      riskLevel: 'Low',
      localMatchCount: 0,
      publicMatchCount: 0,
      overrideReasons: [],
      blocked: false,
    },
  });
  await tx.kyc.update({ where: { id: ids.kycId }, data: { status: 'KycSubmitted' } });
}

/**
 * The stored document's KYC, and the backend's count of rows written to EntityDocument (pending
 * statistics: not flushed inside a transaction, so differences within one transaction count its writes).
 */
async function documentState(tx: Tx, ids: { tenantId: string; entityId: string }) {
  const [row] = await tx.$queryRaw<{ kyc: { status: string; scores: { riskScore: string }[] }; writes: bigint }[]>`
    SELECT (d."document"::jsonb) -> 'kyc' AS kyc,
           pg_stat_get_xact_tuples_updated('"EntityDocument"'::regclass) + pg_stat_get_xact_tuples_inserted('"EntityDocument"'::regclass) AS writes
      FROM "EntityDocument" d WHERE d."tenantId" = ${ids.tenantId}::uuid AND d."entityId" = ${ids.entityId}::uuid`;
  return { status: row!.kyc.status, scores: row!.kyc.scores.map((s) => s.riskScore), writes: Number(row!.writes) };
}

describe('deferred entity-document refreshes', () => {
  it('rebuild a document once for several changes in a transaction, after the last one; without deferral, once per statement', async () => {
    const deferred = await prospectKyc();
    const state = await withTenant(deferred.tenantId, async (tx) => {
      const before = await documentState(tx, deferred);
      const during = await withDeferredEntityDocuments(tx, async () => {
        await scoreAndSubmit(tx, deferred);
        return documentState(tx, deferred);
      });
      const after = await documentState(tx, deferred);
      return { during: { ...during, writes: during.writes - before.writes }, after: { ...after, writes: after.writes - before.writes } };
    });
    // Nothing rebuilt while deferred; then one rebuild that sees both changes.
    expect(state.during).toEqual({ status: 'KycPending', scores: [], writes: 0 });
    expect(state.after).toEqual({ status: 'KycSubmitted', scores: ['12.50'], writes: 1 });

    const direct = await prospectKyc();
    const plain = await withTenant(direct.tenantId, async (tx) => {
      const before = await documentState(tx, direct);
      await scoreAndSubmit(tx, direct);
      const after = await documentState(tx, direct);
      return { ...after, writes: after.writes - before.writes };
    });
    expect(plain).toEqual({ status: 'KycSubmitted', scores: ['12.50'], writes: 2 });

    // After the transaction, the stored document is exactly what the builder makes now.
    for (const ids of [deferred, direct]) {
      const { rows } = await db
        .current()
        .pool.query(
          `SELECT d."document"::jsonb = (SELECT x."document"::jsonb FROM crm_entity_documents($1, ARRAY[$2]::uuid[]) x) AS same FROM "EntityDocument" d WHERE d."entityId" = $2`,
          [ids.tenantId, ids.entityId],
        );
      expect(rows[0].same).toBe(true);
    }
  });

  it('a later transaction refreshes as usual (the deferral ends with the flush), and a failed one leaves the document as it was', async () => {
    const ids = await prospectKyc();
    await withTenant(ids.tenantId, (tx) => withDeferredEntityDocuments(tx, async () => {}));
    const next = await withTenant(ids.tenantId, async (tx) => {
      const before = await documentState(tx, ids);
      await scoreAndSubmit(tx, ids);
      const after = await documentState(tx, ids);
      return { ...after, writes: after.writes - before.writes };
    });
    expect(next).toEqual({ status: 'KycSubmitted', scores: ['12.50'], writes: 2 });

    const other = await prospectKyc();
    await expect(
      withTenant(other.tenantId, (tx) =>
        withDeferredEntityDocuments(tx, async () => {
          await scoreAndSubmit(tx, other);
          throw new Error('refused');
        }),
      ),
    ).rejects.toThrow('refused');
    const stored = await db
      .current()
      .pool.query(`SELECT ("document"::jsonb) -> 'kyc' ->> 'status' AS status FROM "EntityDocument" WHERE "entityId" = $1`, [other.entityId]);
    expect(stored.rows[0].status).toBe('KycPending');
  });
});
