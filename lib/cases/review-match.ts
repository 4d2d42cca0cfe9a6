/**
 * The four-eyes review of a match (decisions.md): an officer (maker) proposes TruePositive or
 * FalsePositive with a comment (Unreviewed → PendingApproval); a different officer (checker) approves
 * it (→ the proposed status) or rejects it with a comment (→ Unreviewed). The same officer cannot be
 * both (403 FOUR_EYES_REQUIRED), whichever door the request comes through. A TruePositive of a client
 * may block the client at approval, through the client status change (its audit, e-mail and event).
 */
import { AppError, isAppError } from '@/lib/core/errors';
import { sqlOf } from '@/lib/db/sql';
import { withTenant, type Tx } from '@/lib/db/tenant-tx';
import { writeAudit, type Actor } from '@/lib/audit/write-audit';
import { updateClientStatus } from '@/lib/entities/update-client-status';
import { loadReviews, MATCH_COLUMNS, matchUserIds, toStoredMatch, type MatchRow } from './match-json';
import { emitMonitoredEntityUpdates } from './record-screening';
import { refreshCases, refreshEntityScreening } from './refresh';
import type { Decision, MatchStatus, StoredMatchOut } from './schemas';
import { loadUsers } from './users';

interface Target {
  tenantId: string;
  caseId: string;
  matchId: string;
  actor: Actor;
  requestId?: string;
}

type Answer = { data: StoredMatchOut; clientStatus: 'Active' | 'Blocked' | 'Deactivated' | 'Deceased' | null };

function officerOf(actor: Actor): string {
  // The review routes are officer sessions only; a review always names its officer.
  if (actor.type !== 'user' || !actor.id) throw new AppError('FORBIDDEN');
  return actor.id;
}

async function lockMatch(tx: Tx, { tenantId, caseId, matchId }: Target) {
  const rows = await tx.$queryRaw<
    { id: string; entityId: string; status: MatchStatus; proposedStatus: MatchStatus | null; proposedByUserId: string | null; deprecatedAt: Date | null }[]
  >`SELECT id, "entityId", status, "proposedStatus", "proposedByUserId", "deprecatedAt" FROM "Match"
     WHERE "tenantId" = ${tenantId}::uuid AND id = ${matchId}::uuid AND "caseId" = ${caseId}::uuid FOR UPDATE`;
  const match = rows[0];
  if (!match) throw AppError.notFound();
  if (match.deprecatedAt) throw new AppError('CONFLICT');
  return match;
}

async function afterReview(
  tx: Tx,
  t: Target,
  m: { entityId: string },
  userId: string,
  action: string,
  trail: { status: MatchStatus; proposedStatus: MatchStatus | null; comment: string | null },
) {
  await tx.matchReview.create({
    data: { tenantId: t.tenantId, matchId: t.matchId, action, status: trail.status, proposedStatus: trail.proposedStatus, comment: trail.comment, userId },
  });
  await refreshCases(tx, t.tenantId, [t.caseId]);
  await refreshEntityScreening(tx, t.tenantId, [m.entityId]);
  await writeAudit(tx, {
    tenantId: t.tenantId,
    actor: t.actor,
    action: `match.${action.toLowerCase()}`,
    targetType: 'Match',
    targetId: t.matchId,
    after: { caseId: t.caseId, entityId: m.entityId, ...trail },
    requestId: t.requestId,
  });
}

export async function proposeMatchDecision(t: Target & { decision: Decision; comment: string }): Promise<Answer> {
  const userId = officerOf(t.actor);
  await withTenant(t.tenantId, async (tx) => {
    const m = await lockMatch(tx, t);
    if (m.status !== 'Unreviewed') throw new AppError('INVALID_STATUS_TRANSITION');
    await tx.match.update({
      where: { id: t.matchId },
      data: { status: 'PendingApproval', proposedStatus: t.decision, proposedByUserId: userId, proposedAt: new Date(), comment: t.comment },
    });
    await tx.case.update({ where: { id: t.caseId }, data: { makerUserId: userId } });
    await afterReview(tx, t, m, userId, 'Proposed', { status: 'PendingApproval', proposedStatus: t.decision, comment: t.comment });
  });
  return { data: await readMatch(t), clientStatus: null };
}

