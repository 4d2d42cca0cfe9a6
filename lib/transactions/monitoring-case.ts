/**
 * Transaction-monitoring cases: their alerts, notes and maker-checker trail (read into GET
 * /cases/{caseId}), the disposition (a maker proposes FalsePositive | TruePositive | Reported with a
 * comment; a different officer approves or rejects; the same officer is 403 FOUR_EYES_REQUIRED,
 * whichever door), notes, alert assignment, and the STR draft a Reported case creates.
 * Flow: Pending → InReview (a note, an assignment or a rejected proposal) → PendingApproval → Closed.
 */
import { AppError } from '@/lib/core/errors';
import { formatIso, formatTimestamp } from '@/lib/core/format';
import { sqlOf, type SqlQueryable } from '@/lib/db/sql';
import { withTenant, type Tx } from '@/lib/db/tenant-tx';
import { writeAudit, type Actor } from '@/lib/audit/write-audit';
import { loadUsers } from '@/lib/cases/users';
import { refreshEntityScreening } from '@/lib/cases/refresh';
import { alertUserIds, noteOut, readAlerts, toAlerts } from './transaction-json';
import type { AlertOut } from './schemas';

type Disposition = 'FalsePositive' | 'TruePositive' | 'Reported';

interface CaseLock {
  id: string;
  kind: string;
  status: 'Pending' | 'InReview' | 'PendingApproval' | 'Closed';
  makerUserId: string | null;
  entityId: string;
}

function officerOf(actor: Actor): string {
  if (actor.type !== 'user' || !actor.id) throw new AppError('FORBIDDEN');
  return actor.id;
}

async function lockCase(db: SqlQueryable, tenantId: string, caseId: string): Promise<CaseLock> {
  const row = (
    await db.query<CaseLock>(`SELECT id, kind, status, "makerUserId", "entityId" FROM "Case" WHERE "tenantId" = $1::uuid AND id = $2::uuid FOR UPDATE`, [
      tenantId,
      caseId,
    ])
  ).rows[0];
  if (!row) throw AppError.notFound();
  if (row.kind !== 'TransactionMonitoring') throw new AppError('CONFLICT');
  return row;
}

export async function loadMonitoringParts({ tenantId, caseId }: { tenantId: string; caseId: string }) {
  const { alerts, notes, decisions, str } = await withTenant(tenantId, async (tx) => {
    const db = sqlOf(tx);
    const alerts = await readAlerts(db, tenantId, `a."caseId" = $2::uuid`, [caseId]);
    const notes = await db.query(
      `SELECT id, "createdAt", "updatedAt", "caseId", "alertId", title, description, "userId" FROM "CaseNote" WHERE "tenantId" = $1::uuid AND "caseId" = $2::uuid ORDER BY "createdAt", id`,
      [tenantId, caseId],
    );
    const decisions = await db.query<{
      id: string;
      createdAt: Date;
      action: 'Proposed' | 'Approved' | 'Rejected';
      disposition: Disposition;
      comment: string | null;
      userId: string;
    }>(
      `SELECT id, "createdAt", action, disposition, comment, "userId" FROM "CaseDecision" WHERE "tenantId" = $1::uuid AND "caseId" = $2::uuid ORDER BY "createdAt", id`,
      [tenantId, caseId],
    );
    const str = await db.query(
      `SELECT id, "createdAt", "updatedAt", status, "attachmentId", "transactionId", "caseId" FROM "StrReport" WHERE "tenantId" = $1::uuid AND "caseId" = $2::uuid`,
      [tenantId, caseId],
    );
    return { alerts, notes: notes.rows, decisions: decisions.rows, str: str.rows[0] };
  });
  const users = await loadUsers([...alertUserIds(alerts), ...notes.map((n) => n.userId), ...decisions.map((d) => d.userId)].filter((id): id is string => !!id));
  const status = await withTenant(tenantId, (tx) => tx.case.findFirst({ where: { tenantId, id: caseId }, select: { status: true } }));
  const lastProposal = [...decisions].reverse().find((d) => d.action === 'Proposed');
  const lastAny = decisions.at(-1);
  return {
    transactionAlerts: toAlerts(alerts, users) as AlertOut[],
    proposedDisposition: status?.status === 'PendingApproval' && lastAny?.action === 'Proposed' ? (lastProposal?.disposition ?? null) : null,
    decisions: decisions.map((d) => ({
      id: d.id,
      createdAt: formatTimestamp(d.createdAt),
      action: d.action,
      disposition: d.disposition,
      comment: d.comment,
      user: users.get(d.userId) ?? null,
    })),
    notes: notes.map((n) => noteOut(n, users)),
    strReport: str
      ? {
          id: str.id,
          createdAt: formatTimestamp(str.createdAt),
          updatedAt: formatTimestamp(str.updatedAt),
          status: str.status,
          attachmentId: str.attachmentId,
          transactionId: str.transactionId,
          caseId: str.caseId,
        }
      : null,
  };
}

