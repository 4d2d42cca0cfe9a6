import { sqlOf } from '@/lib/db/sql';
import { withTenant } from '@/lib/db/tenant-tx';

export interface WorklistCounts {
  /** Entities with an identity whose verification is Pending (GET /entities?worklist=pendingIdentity). */
  pendingIdentityVerifications: number;
  /** Entities with an identity that expires within 30 days, today included (worklist=expiringIdentity). */
  expiringIdentities: number;
  /** Entities whose KYC awaits an officer's decision (worklist=kycReview): submitted, awaiting its second review, or an Edd / QualifiedInvestor form submitted. */
  pendingKycReviews: number;
  /** Manual bank accounts waiting for an officer's review (the review queue). */
  pendingBankAccountReviews: number;
  /** Relationships waiting for the related party's approval (the approvals page). */
  pendingRelationshipApprovals: number;
  /** Screening cases (watchlist matches) not closed yet (GET /cases?kind=Screening). */
  openScreeningCases: number;
  /** Transaction-monitoring cases not closed yet (GET /cases?kind=TransactionMonitoring). */
  openMonitoringCases: number;
  /** Transaction alerts still Open (the alert queue's default view). */
  openAlerts: number;
}

/** The signed-in officer's own queue: what is assigned to them and still open. */
export interface MyWorkCounts {
  /** Cases assigned to the user and not closed (GET /cases?assignee=me, whose default status is `open`). */
  myOpenCases: number;
  /** Transaction alerts assigned to the user and still Open (GET /alerts?assignee=me&status=Open). */
  myOpenAlerts: number;
}

export async function getMyWorkCounts({ tenantId, userId }: { tenantId: string; userId: string }): Promise<MyWorkCounts> {
  return withTenant(tenantId, async (tx) => ({
    myOpenCases: await tx.case.count({ where: { tenantId, assigneeUserId: userId, status: { not: 'Closed' } } }),
    myOpenAlerts: await tx.transactionAlert.count({ where: { tenantId, assigneeUserId: userId, status: 'Open' } }),
  }));
}

/**
 * The dashboard's worklists, counted the way their lists select (the entity counts are distinct
 * entities, like the filtered entity list's total, so a count and its list always agree).
 */
export async function getWorklistCounts({ tenantId }: { tenantId: string }): Promise<WorklistCounts> {
  return withTenant(tenantId, async (tx) => {
    const { rows } = await sqlOf(tx).query<{ pending: bigint; expiring: bigint; kyc: bigint }>(
      `SELECT (SELECT count(DISTINCT i."entityId") FROM "IdentityVerification" v JOIN "Identity" i ON i."id" = v."identityId"
                WHERE v."tenantId" = $1::uuid AND v."status" = 'Pending' AND i."tenantId" = $1::uuid) AS pending,
              (SELECT count(DISTINCT i."entityId") FROM "Identity" i
                WHERE i."tenantId" = $1::uuid AND i."expiresAt" >= current_date AND i."expiresAt" <= current_date + 30) AS expiring,
              (SELECT count(*) FROM "Kyc" k
                WHERE k."tenantId" = $1::uuid
                  AND (k."status" IN ('KycSubmitted', 'KycUnderReview') OR k."eddStatus" = 'Submitted' OR k."qualifiedStatus" = 'Submitted')) AS kyc`,
      [tenantId],
    );
    const row = rows[0];
    const pendingBankAccountReviews = await tx.bankAccount.count({ where: { tenantId, source: 'Manual', verificationStatus: 'PendingReview' } });
    const pendingRelationshipApprovals = await tx.relationship.count({ where: { tenantId, approvalStatus: 'PendingTargetApproval' } });
    const openCases = await tx.case.groupBy({ by: ['kind'], where: { tenantId, status: { not: 'Closed' } }, _count: { _all: true } });
    const openOfKind = (kind: string) => openCases.find((c) => c.kind === kind)?._count._all ?? 0;
    const openAlerts = await tx.transactionAlert.count({ where: { tenantId, status: 'Open' } });
    return {
      pendingIdentityVerifications: Number(row?.pending ?? 0),
      expiringIdentities: Number(row?.expiring ?? 0),
      pendingKycReviews: Number(row?.kyc ?? 0),
      pendingBankAccountReviews,
      pendingRelationshipApprovals,
      openScreeningCases: openOfKind('Screening'),
      openMonitoringCases: openOfKind('TransactionMonitoring'),
      openAlerts,
    };
  });
}
