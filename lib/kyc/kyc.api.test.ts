import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { POST as prospectRoute } from '@/app/services/crm/entities/prospect/route';
import { POST as clientRoute } from '@/app/services/crm/entities/client/route';
import { POST as screeningRoute } from '@/app/services/crm/entities/screening/route';
import { GET as entityRoute } from '@/app/services/crm/entities/[entityId]/route';
import { GET as flowsRoute } from '@/app/services/crm/kyc-flows/route';
import { GET as formsRoute } from '@/app/services/crm/kyc-flows/[flowId]/forms/route';
import { GET as formRoute } from '@/app/services/crm/kyc-flows/[flowId]/forms/[formId]/route';
import { GET as kycRoute } from '@/app/services/crm/kyc/[kycId]/route';
import { GET as questionsRoute } from '@/app/services/crm/kyc/[kycId]/questions/route';
import { GET as agreementsRoute } from '@/app/services/crm/kyc/[kycId]/agreements/route';
import { PUT as signRoute } from '@/app/services/crm/kyc/[kycId]/agreements/[agreementId]/signature/route';
import { PATCH as enableRoute } from '@/app/services/crm/kyc/[kycId]/forms/[formId]/enable/route';
import { POST as submitRoute } from '@/app/services/crm/kyc/[kycId]/forms/[formId]/submissions/route';
import { POST as reviewRoute } from '@/app/services/crm/kyc/[kycId]/reviews/route';
import { withTenant } from '@/lib/db/tenant-tx';
import { screenEntityNow } from '@/lib/monitoring/screen-entities';
import { importList } from '@/scripts/testing/watchlist';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';
import { entityProfileSchema } from '@/lib/entities/schemas';
import { errorBodySchema } from '@/lib/http/openapi/build';
import { callRoute } from '@/scripts/testing/api';
import { expectContract } from '@/scripts/testing/contract';
import { useTestDatabase } from '@/scripts/testing/db';
import { createTestTenant, type TestTenant } from '@/scripts/testing/factories';
import { answersFor } from '@/scripts/testing/kyc-factories';
import { createTestAttachment, individualInput } from '@/scripts/testing/record-factories';
import { sessionHeaders } from '@/scripts/testing/session';
import {
  agreementEnvelope,
  agreementList,
  flowList,
  formList,
  formSchema,
  kycEnvelope,
  kycQuestionList,
  reviewEnvelope,
  submissionEnvelope,
  type FormOut,
} from './schemas';
import { gatherScoringInput } from './score-kyc';
import { computeKycScore } from './scoring';

process.env.ATTACHMENTS_DIR = path.join(os.tmpdir(), `crm-kyc-${process.pid}`);
const db = useTestDatabase();

type Handler = Parameters<typeof callRoute>[0];

async function call(handler: Handler, method: string, url: string, headers: Record<string, string>, params: Record<string, string>, body?: unknown) {
  return callRoute(handler, method, url, { headers, params, body });
}

async function prospect(t: TestTenant, overrides: Record<string, unknown> = {}) {
  const res = await callRoute(prospectRoute, 'POST', '/services/crm/entities/prospect', { headers: t.headers, body: { ...individualInput(), ...overrides } });
  expect(res.status).toBe(201);
  return res.body.data as { id: string; kyc: { id: string; flowId: string; status: string } };
}

async function defaultFlow(t: TestTenant) {
  const res = await call(flowsRoute, 'GET', '/services/crm/kyc-flows', t.headers, {});
  expect(res.status).toBe(200);
  const flow = expectContract(flowList, res.body).data.find((f) => f.isDefault)!;
  const published = Object.fromEntries(flow.forms.filter((f) => f.status === 'Published').map((f) => [f.type, f.id])) as Record<string, string>;
  return { flow, published };
}

async function tree(t: TestTenant, flowId: string, formId: string): Promise<FormOut> {
  const res = await call(formRoute, 'GET', `/services/crm/kyc-flows/${flowId}/forms/${formId}`, t.headers, { flowId, formId });
  expect(res.status).toBe(200);
  return expectContract(formSchema, res.body);
}

async function submit(t: TestTenant, kycId: string, formId: string, body: unknown, headers = t.headers) {
  return call(submitRoute, 'POST', `/services/crm/kyc/${kycId}/forms/${formId}/submissions`, headers, { kycId, formId }, body);
}

async function kycOf(t: TestTenant, kycId: string) {
  const res = await call(kycRoute, 'GET', `/services/crm/kyc/${kycId}`, t.headers, { kycId });
  expect(res.status).toBe(200);
  return expectContract(kycEnvelope, res.body).data;
}

