import crypto from 'node:crypto';
import { AppError } from '@/lib/core/errors';
import { prepared, sqlOf } from '@/lib/db/sql';
import { withTenant } from '@/lib/db/tenant-tx';
import { withDeferredEntityDocuments } from '@/lib/db/entity-documents';
import { writeAudit, type Actor } from '@/lib/audit/write-audit';
import { attachmentsJson, indexTree, submissionEnvelopeJson, submissionOut } from './answers';
import { loadFormTree } from './form-tree';
import { BASE_FORM_TYPES, SINGLE_SUBMISSION_TYPES, type FormOut, type SubmissionInput } from './schemas';

type FormType = FormOut['type'];
import { changeKycStatus, lockKyc, openFormsOf } from './kyc-records';
import { scoreKyc } from './score-kyc';
import { checkAnswers } from './validate-answers';

/**
 * POST /kyc/{kycId}/forms/{formId}/submissions (ours, decisions.md): stores a submission of an open
 * form, then scores the KYC again from its stored answers (a new score row) and moves its status:
 * - the last of the flow's Published Kyc/RiskAssessment/Suitability forms submitted: KycPending → KycSubmitted;
 * - new answers while a High-risk KYC waits for its second review: KycUnderReview → KycSubmitted
 *   (the first approval was of an older score, so the review starts again);
 * - an Edd or QualifiedInvestor form: eddStatus / qualifiedStatus → Submitted.
 * Errors: 404 (KYC, form), 400 naming `answers.N.<field>`, 409 ALREADY_SUBMITTED (a second
 * submission of a single-submission form) or FORM_NOT_OPEN.
 */
