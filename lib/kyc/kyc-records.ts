import { AppError } from '@/lib/core/errors';
import { RawJson } from '@/lib/core/raw-json';
import { prepared, sqlOf } from '@/lib/db/sql';
import { withTenant, type Tx } from '@/lib/db/tenant-tx';
import { writeAudit, type Actor } from '@/lib/audit/write-audit';
import { emitEvent } from '@/lib/jobs/outbox';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { KycOut } from './schemas';

export type KycRow = Prisma.KycGetPayload<object>;

/**
 * The KYC of the tenant, locked for the rest of the transaction (writes to one KYC are serialized):
 * one statement that locks the row and reads it. Like the other statements of a submission, a
 * prepared statement (lib/db/sql.ts `prepared`): parsed and planned once per pooled connection,
 * where an unnamed one was planned at every call (planning the submission's statements was ~2 ms
 * of PostgreSQL's time per submission).
 */
export async function lockKyc(tx: Tx, tenantId: string, kycId: string): Promise<KycRow> {
  const { rows: locked } = await sqlOf(tx).query<KycRow>(
    prepared(`SELECT "id"::text, "tenantId"::text, "entityId"::text, "flowId"::text, "classification"::text, "status"::text, "eddStatus"::text,
                     "qualifiedStatus"::text, "rmId"::text, "completedAt", "createdAt", "updatedAt"
                FROM "Kyc" WHERE "id" = $1::uuid AND "tenantId" = $2::uuid FOR UPDATE`),
    [kycId, tenantId],
  );
  if (!locked.length) throw AppError.notFound();
  return locked[0]!;
}

export async function findKyc(tx: Tx, tenantId: string, kycId: string): Promise<KycRow> {
  const kyc = await tx.kyc.findFirst({ where: { id: kycId, tenantId } });
  if (!kyc) throw AppError.notFound();
  return kyc;
}

/** The API's KYC object (crm_kyc_json: the same producer as the entity's `kyc`). */
export async function selectKycJson(tx: Tx, tenantId: string, entityId: string): Promise<string> {
  const rows = await tx.$queryRaw<{ json: string }[]>`SELECT crm_kyc_json(${tenantId}::uuid, ${entityId}::uuid)::text AS json`;
  return rows[0]!.json;
}

/** GET /kyc/{kycId}: `{data: Kyc}`. */
export async function getKyc({ tenantId, kycId }: { tenantId: string; kycId: string }): Promise<RawJson> {
  return withTenant(tenantId, async (tx) => {
    const kyc = await findKyc(tx, tenantId, kycId);
    return new RawJson(`{"data":${await selectKycJson(tx, tenantId, kyc.entityId)}}`);
  });
}

export async function getKycObject(tx: Tx, tenantId: string, entityId: string): Promise<KycOut> {
  return JSON.parse(await selectKycJson(tx, tenantId, entityId)) as KycOut;
}

type StatusPatch = Partial<Pick<KycRow, 'status' | 'eddStatus' | 'qualifiedStatus' | 'completedAt' | 'rmId'>>;

/**
 * Changes a KYC's statuses: the row (conditional on the statuses just read, so two concurrent
 * changes cannot both win), an audit row and a `KycStatusUpdate` event, in the caller's transaction.
 * Nothing is written when nothing changes.
 */
export async function changeKycStatus(
  tx: Tx,
  kyc: KycRow,
  patch: StatusPatch,
  context: { actor: Actor; requestId?: string; reason: string; details?: Record<string, unknown> },
): Promise<KycRow> {
  const keys = (['status', 'eddStatus', 'qualifiedStatus', 'completedAt', 'rmId'] as const).filter((k) => k in patch && patch[k] !== kyc[k]);
  if (!keys.length) return kyc;
  const updated = await tx.kyc.updateMany({
    where: { id: kyc.id, tenantId: kyc.tenantId, status: kyc.status, eddStatus: kyc.eddStatus, qualifiedStatus: kyc.qualifiedStatus },
    data: patch,
  });
  if (updated.count !== 1) throw new AppError('CONFLICT');
  const after = { ...kyc, ...patch };
  const pick = (row: KycRow) => ({ status: row.status, eddStatus: row.eddStatus, qualifiedStatus: row.qualifiedStatus });
  await writeAudit(tx, {
    tenantId: kyc.tenantId,
    actor: context.actor,
    action: `kyc.${context.reason}`,
    targetType: 'Kyc',
    targetId: kyc.id,
    before: pick(kyc),
    after: { ...pick(after), ...context.details },
    requestId: context.requestId,
  });
  const statusChanged = kyc.status !== after.status || kyc.eddStatus !== after.eddStatus || kyc.qualifiedStatus !== after.qualifiedStatus;
  if (statusChanged) {
    await emitEvent(tx, {
      tenantId: kyc.tenantId,
      type: 'KycStatusUpdate',
      data: { kycId: kyc.id, entityId: kyc.entityId, status: after.status, eddStatus: after.eddStatus, qualifiedStatus: after.qualifiedStatus },
    });
  }
  return after;
}

/** Statuses after which the Kyc, RiskAssessment and Suitability forms take no more answers. */
export const CLOSED_STATUSES: ReadonlySet<string> = new Set(['KycComplete', 'KycRejected']);

export interface OpenForm {
  id: string;
  type: string;
  updatedAt: Date;
  /** Edd and QualifiedInvestor: only these questions are open. */
  enabledQuestionIds: Set<string> | null;
}

/**
 * The forms open for submission for a KYC at its status (decisions.md): the Published Kyc,
 * RiskAssessment and Suitability forms of its flow until the KYC is complete (or rejected), plus the
 * Published Edd and QualifiedInvestor forms enabled for it, limited to their enabled questions.
 */
export async function openFormsOf(tx: Tx, kyc: KycRow): Promise<OpenForm[]> {
  if (!kyc.flowId) return [];
  // The flow's Published forms, each with the questions enabled for this KYC, in one statement.
  const { rows: forms } = await sqlOf(tx).query<{ id: string; type: string; updatedAt: Date; enabled: string[] }>(
    prepared(`SELECT f."id"::text, f."type"::text, f."updatedAt",
                     coalesce((SELECT array_agg(e."questionId"::text) FROM "KycEnabledQuestion" e
                                WHERE e."tenantId" = $1::uuid AND e."kycId" = $2::uuid AND e."formId" = f."id"), '{}') AS enabled
                FROM "KycForm" f
               WHERE f."tenantId" = $1::uuid AND f."flowId" = $3::uuid AND f."status" = 'Published'`),
    [kyc.tenantId, kyc.id, kyc.flowId],
  );
  const out: OpenForm[] = [];
  for (const { enabled, ...form } of forms) {
    if (form.type === 'Kyc' || form.type === 'RiskAssessment' || form.type === 'Suitability') {
      if (!CLOSED_STATUSES.has(kyc.status)) out.push({ ...form, enabledQuestionIds: null });
    } else if (form.type === 'Edd' || form.type === 'QualifiedInvestor') {
      const status = form.type === 'Edd' ? kyc.eddStatus : kyc.qualifiedStatus;
      const ids = new Set(enabled);
      if ((status === 'Pending' || status === 'Submitted') && ids.size) out.push({ ...form, enabledQuestionIds: ids });
    }
  }
  // Forms in the order a prospect fills them in.
  const order = ['Kyc', 'RiskAssessment', 'Suitability', 'Edd', 'QualifiedInvestor'];
  return out.sort((a, b) => order.indexOf(a.type) - order.indexOf(b.type));
}