async function setReviewStatus(db: SqlQueryable, tenantId: string, caseId: string, reviewStatus: string) {
  await db.query(
    `UPDATE "Transaction" t SET "reviewStatus" = $3::"TransactionReviewStatus", "updatedAt" = now()
      WHERE t."tenantId" = $1::uuid AND t.id IN (SELECT unnest(a."transactionIds") FROM "TransactionAlert" a WHERE a."tenantId" = $1::uuid AND a."caseId" = $2::uuid)`,
    [tenantId, caseId, reviewStatus],
  );
}

export async function proposeDisposition(args: {
  tenantId: string;
  caseId: string;
  disposition: Disposition;
  comment: string;
  actor: Actor;
  requestId?: string;
}) {
  const userId = officerOf(args.actor);
  const { tenantId, caseId } = args;
  await withTenant(tenantId, async (tx) => {
    const db = sqlOf(tx);
    const c = await lockCase(db, tenantId, caseId);
    if (c.status === 'Closed' || c.status === 'PendingApproval') throw new AppError('INVALID_STATUS_TRANSITION');
    await db.query(
      `UPDATE "Case" SET status = 'PendingApproval', "makerUserId" = $3::uuid, "checkerUserId" = NULL, "updatedAt" = now() WHERE "tenantId" = $1::uuid AND id = $2::uuid`,
      [tenantId, caseId, userId],
    );
    await tx.caseDecision.create({ data: { tenantId, caseId, action: 'Proposed', disposition: args.disposition, comment: args.comment, userId } });
    await setReviewStatus(db, tenantId, caseId, 'UnderReview');
    await writeAudit(tx, {
      tenantId,
      actor: args.actor,
      action: 'case.dispositionProposed',
      targetType: 'Case',
      targetId: caseId,
      before: { status: c.status },
      after: { status: 'PendingApproval', proposedDisposition: args.disposition, comment: args.comment },
      requestId: args.requestId,
    });
  });
}

const REVIEW_STATUS: Record<Disposition, string> = { FalsePositive: 'Cleared', TruePositive: 'Escalated', Reported: 'Reported' };