/** A tenant's prospect with the three base forms (Kyc, RiskAssessment, Suitability) submitted. */
async function submittedProspect(t: TestTenant, plan: Parameters<typeof answersFor>[1] = {}) {
  const { flow, published } = await defaultFlow(t);
  const entity = await prospect(t);
  const kycId = entity.kyc.id;
  for (const type of ['Kyc', 'RiskAssessment', 'Suitability']) {
    const res = await submit(t, kycId, published[type]!, answersFor(await tree(t, flow.id, published[type]!), plan));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
  return { entity, kycId, flow, published };
}

const officer = (t: TestTenant, userId = crypto.randomUUID()) => sessionHeaders({ tenantId: t.id, role: 'officer', userId });

async function review(t: TestTenant, kycId: string, body: unknown, headers: Record<string, string>) {
  return call(reviewRoute, 'POST', `/services/crm/kyc/${kycId}/reviews`, headers, { kycId }, body);
}

describe('KYC records', () => {
  it('every prospect and client gets a KYC on the default flow at creation; screening entities none; the profile shows it', async () => {
    const t = await createTestTenant();
    const { flow } = await defaultFlow(t);
    const p = await prospect(t);
    expect(p.kyc).toMatchObject({ status: 'KycPending', flowId: flow.id });
    const client = await callRoute(clientRoute, 'POST', '/services/crm/entities/client', { headers: t.headers, body: individualInput() });
    expect(client.body.data.kyc).toMatchObject({
      status: 'KycPending',
      classification: 'Retail',
      eddStatus: 'NotRequired',
      qualifiedStatus: 'NotRequested',
      scores: [],
    });
    const screening = await callRoute(screeningRoute, 'POST', '/services/crm/entities/screening', { headers: t.headers, body: individualInput() });
    expect(screening.body.data.kyc).toBeNull();
    const profile = await call(entityRoute, 'GET', `/services/crm/entities/${p.id}`, t.headers, { entityId: p.id });
    expect(expectContract(entityProfileSchema, profile.body).kyc).toMatchObject({ id: p.kyc.id, entityId: p.id, rm: null });
  });

  it('lists flows and forms, and answers a form with its whole tree sorted by sortOrder', async () => {
    const t = await createTestTenant();
    const { flow, published } = await defaultFlow(t);
    expect(flow.forms.map((f) => f.type).sort()).toEqual(['Edd', 'Kyc', 'QualifiedInvestor', 'RiskAssessment', 'Suitability']);
    const list = await call(formsRoute, 'GET', `/services/crm/kyc-flows/${flow.id}/forms?size=2`, t.headers, { flowId: flow.id });
    expect(expectContract(formList, list.body).meta).toEqual({ page: 1, size: 2, totalCount: 5, totalPages: 3 });
    const kyc = await tree(t, flow.id, published.Kyc!);
    expect(kyc.sections.map((s) => s.sortOrder)).toEqual([0, 1, 2, 3, 4]);
    expect(kyc.sections[0]!.nameAr).toBe('الهوية والجنسية');
    for (const s of kyc.sections) {
      expect(s.weights.map((w) => w.classification)).toEqual(['Retail', 'Professional', 'Institutional']);
      expect(s.questions.map((q) => q.sortOrder)).toEqual(s.questions.map((_, i) => i));
      for (const q of s.questions) expect(q).toMatchObject({ kycFlowId: flow.id, formId: kyc.id, sectionId: s.id });
    }
    const nationality = kyc.sections[0]!.questions.find((q) => q.category === 'Nationality')!;
    expect(nationality).toMatchObject({ type: 'Country', subweights: 2 });
    // The same answer twice (the second from the cache) and with a kycId (that KYC's submissions).
    expect(await tree(t, flow.id, published.Kyc!)).toEqual(kyc);
    const p = await prospect(t);
    const withKyc = await call(formRoute, 'GET', `/services/crm/kyc-flows/${flow.id}/forms/${kyc.id}?kycId=${p.kyc.id}`, t.headers, {
      flowId: flow.id,
      formId: kyc.id,
    });
    expect(expectContract(formSchema, withKyc.body)).toMatchObject({ submissions: [], kycReviews: [] });
  });

  it('lists the open questions with their sections and latest answers, paginated', async () => {
    const t = await createTestTenant();
    const { flow, published } = await defaultFlow(t);
    const p = await prospect(t);
    const url = (q = '') => `/services/crm/kyc/${p.kyc.id}/questions${q}`;
    const first = await call(questionsRoute, 'GET', url('?size=5'), t.headers, { kycId: p.kyc.id });
    const page = expectContract(kycQuestionList, first.body);
    const forms = await Promise.all(['Kyc', 'RiskAssessment', 'Suitability'].map((type) => tree(t, flow.id, published[type]!)));
    const total = forms.reduce((n, f) => n + f.sections.reduce((m, s) => m + s.questions.length, 0), 0);
    expect(page.meta).toEqual({ page: 1, size: 5, totalCount: total, totalPages: Math.ceil(total / 5) });
    expect(page.data[0]!.sections[0]).toMatchObject({ formId: published.Kyc, form: { type: 'Kyc' } });
    expect(page.data.every((q) => q.answer === null)).toBe(true);
    await submit(t, p.kyc.id, published.Kyc!, answersFor(forms[0]!, { country: 'KW' }));
    const after = expectContract(
      kycQuestionList,
      (await call(questionsRoute, 'GET', url(`?formId=${published.Kyc}&size=100`), t.headers, { kycId: p.kyc.id })).body,
    );
    const nationality = after.data.find((q) => q.category === 'Nationality')!;
    expect(nationality.answer).toMatchObject({ openAnswer: 'KW', questionId: nationality.id, answerToOptions: [] });
    const employment = after.data.find((q) => q.nameEn === 'Employment status')!;
    expect(employment.answer!.answerToOptions[0]!.option.nameEn).toBe('Government employee');
    const bad = await call(questionsRoute, 'GET', url('?size=101'), t.headers, { kycId: p.kyc.id });
    expect(bad.status).toBe(400);
  });
});

describe('POST /kyc/{kycId}/forms/{formId}/submissions', () => {
  it('stores the answers, scores the KYC (history newest first) and moves it to KycSubmitted once the base forms are in', async () => {
    const t = await createTestTenant();
    const { flow, published } = await defaultFlow(t);
    const p = await prospect(t);
    const kycForm = await tree(t, flow.id, published.Kyc!);
    const res = await submit(t, p.kyc.id, kycForm.id, answersFor(kycForm));
    expect(res.status).toBe(201);
    const submission = expectContract(submissionEnvelope, res.body).data;
    expect(submission).toMatchObject({ attempt: 1, formId: kycForm.id, suitabilityScore: null, enabledQuestions: [] });
    expect(submission.answers.map((a) => a.questionId)).toEqual(
      kycForm.sections.flatMap((s) => s.questions.filter((q) => q.type !== 'Attachment')).map((q) => q.id),
    );
    // The answer is built from what was written: a later read of the stored submission is the same.
    const stored = await call(formRoute, 'GET', `/services/crm/kyc-flows/${flow.id}/forms/${kycForm.id}?kycId=${p.kyc.id}`, t.headers, {
      flowId: flow.id,
      formId: kycForm.id,
    });
    expect(expectContract(formSchema, stored.body).submissions).toEqual([submission]);
    let kyc = await kycOf(t, p.kyc.id);
    expect(kyc.status).toBe('KycPending');
    expect(kyc.scores).toHaveLength(1);
    // All lowest-risk answers, SA (Low) nationality: every answered question gives 1 point of 3.
    expect(kyc.scores[0]).toMatchObject({ riskScore: '33.33', riskLevel: 'Low', reason: 'Default', submissionId: submission.id, overrideReasons: [] });
    expect(kyc.scores[0]!.riskBreakdown.map((s) => s.sectionId)).toEqual(kycForm.sections.map((s) => s.id));

    for (const type of ['RiskAssessment', 'Suitability']) {
      expect((await submit(t, p.kyc.id, published[type]!, answersFor(await tree(t, flow.id, published[type]!)))).status).toBe(201);
    }
    kyc = await kycOf(t, p.kyc.id);
    expect(kyc.status).toBe('KycSubmitted');
    expect(kyc.scores).toHaveLength(3);
    expect(kyc.scores[0]).toMatchObject({ suitabilityScore: '4', suitabilitySucceeded: false });
    const events = await db.current().pool.query(`SELECT "payload" FROM "OutboxEvent" WHERE "tenantId" = $1 AND "type" = 'KycStatusUpdate'`, [t.id]);
    expect(events.rows.map((r) => r.payload)).toEqual([
      { kycId: p.kyc.id, entityId: p.id, status: 'KycSubmitted', eddStatus: 'NotRequired', qualifiedStatus: 'NotRequested' },
    ]);
    const audit = await db
      .current()
      .pool.query(`SELECT "action" FROM "AuditLog" WHERE "tenantId" = $1 AND "targetId" = $2 ORDER BY "createdAt"`, [t.id, p.kyc.id]);
    expect(audit.rows.map((r) => r.action)).toEqual(['kyc.submission', 'kyc.submission', 'kyc.submission', 'kyc.submission']);

    // Single-submission forms refuse a second one; Suitability counts attempts.
    expect((await submit(t, p.kyc.id, kycForm.id, answersFor(kycForm))).body.errorCode).toBe('ALREADY_SUBMITTED');
    const suitability = await tree(t, flow.id, published.Suitability!);
    const again = await submit(t, p.kyc.id, suitability.id, answersFor(suitability, { prefer: 'high' }));
    expect(again.status).toBe(201);
    expect(again.body.data).toMatchObject({ attempt: 2, suitabilityScore: '70', suitabilitySucceeded: true });
    const attempts = await call(formRoute, 'GET', `/services/crm/kyc-flows/${flow.id}/forms/${suitability.id}?kycId=${p.kyc.id}`, t.headers, {
      flowId: flow.id,
      formId: suitability.id,
    });
    expect(expectContract(formSchema, attempts.body).submissions.at(-1)).toEqual(again.body.data);
    expect((await kycOf(t, p.kyc.id)).scores[0]).toMatchObject({ suitabilityScore: '70', suitabilitySucceeded: true });
  });

  it('a submission is scored from its answers as written: the same score as one recomputed from the stored rows', async () => {
    const t = await createTestTenant();
    const { flow, published } = await defaultFlow(t);
    const p = await prospect(t);
    // Several forms, a Nationality answer, an override and a second Suitability attempt: every
    // score combines the submission just written with the latest stored ones of the other forms.
    const plans: [string, Parameters<typeof answersFor>[1]][] = [
      ['Kyc', { country: 'IR', byName: { PEP: ['Yes'] } }],
      ['RiskAssessment', { prefer: 'high' }],
      ['Suitability', {}],
      ['Suitability', { prefer: 'high' }],
    ];
    for (const [type, plan] of plans) {
      expect((await submit(t, p.kyc.id, published[type]!, answersFor(await tree(t, flow.id, published[type]!), plan))).status).toBe(201);
      const stored = (await kycOf(t, p.kyc.id)).scores[0]!;
      const again = await withTenant(t.id, async (tx) => {
        const kyc = await tx.kyc.findFirstOrThrow({ where: { id: p.kyc.id } });
        return computeKycScore((await gatherScoringInput(tx, kyc)).input);
      });
      expect(stored).toMatchObject({
        riskScore: again.riskScore,
        riskLevel: again.riskLevel,
        riskBreakdown: again.riskBreakdown,
        overrideReasons: again.overrideReasons,
        suitabilityScore: again.suitabilityScore,
        suitabilitySucceeded: again.suitabilitySucceeded,
      });
    }
    expect((await kycOf(t, p.kyc.id)).scores[0]!.riskLevel).toBe('High');
  });

  it('scores Nationality from the country-risk table and records overrides, blocking answers and their questions', async () => {
    const t = await createTestTenant();
    const { flow, published } = await defaultFlow(t);
    const kycForm = await tree(t, flow.id, published.Kyc!);
    const pep = kycForm.sections[3]!.questions[0]!;
    const sanctions = kycForm.sections[3]!.questions[2]!;

    const iran = await prospect(t);
    await submit(t, iran.kyc.id, kycForm.id, answersFor(kycForm, { country: 'IR' }));
    const score = (await kycOf(t, iran.kyc.id)).scores[0]!;
    const nat = score.riskBreakdown[0]!.questions.find((q) => q.countryCode === 'IR')!;
    // Identity section: nationality High (3) × 2 + full name, dob, residence are unscored → 6 of 6.
    expect(nat).toMatchObject({ countryGrade: 'High', points: 6, maxPoints: 6 });
    expect(score.riskBreakdown[0]).toMatchObject({ score: '6', maxScore: '6' });

    const politician = await prospect(t);
    await submit(t, politician.kyc.id, kycForm.id, answersFor(kycForm, { byName: { PEP: ['Yes'] } }));
    const pepScore = (await kycOf(t, politician.kyc.id)).scores[0]!;
    expect(pepScore.riskLevel).toBe('High');
    expect(pepScore.overrideReasons).toEqual([{ category: 'Question', case: null, question: pep.id, riskLevel: 'High' }]);

    const sanctioned = await prospect(t);
    await submit(t, sanctioned.kyc.id, kycForm.id, answersFor(kycForm, { byName: { Sanctions: ['Yes'] } }));
    const blocked = (await kycOf(t, sanctioned.kyc.id)).scores[0]!;
    expect(blocked).toMatchObject({ riskLevel: 'High', blocked: true });
    expect(blocked.overrideReasons).toEqual([{ category: 'Blocking', case: null, question: sanctions.id, riskLevel: 'High' }]);
  });

  it('refuses bad answers with a 400 naming answers.N.<field>, and nothing is stored', async () => {
    const t = await createTestTenant();
    const other = await createTestTenant();
    const { flow, published } = await defaultFlow(t);
    const p = await prospect(t);
    const kycForm = await tree(t, flow.id, published.Kyc!);
    const questions = kycForm.sections.flatMap((s) => s.questions);
    const byName = (n: string) => questions.find((q) => q.nameEn === n)!;
    const valid = answersFor(kycForm).answers;
    const replace = (questionName: string, answer: object) => ({
      answers: valid.map((a) => (a.questionId === byName(questionName).id ? { questionId: a.questionId, ...answer } : a)),
    });
    const otherTree = await tree(other, (await defaultFlow(other)).flow.id, (await defaultFlow(other)).published.Kyc!);
    const foreignOption = otherTree.sections[1]!.questions[0]!.options[0]!.id;
    const foreignFile = await createTestAttachment(other.id);
    const cases: [object, string][] = [
      [{ answers: [...valid, { questionId: crypto.randomUUID(), openAnswer: 'x' }] }, `answers.${valid.length}.questionId: not a question of this form`],
      [replace('Employment status', { optionIds: [foreignOption] }), 'optionIds.0: not an option of this question'],
      [
        replace('Employment status', {
          optionIds: byName('Employment status')
            .options.slice(0, 2)
            .map((o) => o.id),
        }),
        'optionIds: this question takes one option',
      ],
      [replace('Employment status', { optionIds: [] }), 'optionIds: choose at least one option'],
      [replace('Monthly income', { openAnswer: '-5' }), "openAnswer: not within any option's min and max"],
      [
        replace('Monthly income', { openAnswer: '75000', optionIds: [byName('Monthly income').options[0]!.id] }),
        "openAnswer: not within the chosen option's min and max",
      ],
      [replace('Monthly income', { openAnswer: 'a lot' }), 'openAnswer: expected a number'],
      [replace('Date of birth', { openAnswer: '1990-02-30' }), 'openAnswer: expected a date YYYY-MM-DD'],
      [replace('Nationality', { openAnswer: 'Saudi' }), 'openAnswer: expected an ISO 3166-1 alpha-2 country code'],
      [replace('Source of funds', { optionIds: [byName('Source of funds').options.find((o) => o.nameEn === 'Gift')!.id] }), 'additionalInfo.'],
      [
        { answers: [...valid, { questionId: byName('Identity document').id, attachmentIds: [foreignFile.id] }] },
        'attachmentIds.0: not an attachment of this tenant',
      ],
      [
        { answers: valid.filter((a) => a.questionId !== byName('Nationality').id) },
        `answers: question ${byName('Nationality').id} ("Nationality") is required`,
      ],
      [{ answers: [...valid, valid[0]] }, 'answered twice'],
    ];
    for (const [body, expected] of cases) {
      const res = await submit(t, p.kyc.id, kycForm.id, body);
      expect(res.status, expected).toBe(400);
      expectContract(errorBodySchema, res.body);
      expect(res.body.validationErrors.join('\n'), expected).toContain(expected);
    }
    const stored = await db.current().pool.query(`SELECT count(*)::int AS n FROM "KycSubmission" WHERE "kycId" = $1`, [p.kyc.id]);
    expect(stored.rows[0].n).toBe(0);
    expect((await submit(t, p.kyc.id, kycForm.id, { answers: [] })).body.validationErrors).toEqual(['answers: Too small: expected array to have >=1 items']);
  });

  it('takes attachments of the tenant and answers them as Attachment objects', async () => {
    const t = await createTestTenant();
    const { flow, published } = await defaultFlow(t);
    const p = await prospect(t);
    const front = await createTestAttachment(t.id, 'png', 'id-front.png');
    const back = await createTestAttachment(t.id, 'pdf', 'id-back.pdf');
    const kycForm = await tree(t, flow.id, published.Kyc!);
    const res = await submit(t, p.kyc.id, kycForm.id, answersFor(kycForm, { attachmentIds: [front.id, back.id] }));
    expect(res.status).toBe(201);
    const file = res.body.data.answers.find((a: { attachments: unknown[] }) => a.attachments.length);
    expect(file.attachments).toEqual([front, back]);
    const stored = await call(formRoute, 'GET', `/services/crm/kyc-flows/${flow.id}/forms/${kycForm.id}?kycId=${p.kyc.id}`, t.headers, {
      flowId: flow.id,
      formId: kycForm.id,
    });
    expect(expectContract(formSchema, stored.body).submissions).toEqual([res.body.data]);
  });
});

// The chosen options are kept on the answer row (KycAnswer.chosenOptions), not as rows with foreign
// keys: the database itself must still refuse a choice that is not an option of the answer's
// question, and an answered option must not disappear.
describe('stored choices keep their references', () => {
  async function answered() {
    const t = await createTestTenant();
    const { flow, published } = await defaultFlow(t);
    const p = await prospect(t);
    const kycForm = await tree(t, flow.id, published.Kyc!);
    const res = await submit(t, p.kyc.id, kycForm.id, answersFor(kycForm));
    expect(res.status).toBe(201);
    const submission = expectContract(submissionEnvelope, res.body).data;
    const chosen = submission.answers.find((a) => a.answerToOptions.length > 0)!;
    const question = kycForm.sections.flatMap((s) => s.questions).find((q) => q.id === chosen.questionId)!;
    const other = kycForm.sections.flatMap((s) => s.questions).find((q) => q.id !== question.id && q.options.length > 0)!;
    return { t, p, kycForm, submission, chosen, question, other };
  }
  const asTenant = (t: TestTenant, sql: string, ...values: unknown[]) => withTenant(t.id, (tx) => tx.$executeRawUnsafe(sql, ...values));

  it('stores each choice with the id the API answers', async () => {
    const { chosen } = await answered();
    const [row] = (await db.current().pool.query(`SELECT "chosenOptions" FROM "KycAnswer" WHERE id = $1`, [chosen.id])).rows;
    expect(row.chosenOptions).toEqual(chosen.answerToOptions.map((x) => ({ id: x.id, optionId: x.option.id, additionalInfo: x.additionalInfo })));
  });

  it('refuses a choice of another question, of no option, or without its id (insert and update)', async () => {
    const { t, p, submission, chosen, other } = await answered();
    const choice = (optionId: string) => JSON.stringify([{ id: crypto.randomUUID(), optionId, additionalInfo: null }]);
    const refused = /not an option of the answer's question/;
    await expect(
      asTenant(t, `UPDATE "KycAnswer" SET "chosenOptions" = $1::jsonb WHERE id = $2::uuid`, choice(other.options[0]!.id), chosen.id),
    ).rejects.toThrow(refused);
    await expect(asTenant(t, `UPDATE "KycAnswer" SET "chosenOptions" = $1::jsonb WHERE id = $2::uuid`, choice(crypto.randomUUID()), chosen.id)).rejects.toThrow(
      refused,
    );
    const noId = JSON.stringify([{ optionId: chosen.answerToOptions[0]!.option.id, additionalInfo: null }]);
    await expect(asTenant(t, `UPDATE "KycAnswer" SET "chosenOptions" = $1::jsonb WHERE id = $2::uuid`, noId, chosen.id)).rejects.toThrow(refused);
    // A new answer row (of a second attempt written by hand) is checked the same way.
    const attempt = crypto.randomUUID();
    await asTenant(
      t,
      `INSERT INTO "KycSubmission" ("id", "tenantId", "kycId", "formId", "attempt", "updatedAt") VALUES ($1::uuid, $2::uuid, $3::uuid, $4::uuid, 99, now())`,
      attempt,
      t.id,
      p.kyc.id,
      submission.formId,
    );
    const insert = (optionId: string) =>
      asTenant(
        t,
        `INSERT INTO "KycAnswer" ("id", "tenantId", "kycId", "submissionId", "questionId", "chosenOptions", "updatedAt") VALUES (gen_random_uuid(), $1::uuid, $2::uuid, $3::uuid, $4::uuid, $5::jsonb, now())`,
        t.id,
        p.kyc.id,
        attempt,
        chosen.questionId,
        choice(optionId),
      );
    await expect(insert(other.options[0]!.id)).rejects.toThrow(refused);
    expect(await insert(chosen.answerToOptions[0]!.option.id)).toBe(1);
    // Moving an answer to another question keeps choices that are not that question's: refused too.
    await expect(asTenant(t, `UPDATE "KycAnswer" SET "questionId" = $1::uuid WHERE "submissionId" = $2::uuid`, other.id, attempt)).rejects.toThrow(refused);
    // The submission's own answer, unchanged, is still accepted by an update (the check is not a blanket refusal).
    expect(await asTenant(t, `UPDATE "KycAnswer" SET "updatedAt" = now() WHERE id = $1::uuid`, chosen.id)).toBe(1);
    expect(p.kyc.id).toBeTruthy();
  });

  it('an option of a Published form cannot be deleted or moved; its question cannot be deleted once answered', async () => {
    const { t, chosen, question, other } = await answered();
    const optionId = chosen.answerToOptions[0]!.option.id;
    const refused = /cannot be deleted or moved/;
    await expect(asTenant(t, `DELETE FROM "KycOption" WHERE id = $1::uuid`, optionId)).rejects.toThrow(refused);
    await expect(asTenant(t, `UPDATE "KycOption" SET "questionId" = $1::uuid WHERE id = $2::uuid`, other.id, optionId)).rejects.toThrow(refused);
    // Not answered, but of a Published form: immutable all the same.
    const unanswered = question.options.find((o) => !chosen.answerToOptions.some((x) => x.option.id === o.id))!;
    await expect(asTenant(t, `DELETE FROM "KycOption" WHERE id = $1::uuid`, unanswered.id)).rejects.toThrow(refused);
    await expect(asTenant(t, `DELETE FROM "KycQuestion" WHERE id = $1::uuid`, question.id)).rejects.toThrow(
      /KycAnswer_questionId_fkey|cannot be deleted or moved/,
    );
    // A label may still be corrected without touching what answers point at.
    expect(await asTenant(t, `UPDATE "KycOption" SET "updatedAt" = now() WHERE id = $1::uuid`, optionId)).toBe(1);
  });
});

describe('PATCH /kyc/{kycId}/forms/{formId}/enable', () => {
  it('enables chosen Edd questions (Pending, event), idempotently; they become open and their submission is Submitted', async () => {
    const t = await createTestTenant();
    const { flow, published } = await defaultFlow(t);
    const p = await prospect(t);
    const edd = await tree(t, flow.id, published.Edd!);
    const chosen = edd.sections.flatMap((s) => s.questions).filter((q) => q.type === 'SingleChoice' || q.type === 'LongText');
    const url = (formId: string) => `/services/crm/kyc/${p.kyc.id}/forms/${formId}/enable`;
    const enable = (formId: string, ids: string[], headers = t.headers) =>
      call(enableRoute, 'PATCH', url(formId), headers, { kycId: p.kyc.id, formId }, { enabledQuestionIds: ids });
    const ids = chosen.map((q) => q.id);
    const first = await enable(edd.id, ids);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ success: true });
    expect((await kycOf(t, p.kyc.id)).eddStatus).toBe('Pending');
    expect(await enable(edd.id, [...ids].reverse())).toMatchObject({ status: 200, body: { success: true } });
    const events = await db.current().pool.query(`SELECT "payload" FROM "OutboxEvent" WHERE "tenantId" = $1 AND "type" = 'KycStatusUpdate'`, [t.id]);
    expect(events.rows).toHaveLength(1);
    expect(events.rows[0].payload).toMatchObject({ kycId: p.kyc.id, eddStatus: 'Pending' });

    const open = expectContract(
      kycQuestionList,
      (await call(questionsRoute, 'GET', `/services/crm/kyc/${p.kyc.id}/questions?formId=${edd.id}`, t.headers, { kycId: p.kyc.id })).body,
    );
    expect(open.data.map((q) => q.id)).toEqual(ids);
    // Questions that were not enabled are refused; the enabled ones are required as the form says.
    const notEnabled = edd.sections.flatMap((s) => s.questions).find((q) => !ids.includes(q.id))!;
    const refused = await submit(t, p.kyc.id, edd.id, { answers: [{ questionId: notEnabled.id, openAnswer: 'x' }] });
    expect(refused.body.validationErrors).toContain('answers.0.questionId: not enabled for this KYC');
    const ok = await submit(t, p.kyc.id, edd.id, answersFor(edd, { onlyQuestionIds: new Set(ids) }));
    expect(ok.status).toBe(201);
    expect(ok.body.data.enabledQuestions.map((q: { id: string }) => q.id)).toEqual(ids);
    const stored = await call(formRoute, 'GET', `/services/crm/kyc-flows/${flow.id}/forms/${edd.id}?kycId=${p.kyc.id}`, t.headers, {
      flowId: flow.id,
      formId: edd.id,
    });
    expect(expectContract(formSchema, stored.body).submissions).toEqual([ok.body.data]);
    expect((await kycOf(t, p.kyc.id)).eddStatus).toBe('Submitted');
    expect((await enable(edd.id, ids)).body.errorCode).toBe('ALREADY_SUBMITTED');
  });

  it('400 for questions of another form, 409 for a form that is not enableable, 404 for ids of nothing, 403 for no role', async () => {
    const t = await createTestTenant();
    const { flow, published } = await defaultFlow(t);
    const p = await prospect(t);
    const qi = await tree(t, flow.id, published.QualifiedInvestor!);
    const kycForm = await tree(t, flow.id, published.Kyc!);
    const q1 = qi.sections[0]!.questions[0]!.id;
    const enable = (formId: string, body: unknown, headers: Record<string, string> = t.headers, kycId = p.kyc.id) =>
      call(enableRoute, 'PATCH', `/services/crm/kyc/${kycId}/forms/${formId}/enable`, headers, { kycId, formId }, body);
    const notOfForm = await enable(qi.id, { enabledQuestionIds: [q1, kycForm.sections[0]!.questions[0]!.id] });
    expect(notOfForm.status).toBe(400);
    expect(notOfForm.body.validationErrors).toEqual(['enabledQuestionIds.1: not a question of this form']);
    expect((await enable(qi.id, { enabledQuestionIds: [] })).body.validationErrors).toEqual([
      'enabledQuestionIds: Too small: expected array to have >=1 items',
    ]);
    expect((await enable(qi.id, { enabledQuestionIds: ['nope'] })).body.validationErrors[0]).toMatch(/^enabledQuestionIds\.0: /);
    const notEnableable = await enable(kycForm.id, { enabledQuestionIds: [kycForm.sections[0]!.questions[0]!.id] });
    expect(notEnableable).toMatchObject({ status: 409, body: { errorCode: 'FORM_NOT_ENABLEABLE' } });
    // The form is judged before its questions: another form's questions on a Kyc form are still 409.
    expect(await enable(kycForm.id, { enabledQuestionIds: [q1] })).toMatchObject({ status: 409, body: { errorCode: 'FORM_NOT_ENABLEABLE' } });
    expect((await enable(crypto.randomUUID(), { enabledQuestionIds: [q1] })).status).toBe(404);
    expect((await enable(qi.id, { enabledQuestionIds: [q1] }, t.headers, crypto.randomUUID())).status).toBe(404);
    expect((await enable(qi.id, { enabledQuestionIds: [q1] }, {})).status).toBe(401);
    // The RM who enables a form for a KYC without one becomes its relationship manager.
    const rmId = crypto.randomUUID();
    const byRm = await enable(qi.id, { enabledQuestionIds: [q1] }, await sessionHeaders({ tenantId: t.id, role: 'rm', userId: rmId }));
    expect(byRm.status).toBe(200);
    expect(await kycOf(t, p.kyc.id)).toMatchObject({ qualifiedStatus: 'Pending', rmId });
  });
});

