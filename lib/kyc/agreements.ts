import { AppError } from '@/lib/core/errors';
import { formatTimestamp } from '@/lib/core/format';
import { buildMeta, pageOf, type PageQuery } from '@/lib/core/pagination';
import { withTenant, type Tx } from '@/lib/db/tenant-tx';
import { writeAudit, type Actor } from '@/lib/audit/write-audit';
import { attachmentsJson } from './answers';
import { findKyc, type KycRow } from './kyc-records';
import type { AgreementOut } from './schemas';

const agreementsWhere = (kyc: KycRow) => ({
  tenantId: kyc.tenantId,
  flowId: kyc.flowId ?? '00000000-0000-0000-0000-000000000000',
  classification: kyc.classification,
});

async function agreementsOut(tx: Tx, kyc: KycRow, rows: Awaited<ReturnType<Tx['kycAgreement']['findMany']>>): Promise<AgreementOut[]> {
  const signatures = await tx.kycAgreementSignature.findMany({ where: { tenantId: kyc.tenantId, kycId: kyc.id, agreementId: { in: rows.map((r) => r.id) } } });
  const attachments = await attachmentsJson(
    tx,
    kyc.tenantId,
    signatures.map((s) => s.attachmentId),
  );
  return rows.map((a) => {
    const signature = signatures.find((s) => s.agreementId === a.id);
    return {
      id: a.id,
      createdAt: formatTimestamp(a.createdAt),
      updatedAt: formatTimestamp(a.updatedAt),
      titleEn: a.titleEn,
      titleAr: a.titleAr,
      bodyEn: a.bodyEn,
      bodyAr: a.bodyAr,
      type: a.type as AgreementOut['type'],
      classification: a.classification,
      flowId: a.flowId,
      signature: signature
        ? {
            id: signature.id,
            createdAt: formatTimestamp(signature.createdAt),
            updatedAt: formatTimestamp(signature.updatedAt),
            attachment: attachments.get(signature.attachmentId)!,
          }
        : null,
    };
  });
}

/** GET /kyc/{kycId}/agreements: the agreements of the KYC's flow and classification, each with its signature or null. */
export async function listKycAgreements({ tenantId, kycId, page }: { tenantId: string; kycId: string; page: PageQuery }) {
  return withTenant(tenantId, async (tx) => {
    const kyc = await findKyc(tx, tenantId, kycId);
    const where = agreementsWhere(kyc);
    const [rows, total] = await Promise.all([
      tx.kycAgreement.findMany({ where, orderBy: [{ sortOrder: 'asc' }, { id: 'asc' }], ...pageOf(page) }),
      tx.kycAgreement.count({ where }),
    ]);
    return { meta: buildMeta(page, total), data: await agreementsOut(tx, kyc, rows) };
  });
}

/**
 * PUT /kyc/{kycId}/agreements/{agreementId}/signature (ours): records the signed copy (an attachment
 * of the tenant) of one of the KYC's agreements; signing again replaces the copy. Audited.
 */
export async function signKycAgreement({
  tenantId,
  kycId,
  agreementId,
  attachmentId,
  actor,
  requestId,
}: {
  tenantId: string;
  kycId: string;
  agreementId: string;
  attachmentId: string;
  actor: Actor;
  requestId?: string;
}) {
  return withTenant(tenantId, async (tx) => {
    const kyc = await findKyc(tx, tenantId, kycId);
    const agreement = await tx.kycAgreement.findFirst({ where: { id: agreementId, ...agreementsWhere(kyc) } });
    if (!agreement) throw AppError.notFound();
    if (!(await tx.attachment.findFirst({ where: { id: attachmentId, tenantId }, select: { id: true } }))) throw AppError.notFound();
    const before = await tx.kycAgreementSignature.findUnique({ where: { kycId_agreementId: { kycId, agreementId } } });
    await tx.kycAgreementSignature.upsert({
      where: { kycId_agreementId: { kycId, agreementId } },
      create: { tenantId, kycId, agreementId, attachmentId },
      update: { attachmentId },
    });
    await writeAudit(tx, {
      tenantId,
      actor,
      action: 'kyc.agreement.sign',
      targetType: 'Kyc',
      targetId: kycId,
      before: before ? { agreementId, attachmentId: before.attachmentId } : null,
      after: { agreementId, attachmentId },
      requestId,
    });
    return { data: (await agreementsOut(tx, kyc, [agreement]))[0]! };
  });
}

/** Every agreement of a KYC with its signature (the officer's KYC tab). */
export async function allKycAgreements(tx: Tx, kyc: KycRow): Promise<AgreementOut[]> {
  const rows = await tx.kycAgreement.findMany({ where: agreementsWhere(kyc), orderBy: [{ sortOrder: 'asc' }, { id: 'asc' }] });
  return agreementsOut(tx, kyc, rows);
}