export async function decideDisposition(args: { tenantId: string; caseId: string; approve: boolean; comment?: string; actor: Actor; requestId?: string }) {
  const userId = officerOf(args.actor);
  const { tenantId, caseId } = args;
  await withTenant(tenantId, async (tx) => {
    const db = sqlOf(tx);
    const c = await lockCase(db, tenantId, caseId);
    if (c.status !== 'PendingApproval') throw new AppError('INVALID_STATUS_TRANSITION');
    if (c.makerUserId === userId) throw new AppError('FOUR_EYES_REQUIRED');
    const proposal = await tx.caseDecision.findFirst({ where: { tenantId, caseId, action: 'Proposed' }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
    if (!proposal) throw new AppError('INVALID_STATUS_TRANSITION');
    const disposition = proposal.disposition as Disposition;
    await tx.caseDecision.create({
      data: { tenantId, caseId, action: args.approve ? 'Approved' : 'Rejected', disposition, comment: args.comment ?? null, userId },
    });
    if (!args.approve) {
      await db.query(`UPDATE "Case" SET status = 'InReview', "makerUserId" = NULL, "updatedAt" = now() WHERE "tenantId" = $1::uuid AND id = $2::uuid`, [
        tenantId,
        caseId,
      ]);
      await writeAudit(tx, {
        tenantId,
        actor: args.actor,
        action: 'case.dispositionRejected',
        targetType: 'Case',
        targetId: caseId,
        before: { status: 'PendingApproval', proposedDisposition: disposition },
        after: { status: 'InReview', comment: args.comment },
        requestId: args.requestId,
      });
      return;
    }
    await db.query(
      `UPDATE "Case" SET status = 'Closed', disposition = $3::"CaseDisposition", "checkerUserId" = $4::uuid, "closedAt" = now(), "updatedAt" = now() WHERE "tenantId" = $1::uuid AND id = $2::uuid`,
      [tenantId, caseId, disposition, userId],
    );
    await db.query(
      `UPDATE "TransactionAlert" SET status = 'Closed', "isCorrect" = $3, "dispositionAt" = now(), "dispositionByUserId" = $4::uuid, "updatedAt" = now()
        WHERE "tenantId" = $1::uuid AND "caseId" = $2::uuid`,
      [tenantId, caseId, disposition !== 'FalsePositive', userId],
    );
    await setReviewStatus(db, tenantId, caseId, REVIEW_STATUS[disposition]);
    // The entity is no longer under review unless another case is open (caseCount keeps counting the closed case).
    await refreshEntityScreening(tx, tenantId, [c.entityId]);
    let strReportId: string | null = null;
    if (disposition === 'Reported')
      strReportId = await createStrDraft(tx, db, { tenantId, caseId, entityId: c.entityId, makerUserId: c.makerUserId, checkerUserId: userId, proposal });
    await writeAudit(tx, {
      tenantId,
      actor: args.actor,
      action: 'case.dispositionApproved',
      targetType: 'Case',
      targetId: caseId,
      before: { status: 'PendingApproval', makerUserId: c.makerUserId },
      after: { status: 'Closed', disposition, checkerUserId: userId, strReportId },
      requestId: args.requestId,
    });
  });
}

/** The case's facts as they stand at approval: what the report says even if records change later. */
async function createStrDraft(
  tx: Tx,
  db: SqlQueryable,
  p: {
    tenantId: string;
    caseId: string;
    entityId: string;
    makerUserId: string | null;
    checkerUserId: string;
    proposal: { comment: string | null; createdAt: Date };
  },
): Promise<string> {
  const entity = (
    await db.query(
      `SELECT e.id, e."crmId", e.type::text AS type, e."nameEn", e."nameAr", e."nationalityCode", e.dob, e.email,
              (SELECT json_agg(json_build_object('type', i.type, 'number', i.number)) FROM "Identity" i WHERE i."tenantId" = e."tenantId" AND i."entityId" = e.id) AS identities
         FROM "Entity" e WHERE e."tenantId" = $1::uuid AND e.id = $2::uuid`,
      [p.tenantId, p.entityId],
    )
  ).rows[0];
  const alerts = (
    await db.query<{
      id: string;
      createdAt: Date;
      severity: string;
      reasonEn: string;
      ruleSnapshot: { code?: string; version?: number } | null;
      transactionIds: string[];
    }>(
      `SELECT id, "createdAt", severity, "reasonEn", "ruleSnapshot", "transactionIds"::text[] AS "transactionIds" FROM "TransactionAlert" WHERE "tenantId" = $1::uuid AND "caseId" = $2::uuid ORDER BY "createdAt", id`,
      [p.tenantId, p.caseId],
    )
  ).rows;
  const txIds = [...new Set(alerts.flatMap((a) => a.transactionIds))];
  const txs = (
    await db.query(
      `SELECT id, "externalRef", "transactionDate", amount::text AS amount, currency, "currencyCode", direction, status, source, target, "sourceCountry", "targetCountry"
         FROM "Transaction" WHERE "tenantId" = $1::uuid AND id = ANY($2::uuid[]) ORDER BY "transactionDate", id`,
      [p.tenantId, txIds],
    )
  ).rows;
  const facts = {
    caseId: p.caseId,
    entity: { ...entity, dob: entity?.dob ? formatIso(entity.dob)!.slice(0, 10) : null },
    alerts: alerts.map((a) => ({
      id: a.id,
      createdAt: formatTimestamp(a.createdAt),
      severity: a.severity,
      rule: a.ruleSnapshot?.code ?? null,
      ruleVersion: a.ruleSnapshot?.version ?? null,
      reason: a.reasonEn,
    })),
    transactions: txs.map((t) => ({ ...t, transactionDate: formatIso(t.transactionDate) })),
    decision: {
      makerUserId: p.makerUserId,
      checkerUserId: p.checkerUserId,
      reason: p.proposal.comment,
      proposedAt: formatIso(p.proposal.createdAt),
      approvedAt: formatIso(new Date()),
    },
  };
  const str = await tx.strReport.create({ data: { tenantId: p.tenantId, caseId: p.caseId, transactionId: alerts[0]?.transactionIds[0] ?? null, facts } });
  return str.id;
}

export async function addCaseNote(args: {
  tenantId: string;
  caseId: string;
  title: string;
  description: string;
  alertId?: string;
  actor: Actor;
  requestId?: string;
}) {
  const { tenantId, caseId } = args;
  const userId = args.actor.type === 'user' ? (args.actor.id ?? null) : null;
  const note = await withTenant(tenantId, async (tx) => {
    const db = sqlOf(tx);
    const c = await lockCase(db, tenantId, caseId);
    if (args.alertId && !(await tx.transactionAlert.findFirst({ where: { tenantId, caseId, id: args.alertId }, select: { id: true } })))
      throw AppError.notFound();
    const note = await tx.caseNote.create({
      data: { tenantId, caseId, alertId: args.alertId ?? null, title: args.title, description: args.description, userId },
    });
    if (c.status === 'Pending')
      await db.query(`UPDATE "Case" SET status = 'InReview', "updatedAt" = now() WHERE "tenantId" = $1::uuid AND id = $2::uuid`, [tenantId, caseId]);
    await writeAudit(tx, {
      tenantId,
      actor: args.actor,
      action: 'case.noteAdded',
      targetType: 'Case',
      targetId: caseId,
      after: { noteId: note.id, title: note.title },
      requestId: args.requestId,
    });
    return note;
  });
  const users = await loadUsers(userId ? [userId] : []);
  return { data: noteOut(note, users) };
}

export async function assignAlerts(args: { tenantId: string; alertIds: string[]; assigneeUserId: string | null; actor: Actor; requestId?: string }) {
  const { tenantId } = args;
  if (args.assigneeUserId) {
    const users = await loadUsers([args.assigneeUserId]);
    const user = users.get(args.assigneeUserId);
    // Only officers and administrators of this tenant (or platform administrators) can be assigned.
    const member = await withTenant(tenantId, (tx) => tx.user.findFirst({ where: { id: args.assigneeUserId!, tenantId }, select: { id: true } }));
    if (!user || (!member && user.roleId !== 'admin') || user.roleId === 'rm') throw AppError.notFound();
  }
  return withTenant(tenantId, async (tx) => {
    const db = sqlOf(tx);
    // A closed alert keeps the officer who handled it (the case's decision names them).
    const chosen = await db.query<{ status: string }>(`SELECT status FROM "TransactionAlert" WHERE "tenantId" = $1::uuid AND id = ANY($2::uuid[]) FOR UPDATE`, [
      tenantId,
      args.alertIds,
    ]);
    if (chosen.rows.length === new Set(args.alertIds).size && chosen.rows.some((r) => r.status === 'Closed'))
      throw new AppError('CONFLICT', undefined, 'alertClosed');
    const updated = await db.query<{ id: string; caseId: string }>(
      `UPDATE "TransactionAlert" SET "assigneeUserId" = $3::uuid, "updatedAt" = now() WHERE "tenantId" = $1::uuid AND id = ANY($2::uuid[]) RETURNING id, "caseId"`,
      [tenantId, args.alertIds, args.assigneeUserId],
    );
    if (updated.rows.length !== new Set(args.alertIds).size) throw AppError.notFound();
    const caseIds = [...new Set(updated.rows.map((r) => r.caseId))];
    await db.query(`UPDATE "Case" SET status = 'InReview', "updatedAt" = now() WHERE "tenantId" = $1::uuid AND id = ANY($2::uuid[]) AND status = 'Pending'`, [
      tenantId,
      caseIds,
    ]);
    await writeAudit(tx, {
      tenantId,
      actor: args.actor,
      action: 'transactionAlert.assign',
      targetType: 'TransactionAlert',
      targetId: null,
      after: { alertIds: args.alertIds, assigneeUserId: args.assigneeUserId },
      requestId: args.requestId,
    });
    return { data: { updated: updated.rows.length } };
  });
}

export async function getStrFacts({ tenantId, caseId }: { tenantId: string; caseId: string }) {
  const row = await withTenant(tenantId, (tx) => tx.strReport.findFirst({ where: { tenantId, caseId } }));
  if (!row) throw AppError.notFound();
  const tenant = await withTenant(tenantId, (tx) => tx.tenant.findFirst({ where: { id: tenantId }, select: { slug: true, nameEn: true } }));
  return { report: row, facts: row.facts as unknown as StrFacts, tenant: tenant ?? { slug: '', nameEn: '' } };
}

export interface StrFacts {
  caseId: string;
  entity: Record<string, unknown> & { id: string; nameEn: string | null; nameAr: string | null; identities: { type: string; number: string }[] | null };
  alerts: { id: string; createdAt: string; severity: string; rule: string | null; ruleVersion: number | null; reason: string }[];
  transactions: {
    id: string;
    externalRef: string;
    transactionDate: string;
    amount: string;
    currencyCode: string;
    direction: string;
    source: { method: string; iban?: string; vIban?: string };
    target: { method: string; iban?: string; vIban?: string };
    sourceCountry: string | null;
    targetCountry: string | null;
  }[];
  decision: { makerUserId: string | null; checkerUserId: string; reason: string | null; proposedAt: string; approvedAt: string };
}