describe('POST /kyc/{kycId}/reviews', () => {
  it('approves a Low-risk KYC in one review: KycComplete with completedAt, audited, event, profile refreshed', async () => {
    const t = await createTestTenant();
    const { entity, kycId } = await submittedProspect(t);
    const res = await review(t, kycId, { decision: 'Approve', comment: 'Documents verified' }, await officer(t));
    expect(res.status).toBe(201);
    const out = expectContract(reviewEnvelope, res.body);
    expect(out.data).toMatchObject({ type: 'First', status: 'Approved', comment: 'Documents verified' });
    expect(out.kyc.status).toBe('KycComplete');
    expect(out.kyc.completedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}$/);
    const profile = await call(entityRoute, 'GET', `/services/crm/entities/${entity.id}`, t.headers, { entityId: entity.id });
    expect(profile.body.kyc.status).toBe('KycComplete');
    // Complete: the base forms are closed, and another review is a 409.
    const open = await call(questionsRoute, 'GET', `/services/crm/kyc/${kycId}/questions`, t.headers, { kycId });
    expect(open.body.meta.totalCount).toBe(0);
    expect((await review(t, kycId, { decision: 'Approve', comment: 'again' }, await officer(t))).body.errorCode).toBe('INVALID_STATUS_TRANSITION');
  });

  it('four eyes: a High-risk KYC needs a second review by another officer', async () => {
    const t = await createTestTenant();
    const { entity, kycId } = await submittedProspect(t, { byName: { PEP: ['Yes'] } });
    const sara = crypto.randomUUID();
    const first = await review(t, kycId, { decision: 'Approve', comment: 'PEP approved by the first officer' }, await officer(t, sara));
    expect(first.body.kyc.status).toBe('KycUnderReview');
    const again = await review(t, kycId, { decision: 'Approve', comment: 'me again' }, await officer(t, sara));
    expect(again).toMatchObject({ status: 403, body: { errorCode: 'FOUR_EYES_REQUIRED' } });
    const second = await review(t, kycId, { decision: 'Approve', comment: 'Second pair of eyes' }, await officer(t));
    expect(second.body.data.type).toBe('Second');
    expect(second.body.kyc.status).toBe('KycComplete');
    const events = await db
      .current()
      .pool.query(`SELECT "payload"->>'status' AS status FROM "OutboxEvent" WHERE "tenantId" = $1 AND "type" = 'KycStatusUpdate' ORDER BY "createdAt"`, [t.id]);
    expect(events.rows.map((r) => r.status)).toEqual(['KycSubmitted', 'KycUnderReview', 'KycComplete']);
    const audit = await db
      .current()
      .pool.query(`SELECT "actorId", "after"->>'status' AS status FROM "AuditLog" WHERE "targetId" = $1 AND "action" = 'kyc.review' ORDER BY "createdAt"`, [
        kycId,
      ]);
    expect(audit.rows.map((r) => r.status)).toEqual(['KycUnderReview', 'KycComplete']);
    expect(audit.rows[0].actorId).toBe(sara);
    expect(entity.id).toBeDefined();
  });

  it('a blocking answer cannot be approved; rejection needs a comment; RMs and API keys cannot review', async () => {
    const t = await createTestTenant();
    const { kycId } = await submittedProspect(t, { byName: { Sanctions: ['Yes'] } });
    expect((await review(t, kycId, { decision: 'Approve', comment: 'ok' }, await officer(t))).body.errorCode).toBe('KYC_BLOCKED');
    expect((await review(t, kycId, { decision: 'Reject' }, await officer(t))).body.validationErrors).toEqual([
      'comment: Invalid input: expected string, received undefined',
    ]);
    expect((await review(t, kycId, { decision: 'Reject', comment: 'Sanctioned' }, await sessionHeaders({ tenantId: t.id, role: 'rm' }))).status).toBe(403);
    expect((await review(t, kycId, { decision: 'Reject', comment: 'Sanctioned' }, t.headers)).status).toBe(401);
    const rejected = await review(t, kycId, { decision: 'Reject', comment: 'Listed on a sanctions list' }, await officer(t));
    expect(rejected.body.kyc.status).toBe('KycRejected');
  });

  it('a hit found after submission: no approval while it is undecided, and the KYC is rescored (High, four eyes) before the review', async () => {
    const t = await createTestTenant();
    const { entity, kycId } = await submittedProspect(t);
    expect((await kycOf(t, kycId)).scores[0]).toMatchObject({ riskLevel: 'Low', localMatchCount: 0, reason: 'Default' });
    // The prospect's name reaches the tenant's own list after the submission, and a screening finds it.
    await importList(db.current().pool, 'Custom', [{ externalId: 'C-1', names: [{ value: individualInput().nameEn!, kind: 'Primary' }] }], t.id);
    const screened = await screenEntityNow({ tenantId: t.id, entityId: entity.id, actor: { type: 'system' } });
    expect(screened.data.newMatches).toBe(1);

    // Undecided: approving is refused (the score still says 0 matches), rejecting would not be.
    const refused = await review(t, kycId, { decision: 'Approve', comment: 'Documents verified' }, await officer(t));
    expect(refused).toMatchObject({
      status: 409,
      body: { errorCode: 'CONFLICT', message: { en: en.errorDetails.kycScreeningUndecided, ar: ar.errorDetails.kycScreeningUndecided } },
    });
    expect((await kycOf(t, kycId)).status).toBe('KycSubmitted');

    // Decided as a true match (a PEP, say, kept as a client): the review rescores first, so the hit
    // makes the KYC High and a second officer must approve it too.
    await withTenant(t.id, (tx) => tx.match.updateMany({ where: { tenantId: t.id, entityId: entity.id }, data: { status: 'TruePositive' } }));
    const first = await review(t, kycId, { decision: 'Approve', comment: 'Match reviewed; approved with EDD' }, await officer(t));
    expect(first.status).toBe(201);
    expect(first.body.kyc.status).toBe('KycUnderReview');
    const scores = (await kycOf(t, kycId)).scores;
    expect(scores[0]).toMatchObject({ reason: 'Rescore', riskLevel: 'High', localMatchCount: 1, submissionId: null });
    expect(scores[0].overrideReasons).toEqual([expect.objectContaining({ category: 'Case', riskLevel: 'High' })]);
    expect(scores[1]).toMatchObject({ reason: 'Default', riskLevel: 'Low' });
  });

  it('new answers while a KYC waits for its second review send it back to KycSubmitted', async () => {
    const t = await createTestTenant();
    const { kycId, flow, published } = await submittedProspect(t, { byName: { PEP: ['Yes'] } });
    await review(t, kycId, { decision: 'Approve', comment: 'first' }, await officer(t));
    const suitability = await tree(t, flow.id, published.Suitability!);
    expect((await submit(t, kycId, suitability.id, answersFor(suitability))).status).toBe(201);
    expect((await kycOf(t, kycId)).status).toBe('KycSubmitted');
  });
});