export async function submitKycForm({
  tenantId,
  kycId,
  formId,
  input,
  actor,
  requestId,
}: {
  tenantId: string;
  kycId: string;
  formId: string;
  input: SubmissionInput;
  actor: Actor;
  requestId?: string;
}) {
  return withTenant(tenantId, async (tx) => {
    let kyc = await lockKyc(tx, tenantId, kycId);
    // The form and how many times this KYC has submitted it, in one statement.
    const sql = sqlOf(tx);
    const {
      rows: [form],
    } = await sql.query<{ id: string; type: FormType; updatedAt: Date; previous: number }>(
      prepared(`SELECT f."id"::text, f."type"::text, f."updatedAt",
                       (SELECT count(*)::int FROM "KycSubmission" s WHERE s."tenantId" = $1::uuid AND s."kycId" = $2::uuid AND s."formId" = f."id") AS previous
                  FROM "KycForm" f WHERE f."id" = $3::uuid AND f."tenantId" = $1::uuid`),
      [tenantId, kycId, formId],
    );
    if (!form) throw AppError.notFound();
    const previous = form.previous;
    const tree = indexTree((await loadFormTree(tx, tenantId, formId, form.updatedAt)).form);
    const openForms = await openFormsOf(tx, kyc);
    const open = openForms.find((f) => f.id === formId);

    const { checked, problems } = checkAnswers(tree, input.answers, open?.enabledQuestionIds ?? null);
    const attachmentIds = [...new Set(checked.flatMap((a) => a.attachmentIds))];
    if (attachmentIds.length) {
      const found = new Set((await tx.attachment.findMany({ where: { tenantId, id: { in: attachmentIds } }, select: { id: true } })).map((a) => a.id));
      input.answers.forEach((answer, n) =>
        (answer.attachmentIds ?? []).forEach((id, m) => {
          if (!found.has(id)) problems.push(`answers.${n}.attachmentIds.${m}: not an attachment of this tenant`);
        }),
      );
    }
    if (problems.length) throw AppError.validation(...problems);

    if (SINGLE_SUBMISSION_TYPES.has(form.type) && previous > 0) throw new AppError('ALREADY_SUBMITTED');
    if (!open) throw new AppError('FORM_NOT_OPEN');

    const submissionId = crypto.randomUUID();
    const now = new Date();
    let submission = {
      id: submissionId as string,
      createdAt: now,
      updatedAt: now,
      submittedAt: now,
      attempt: previous + 1,
      formId,
      suitabilityScore: null as { toString(): string } | null,
      suitabilitySucceeded: null as boolean | null,
    };
    const answerIds = checked.map(() => crypto.randomUUID());
    // Each answer's chosen options travel on its own row (KycAnswer.chosenOptions; the trigger
    // crm_kyc_answer_options_check verifies each is an option of the answer's question).
    const chosen = checked.map((a) =>
      a.optionIds.map((optionId) => ({ id: crypto.randomUUID() as string, optionId, additionalInfo: a.additionalInfo.get(optionId) ?? null })),
    );
    // The submission and its answers in one statement whatever the number of answers (a 200-question
    // form is 200 answer rows): the rows travel as one JSON parameter (one value for the driver,
    // expanded by json_to_recordset), the tenant id bound like every other value. Foreign keys are
    // checked at the end of the statement, when the submission the answers reference is there. The
    // same statement begins deferring the entity document's refresh (these tables are not part of
    // it): the new score and the status change below each change the document (it embeds the KYC),
    // which is rebuilt once, after both.
    await tx.$executeRawUnsafe(
      prepared(`WITH s AS (
         INSERT INTO "KycSubmission" ("id", "tenantId", "kycId", "formId", "attempt", "submittedAt", "createdAt", "updatedAt")
         VALUES ($3::uuid, $1::uuid, $2::uuid, $4::uuid, $5::int, $6::timestamptz, $6::timestamptz, $6::timestamptz)
       ), a AS (
         INSERT INTO "KycAnswer" ("id", "tenantId", "kycId", "submissionId", "questionId", "openAnswer", "chosenOptions", "createdAt", "updatedAt")
         SELECT a.id, $1::uuid, $2::uuid, $3::uuid, a.question, a.open, a.chosen, $6::timestamptz, $6::timestamptz
           FROM json_to_recordset($7::json) AS a(id uuid, question uuid, open text, chosen jsonb)
       )
       SELECT crm_defer_entity_documents()`),
      tenantId,
      kycId,
      submissionId,
      formId,
      previous + 1,
      now.toISOString(),
      JSON.stringify(checked.map((a, i) => ({ id: answerIds[i], question: a.questionId, open: a.openAnswer ?? null, chosen: chosen[i] }))),
    );
    const files = checked.flatMap((a, i) => a.attachmentIds.map((attachmentId, position) => ({ tenantId, answerId: answerIds[i]!, attachmentId, position })));
    if (files.length) await tx.kycAnswerAttachment.createMany({ data: files });

    const score = await withDeferredEntityDocuments(
      tx,
      async () => {
        const scored = await scoreKyc(tx, kyc, { submissionId, reason: 'Default', known: { id: submissionId, formId, tree, answers: checked } });
        if (form.type === 'Suitability') {
          const updated = await tx.kycSubmission.update({
            where: { id: submissionId },
            data: { suitabilityScore: scored.result.suitabilityScore, suitabilitySucceeded: scored.result.suitabilitySucceeded },
          });
          submission = { ...submission, ...updated };
        }
        await writeAudit(tx, {
          tenantId,
          actor,
          action: 'kyc.submission',
          targetType: 'Kyc',
          targetId: kycId,
          after: {
            formId,
            formType: form.type,
            submissionId,
            attempt: previous + 1,
            answers: checked.length,
            scoreId: scored.id,
            riskScore: scored.result.riskScore,
            riskLevel: scored.result.riskLevel,
          },
          requestId,
        });

        const context = { actor, requestId, details: { formId, submissionId } };
        if (BASE_FORM_TYPES.has(form.type)) {
          if (kyc.status === 'KycUnderReview') {
            kyc = await changeKycStatus(tx, kyc, { status: 'KycSubmitted' }, { ...context, reason: 'submission.reopen' });
          } else if (kyc.status === 'KycPending') {
            // The KYC is still the one locked above (no status change yet), so its open forms are too.
            const base = openForms.filter((f) => BASE_FORM_TYPES.has(f.type)).map((f) => f.id);
            if (base.every((id) => scored.submittedFormIds.has(id)))
              kyc = await changeKycStatus(tx, kyc, { status: 'KycSubmitted' }, { ...context, reason: 'submission' });
          }
        } else if (form.type === 'Edd') {
          kyc = await changeKycStatus(tx, kyc, { eddStatus: 'Submitted' }, { ...context, reason: 'submission' });
        } else if (form.type === 'QualifiedInvestor') {
          kyc = await changeKycStatus(tx, kyc, { qualifiedStatus: 'Submitted' }, { ...context, reason: 'submission' });
        }
        return scored;
      },
      { begun: true },
    );
    // The answer is built from what was just written rather than read back (a large form's
    // submission is hundreds of rows): the same function shapes it for every later read.
    const filesOf = Map.groupBy(files, (f) => f.answerId);
    const byAnswer = (i: number) => ({
      id: answerIds[i]!,
      createdAt: now,
      updatedAt: now,
      questionId: checked[i]!.questionId,
      openAnswer: checked[i]!.openAnswer ?? null,
      chosenOptions: chosen[i]!,
      attachments: (filesOf.get(answerIds[i]!) ?? []).map((f) => ({ attachmentId: f.attachmentId, position: f.position })),
    });
    const attachments = await attachmentsJson(tx, tenantId, attachmentIds);
    const enabled = [...(open.enabledQuestionIds ?? [])].map((questionId) => ({ formId, questionId }));
    return submissionEnvelopeJson(submissionOut({ ...submission, answers: checked.map((_, i) => byAnswer(i)) }, tree, attachments, enabled), tree);
  });
}
