import crypto from 'node:crypto';
import { countOpenMatches } from '@/lib/cases/open-matches';
import { prepared, sqlOf } from '@/lib/db/sql';
import type { Tx } from '@/lib/db/tenant-tx';
import { getCountryRisks } from '@/lib/reference/country-risk';
import { chosenOptionsOf, loadTrees, type TreeIndex } from './answers';
import { scoringFormOf } from './form-tree';
import type { KycRow } from './kyc-records';
import { computeKycScore, type AnswerInput, type FormInput, type RiskLevel, type ScoreResult } from './scoring';

export const DEFAULT_THRESHOLDS = { mediumFrom: 40, highFrom: 70 };

const scoringForms = new WeakMap<object, FormInput>();
function scoringOf(tree: TreeIndex): FormInput {
  let form = scoringForms.get(tree.form);
  if (!form) {
    form = scoringFormOf(tree.form);
    scoringForms.set(tree.form, form);
  }
  return form;
}

/** The tenant's risk thresholds (KycSettings), or decisions.md's defaults. */
export async function kycThresholds(tx: Tx, tenantId: string) {
  const settings = await tx.kycSettings.findUnique({ where: { tenantId } });
  return settings ? { mediumFrom: Number(settings.mediumFrom), highFrom: Number(settings.highFrom) } : DEFAULT_THRESHOLDS;
}

/** A submission written in the caller's transaction: its tree and answers are already in memory. */
export interface KnownSubmission {
  id: string;
  formId: string;
  tree: TreeIndex;
  answers: readonly { questionId: string; optionIds: string[]; openAnswer: string | null }[];
}

/**
 * Everything the pure scoring needs for a KYC, read from what is stored: for each form (all versions
 * of one form counting as one), the answers of its latest submission; the grades of the countries
 * answered to Nationality questions; the entity's open screening matches; the tenant's thresholds.
 * `known`: a submission the caller has just written (a submission's own scoring), whose answers are
 * taken as written instead of read back. Also answers the ids of the forms the KYC has submissions of.
 */
export async function gatherScoringInput(tx: Tx, kyc: KycRow, known?: KnownSubmission) {
  const { tenantId } = kyc;
  // The KYC's submissions (oldest first) and the tenant's thresholds, in one (prepared) statement.
  const {
    rows: [read],
  } = await sqlOf(tx).query<{ submissions: { id: string; formId: string }[]; mediumFrom: string | null; highFrom: string | null }>(
    prepared(`SELECT coalesce((SELECT json_agg(json_build_object('id', s."id", 'formId', s."formId") ORDER BY s."createdAt", s."attempt")
                                 FROM "KycSubmission" s WHERE s."tenantId" = $1::uuid AND s."kycId" = $2::uuid), '[]'::json) AS submissions,
                     k."mediumFrom"::text AS "mediumFrom", k."highFrom"::text AS "highFrom"
                FROM (SELECT 1) AS one LEFT JOIN "KycSettings" k ON k."tenantId" = $1::uuid`),
    [tenantId, kyc.id],
  );
  const submissions = read!.submissions;
  const thresholds =
    read!.mediumFrom !== null && read!.highFrom !== null ? { mediumFrom: Number(read!.mediumFrom), highFrom: Number(read!.highFrom) } : DEFAULT_THRESHOLDS;
  const trees = await loadTrees(
    tx,
    tenantId,
    submissions.map((s) => s.formId).filter((id) => id !== known?.formId),
  );
  if (known) trees.set(known.formId, known.tree);
  const latestByLineage = new Map<string, { id: string; formId: string }>();
  for (const s of submissions) latestByLineage.set(trees.get(s.formId)!.form.lineageId, s);
  const chosen = [...latestByLineage.values()];
  const toRead = chosen.filter((s) => s.id !== known?.id);
  const rows: { questionId: string; openAnswer: string | null; optionIds: string[] }[] = toRead.length
    ? (
        await tx.kycAnswer.findMany({
          where: { tenantId, submissionId: { in: toRead.map((s) => s.id) } },
          select: { questionId: true, openAnswer: true, chosenOptions: true },
        })
      ).map((r) => ({ questionId: r.questionId, openAnswer: r.openAnswer, optionIds: chosenOptionsOf(r.chosenOptions).map((o) => o.optionId) }))
    : [];
  if (known && chosen.some((s) => s.id === known.id)) rows.push(...known.answers);
  const answers = new Map<string, AnswerInput>();
  const nationalityQuestions = new Set(
    chosen.flatMap((s) => [...trees.get(s.formId)!.questions.values()].filter((q) => q.category === 'Nationality').map((q) => q.id)),
  );
  const codes: string[] = [];
  for (const row of rows) {
    const countryCode = nationalityQuestions.has(row.questionId) ? row.openAnswer : null;
    if (countryCode) codes.push(countryCode);
    answers.set(row.questionId, { questionId: row.questionId, optionIds: [...row.optionIds], countryCode });
  }
  const [risks, matches] = await Promise.all([getCountryRisks(sqlOf(tx), codes), countOpenMatches({ tx, tenantId, entityId: kyc.entityId })]);
  return {
    input: {
      classification: kyc.classification,
      forms: chosen.map((s) => scoringOf(trees.get(s.formId)!)),
      answers,
      countryGrades: new Map<string, RiskLevel>([...risks].map(([code, r]) => [code, r.grade])),
      thresholds,
      matches,
    },
    submittedFormIds: new Set(submissions.map((s) => s.formId)),
  };
}

/** Computes the KYC's score from its stored answers and stores it as a new row (scores are history). */
export async function scoreKyc(
  tx: Tx,
  kyc: KycRow,
  context: { submissionId: string | null; reason: 'Default' | 'Rescore'; known?: KnownSubmission },
): Promise<{ id: string; result: ScoreResult; submittedFormIds: Set<string> }> {
  const { input, submittedFormIds } = await gatherScoringInput(tx, kyc, context.known);
  const result = computeKycScore(input);
  // One plain INSERT: through the ORM, walking the breakdown (a 200-question form's is ~60 kB of
  // JSON) as a nested argument cost more CPU than the rest of the scoring.
  const id = crypto.randomUUID();
  const now = new Date();
  await sqlOf(tx).query(
    prepared(`INSERT INTO "KycScore" ("id", "tenantId", "kycId", "entityId", "submissionId", "classification", "reason", "riskBreakdown", "riskScore",
                                      "riskLevel", "suitabilityScore", "suitabilitySucceeded", "localMatchCount", "publicMatchCount", "overrideReasons",
                                      "blocked", "createdAt", "updatedAt")
              VALUES ($1::uuid, $2::uuid, $3::uuid, $4::uuid, $5::uuid, $6::"KycClassification", $7, $8::jsonb, $9::numeric, $10::"KycRiskLevel",
                      $11::numeric, $12::boolean, $13::int, $14::int, $15::jsonb, $16::boolean, $17::timestamptz, $17::timestamptz)`),
    [
      id,
      kyc.tenantId,
      kyc.id,
      kyc.entityId,
      context.submissionId,
      result.classification,
      context.reason,
      JSON.stringify(result.riskBreakdown),
      result.riskScore,
      result.riskLevel,
      result.suitabilityScore,
      result.suitabilitySucceeded,
      result.localMatchCount,
      result.publicMatchCount,
      JSON.stringify(result.overrideReasons),
      result.blocked,
      now.toISOString(),
    ],
  );
  return { id, result, submittedFormIds };
}