describe('agreements', () => {
  it('lists the flow’s agreements for the KYC’s classification and records a signature', async () => {
    const t = await createTestTenant();
    const other = await createTestTenant();
    const p = await prospect(t);
    const url = `/services/crm/kyc/${p.kyc.id}/agreements`;
    const list = expectContract(agreementList, (await call(agreementsRoute, 'GET', url, t.headers, { kycId: p.kyc.id })).body);
    expect(list.meta.totalCount).toBe(2);
    expect(list.data.map((a) => [a.type, a.classification, a.signature])).toEqual([
      ['ConsentPolicy', 'Retail', null],
      ['TermsAndConditions', 'Retail', null],
    ]);
    expect(list.data[0]!.titleAr).toBe('الموافقة على معالجة البيانات الشخصية');
    const agreementId = list.data[0]!.id;
    const signed = await createTestAttachment(t.id, 'pdf', 'consent-signed.pdf');
    const sign = (attachmentId: string, kycId = p.kyc.id, id = agreementId, headers = t.headers) =>
      call(signRoute, 'PUT', `/services/crm/kyc/${kycId}/agreements/${id}/signature`, headers, { kycId, agreementId: id }, { attachmentId });
    const res = await sign(signed.id);
    expect(res.status).toBe(200);
    expect(expectContract(agreementEnvelope, res.body).data.signature!.attachment).toEqual(signed);
    expect((await sign((await createTestAttachment(other.id)).id)).status).toBe(404);
    const otherKyc = (await prospect(other)).kyc.id;
    expect((await sign(signed.id, otherKyc)).status).toBe(404);
    expect((await sign(signed.id, p.kyc.id, crypto.randomUUID())).status).toBe(404);
    expect((await sign('not-a-uuid')).status).toBe(400);
  });
});

