import { prepared, sqlOf } from '@/lib/db/sql';
import type { Tx } from '@/lib/db/tenant-tx';

/**
 * The entity's open screening matches for the KYC risk score (decisions.md, KYC: `localMatchCount`,
 * `publicMatchCount` and the `{category: "Case"}` override): open = the list entry is still listed
 * (not deprecated) and no officer decided FalsePositive (Unreviewed, PendingApproval and TruePositive
 * count). local = the tenant's Custom list; public = ListSourceA and ListSourceB; undecided = those no
 * officer has decided yet (Unreviewed, PendingApproval): a KYC is not approved over them. `caseIds` are the
 * cases holding them, oldest first. Runs in the caller's tenant transaction.
 */
export async function countOpenMatches({
  tx,
  tenantId,
  entityId,
}: {
  tx: Tx;
  tenantId: string;
  entityId: string;
}): Promise<{ local: number; public: number; undecided: number; caseIds: string[] }> {
  // Prepared (planned once per pooled connection): every KYC submission and review scores.
  const { rows } = await sqlOf(tx).query<{ local: number; public: number; undecided: number; caseIds: string[] | null }>(
    prepared(`SELECT count(*) FILTER (WHERE m.source = 'Custom')::int AS local,
                     count(*) FILTER (WHERE m.source IN ('ListSourceA', 'ListSourceB'))::int AS public,
                     count(*) FILTER (WHERE m.status IN ('Unreviewed', 'PendingApproval'))::int AS undecided,
                     (SELECT array_agg(c.id::text ORDER BY c."createdAt", c.id)
                        FROM "Case" c
                       WHERE c."tenantId" = $1::uuid
                         AND c.id IN (SELECT DISTINCT o."caseId" FROM "Match" o
                                       WHERE o."tenantId" = $1::uuid AND o."entityId" = $2::uuid
                                         AND o."deprecatedAt" IS NULL AND o.status <> 'FalsePositive')) AS "caseIds"
                FROM "Match" m
               WHERE m."tenantId" = $1::uuid AND m."entityId" = $2::uuid
                 AND m."deprecatedAt" IS NULL AND m.status <> 'FalsePositive'`),
    [tenantId, entityId],
  );
  const row = rows[0];
  return { local: row?.local ?? 0, public: row?.public ?? 0, undecided: row?.undecided ?? 0, caseIds: row?.caseIds ?? [] };
}
