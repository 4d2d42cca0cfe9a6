import { AppError } from '@/lib/core/errors';
import { withTenant } from '@/lib/db/tenant-tx';
import { allKycAgreements } from './agreements';
import { loadReviews, loadSubmissions, loadTrees } from './answers';
import { getKycObject, openFormsOf } from './kyc-records';
import { ENABLEABLE_FORM_TYPES, type AgreementOut, type FormOut, type KycOut } from './schemas';
import { z } from 'zod';
import type { reviewSchema, submissionSchema } from './schemas';

export interface KycDetails {
  kyc: KycOut;
  flow: { id: string; nameEn: string; nameAr: string } | null;
  /** Every form the KYC answered or may answer now (trees), by id. */
  forms: Record<string, FormOut>;
  /** Ids of the forms open for submission now. */
  openFormIds: string[];
  submissions: z.infer<typeof submissionSchema>[];
  reviews: z.infer<typeof reviewSchema>[];
  agreements: AgreementOut[];
  /** Published Edd and QualifiedInvestor forms of the flow, with the questions enabled for this KYC. */
  enableable: { formId: string; enabledQuestionIds: string[]; submitted: boolean }[];
}

/** Everything the officer's KYC tab shows for an entity (null for an entity without KYC: screening entities). */
export async function getKycDetails({ tenantId, entityId }: { tenantId: string; entityId: string }): Promise<KycDetails | null> {
  return withTenant(tenantId, async (tx) => {
    const kyc = await tx.kyc.findFirst({ where: { tenantId, entityId } });
    if (!kyc) {
      if (!(await tx.entity.findFirst({ where: { tenantId, id: entityId }, select: { id: true } }))) throw AppError.notFound();
      return null;
    }
    const [open, submissions, reviews, agreements, flow] = await Promise.all([
      openFormsOf(tx, kyc),
      loadSubmissions(tx, tenantId, { kycId: kyc.id }),
      loadReviews(tx, tenantId, { kycId: kyc.id }),
      allKycAgreements(tx, kyc),
      kyc.flowId ? tx.kycFlow.findFirst({ where: { tenantId, id: kyc.flowId }, select: { id: true, nameEn: true, nameAr: true } }) : null,
    ]);
    const enableableForms = kyc.flowId
      ? await tx.kycForm.findMany({
          where: { tenantId, flowId: kyc.flowId, status: 'Published', type: { in: [...ENABLEABLE_FORM_TYPES] as never } },
          select: { id: true },
        })
      : [];
    const enabled = await tx.kycEnabledQuestion.findMany({ where: { tenantId, kycId: kyc.id }, select: { formId: true, questionId: true } });
    const trees = await loadTrees(tx, tenantId, [...open.map((f) => f.id), ...submissions.map((s) => s.formId), ...enableableForms.map((f) => f.id)]);
    return {
      kyc: await getKycObject(tx, tenantId, entityId),
      flow,
      forms: Object.fromEntries([...trees].map(([id, t]) => [id, t.form])),
      openFormIds: open.map((f) => f.id),
      submissions,
      reviews,
      agreements,
      enableable: enableableForms.map((f) => ({
        formId: f.id,
        enabledQuestionIds: enabled.filter((e) => e.formId === f.id).map((e) => e.questionId),
        submitted: submissions.some((s) => s.formId === f.id),
      })),
    };
  });
}