describe('tenant isolation', () => {
  it("another tenant's flow, form, KYC, agreement, question and option ids are NOT_FOUND or refused", async () => {
    const a = await createTestTenant();
    const b = await createTestTenant();
    const bFlow = await defaultFlow(b);
    const bProspect = await prospect(b);
    const aProspect = await prospect(a);
    const bKycForm = await tree(b, bFlow.flow.id, bFlow.published.Kyc!);
    const aFlow = await defaultFlow(a);
    const asA = a.headers;
    const ids = { flowId: bFlow.flow.id, formId: bKycForm.id, kycId: bProspect.kyc.id };
    const responses = [
      await call(formsRoute, 'GET', `/services/crm/kyc-flows/${ids.flowId}/forms`, asA, { flowId: ids.flowId }),
      await call(formRoute, 'GET', `/services/crm/kyc-flows/${ids.flowId}/forms/${ids.formId}`, asA, ids),
      await call(formRoute, 'GET', `/services/crm/kyc-flows/${aFlow.flow.id}/forms/${ids.formId}`, asA, { flowId: aFlow.flow.id, formId: ids.formId }),
      await call(formRoute, 'GET', `/services/crm/kyc-flows/${aFlow.flow.id}/forms/${aFlow.published.Kyc}?kycId=${ids.kycId}`, asA, {
        flowId: aFlow.flow.id,
        formId: aFlow.published.Kyc!,
      }),
      await call(kycRoute, 'GET', `/services/crm/kyc/${ids.kycId}`, asA, { kycId: ids.kycId }),
      await call(questionsRoute, 'GET', `/services/crm/kyc/${ids.kycId}/questions`, asA, { kycId: ids.kycId }),
      await call(agreementsRoute, 'GET', `/services/crm/kyc/${ids.kycId}/agreements`, asA, { kycId: ids.kycId }),
      await submit(a, ids.kycId, aFlow.published.Kyc!, { answers: [{ questionId: crypto.randomUUID() }] }),
      await submit(a, aProspect.kyc.id, ids.formId, answersFor(bKycForm)),
      await call(
        enableRoute,
        'PATCH',
        `/services/crm/kyc/${aProspect.kyc.id}/forms/${bFlow.published.Edd}/enable`,
        asA,
        { kycId: aProspect.kyc.id, formId: bFlow.published.Edd! },
        {
          enabledQuestionIds: [crypto.randomUUID()],
        },
      ),
      await review(a, ids.kycId, { decision: 'Approve', comment: 'x' }, await officer(a)),
    ];
    for (const res of responses) {
      expect(res.status).toBe(404);
      expect(res.body.errorCode).toBe('NOT_FOUND');
    }
    // B's questions and options sent to A's form name nothing of A's form.
    const aKycForm = await tree(a, aFlow.flow.id, aFlow.published.Kyc!);
    const mixed = answersFor(aKycForm).answers.map((x, i) => (i === 0 ? { ...x, questionId: bKycForm.sections[0]!.questions[0]!.id } : x));
    expect((await submit(a, aProspect.kyc.id, aKycForm.id, { answers: mixed })).body.validationErrors[0]).toBe(
      'answers.0.questionId: not a question of this form',
    );
    // Malformed ids are 404 too.
    expect((await call(kycRoute, 'GET', '/services/crm/kyc/nope', asA, { kycId: 'nope' })).status).toBe(404);
    // The database's own wall: A's transaction sees none of B's KYC rows.
    const client = await db.current().pool.connect();
    try {
      await client.query('BEGIN; SET LOCAL ROLE crm_app');
      await client.query(`SELECT set_config('app.tenant_id', $1, true)`, [a.id]);
      for (const table of ['Kyc', 'KycFlow', 'KycForm', 'KycQuestion', 'KycOption', 'KycAgreement', 'KycScore', 'KycSubmission']) {
        const { rows } = await client.query(`SELECT count(*)::int AS n FROM "${table}" WHERE "tenantId" = $1`, [b.id]);
        expect(rows[0].n, table).toBe(0);
      }
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });
});