export async function approveMatchDecision(
  t: Target & { comment?: string; blockClient?: { reason?: string; emailOptions?: { notify: boolean; language: 'en' | 'ar' } } },
): Promise<Answer> {
  const userId = officerOf(t.actor);
  const decided = await withTenant(t.tenantId, async (tx) => {
    const m = await lockMatch(tx, t);
    if (m.status !== 'PendingApproval' || !m.proposedStatus) throw new AppError('INVALID_STATUS_TRANSITION');
    if (m.proposedByUserId === userId) throw new AppError('FOUR_EYES_REQUIRED');
    const entity = await tx.entity.findFirstOrThrow({ where: { tenantId: t.tenantId, id: m.entityId }, select: { role: true, status: true, email: true } });
    if (t.blockClient) {
      if (m.proposedStatus !== 'TruePositive' || entity.role !== 'Client')
        throw AppError.validation('blockClient: only a TruePositive of a client can block it');
      if (t.blockClient.emailOptions?.notify && !entity.email)
        throw AppError.validation('blockClient.emailOptions.notify: the client has no e-mail address to notify');
    }
    await tx.match.update({
      where: { id: t.matchId },
      data: { status: m.proposedStatus, decidedByUserId: userId, decidedAt: new Date(), ...(t.comment ? { comment: t.comment } : {}) },
    });
    await tx.case.update({ where: { id: t.caseId }, data: { checkerUserId: userId } });
    await afterReview(tx, t, m, userId, 'Approved', { status: m.proposedStatus, proposedStatus: m.proposedStatus, comment: t.comment ?? null });
    await emitMonitoredEntityUpdates(tx, t.tenantId, [
      { entityId: m.entityId, matchId: t.matchId, caseId: t.caseId, change: 'Decided', status: m.proposedStatus, source: '' },
    ]);
    return { status: m.proposedStatus, entityStatus: entity.status };
  });
  let clientStatus: Answer['clientStatus'] = null;
  if (t.blockClient && decided.status === 'TruePositive') {
    clientStatus = decided.entityStatus;
    if (decided.entityStatus === 'Active') {
      try {
        clientStatus = (
          await updateClientStatus({
            tenantId: t.tenantId,
            entityId: (await readMatch(t)).entityId,
            status: 'Blocked',
            reason: t.blockClient.reason || `Confirmed watchlist match (case ${t.caseId})`,
            emailOptions: t.blockClient.emailOptions,
            actor: t.actor,
            requestId: t.requestId,
          })
        ).status;
      } catch (error) {
        // Changed meanwhile (e.g. blocked by someone else): the decision stands; report the status as it is.
        if (!isAppError(error, 'INVALID_STATUS_TRANSITION')) throw error;
      }
    }
  }
  return { data: await readMatch(t), clientStatus };
}

export async function rejectMatchProposal(t: Target & { comment: string }): Promise<Answer> {
  const userId = officerOf(t.actor);
  await withTenant(t.tenantId, async (tx) => {
    const m = await lockMatch(tx, t);
    if (m.status !== 'PendingApproval') throw new AppError('INVALID_STATUS_TRANSITION');
    if (m.proposedByUserId === userId) throw new AppError('FOUR_EYES_REQUIRED');
    await tx.match.update({
      where: { id: t.matchId },
      data: { status: 'Unreviewed', proposedStatus: null, proposedByUserId: null, proposedAt: null, comment: t.comment },
    });
    await afterReview(tx, t, m, userId, 'Rejected', { status: 'Unreviewed', proposedStatus: m.proposedStatus, comment: t.comment });
  });
  return { data: await readMatch(t), clientStatus: null };
}

/**
 * Assigns a case to an officer or administrator of the tenant (null: unassigned). A closed case
 * keeps the assignee it was closed with (409): there is no work left to hand over, and the audit
 * trail should show who held it at the decision.
 */
export async function assignCase({
  tenantId,
  caseId,
  assigneeUserId,
  actor,
  requestId,
}: {
  tenantId: string;
  caseId: string;
  assigneeUserId: string | null;
  actor: Actor;
  requestId?: string;
}) {
  await withTenant(tenantId, async (tx) => {
    const found = await tx.case.findFirst({ where: { tenantId, id: caseId }, select: { assigneeUserId: true, status: true } });
    if (!found) throw AppError.notFound();
    if (found.status === 'Closed') throw new AppError('CONFLICT', undefined, 'caseClosed');
    if (assigneeUserId) {
      const user = await tx.user.findFirst({ where: { id: assigneeUserId, tenantId, role: { in: ['admin', 'officer'] } }, select: { id: true } });
      const self = actor.type === 'user' && actor.id === assigneeUserId;
      if (!user && !self) throw AppError.validation('assigneeUserId: not an officer of this tenant');
    }
    await tx.case.update({ where: { id: caseId }, data: { assigneeUserId } });
    await writeAudit(tx, {
      tenantId,
      actor,
      action: 'case.assign',
      targetType: 'Case',
      targetId: caseId,
      before: { assigneeUserId: found.assigneeUserId },
      after: { assigneeUserId },
      requestId,
    });
  });
}

async function readMatch({ tenantId, matchId }: Target): Promise<StoredMatchOut> {
  const { row, reviews } = await withTenant(tenantId, async (tx) => {
    const { rows } = await sqlOf(tx).query<MatchRow>(
      `SELECT ${MATCH_COLUMNS} FROM "Match" m JOIN "WatchlistEntry" w ON w.id = m."watchlistEntryId" WHERE m."tenantId" = $1::uuid AND m.id = $2::uuid`,
      [tenantId, matchId],
    );
    return { row: rows[0]!, reviews: await loadReviews(tx, tenantId, [matchId]) };
  });
  const users = await loadUsers(matchUserIds([row], reviews));
  return toStoredMatch(row, users, reviews.get(matchId));
}
