import crypto from 'node:crypto';
import { AppError } from '@/lib/core/errors';
import { formatIso, formatTimestamp } from '@/lib/core/format';
import type { RawJson } from '@/lib/core/raw-json';
import { buildMeta, pageOf, type PageQuery } from '@/lib/core/pagination';
import { queryAsTenant } from '@/lib/db/sql';
import { withTenant, type Tx } from '@/lib/db/tenant-tx';
import { writeAudit, type Actor } from '@/lib/audit/write-audit';
import { loadReviews, loadSubmissions } from './answers';
import { cachedFormTree, formDraftOf, loadFormTree, treeBody } from './form-tree';
import type { FormDraftInput, FormOut } from './schemas';
import { publishProblems, writeFormTree } from './write-form-tree';

async function findForm(tx: Tx, tenantId: string, flowId: string, formId: string) {
  const form = await tx.kycForm.findFirst({ where: { id: formId, tenantId, flowId } });
  if (!form) throw AppError.notFound();
  return form;
}

async function assertFlow(tx: Tx, tenantId: string, flowId: string) {
  if (!(await tx.kycFlow.findFirst({ where: { id: flowId, tenantId }, select: { id: true } }))) throw AppError.notFound();
}

/** GET /kyc-flows/{flowId}/forms: the flow's forms without their sections, newest first. */
export async function listForms({
  tenantId,
  flowId,
  page,
  type,
  status,
}: {
  tenantId: string;
  flowId: string;
  page: PageQuery;
  type?: string;
  status?: string;
}) {
  return withTenant(tenantId, async (tx) => {
    await assertFlow(tx, tenantId, flowId);
    const where = { tenantId, flowId, ...(type ? { type: type as never } : {}), ...(status ? { status: status as never } : {}) };
    const [rows, total] = await Promise.all([
      tx.kycForm.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], ...pageOf(page) }),
      tx.kycForm.count({ where }),
    ]);
    return {
      meta: buildMeta(page, total),
      data: rows.map((f) => ({
        id: f.id,
        createdAt: formatTimestamp(f.createdAt),
        updatedAt: formatTimestamp(f.updatedAt),
        type: f.type,
        nameEn: f.nameEn,
        nameAr: f.nameAr,
        requestType: f.requestType,
        source: f.source,
        status: f.status,
        flowId: f.flowId,
        lineageId: f.lineageId,
        version: f.version,
        passMark: f.passMark,
        publishedAt: formatIso(f.publishedAt),
        deactivatedAt: formatIso(f.deactivatedAt),
        submissions: [],
        kycReviews: [],
      })),
    };
  });
}

/**
 * GET /kyc-flows/{flowId}/forms/{formId}: the Form unwrapped with its complete tree. Without
 * `kycId` the answer is the cached JSON text of the tree; with it, that KYC's submissions of this
 * form and its reviews are filled in. A cached tree (a 10 × 20 × 5 form is 1.2 MB of JSON) is
 * answered after one statement that checks the form is the tenant's and of this flow and reads its
 * stamp (crm_kyc_form_stamp, scoped to the tenant by row-level security): no transaction.
 */
export async function getForm({
  tenantId,
  flowId,
  formId,
  kycId,
}: {
  tenantId: string;
  flowId: string;
  formId: string;
  kycId?: string;
}): Promise<RawJson | FormOut> {
  if (!kycId) {
    const rows = await queryAsTenant<{ stamp: Date | null }>(tenantId, {
      name: 'crm_kyc_form_stamp',
      text: 'SELECT crm_kyc_form_stamp($1, $2, $3) AS stamp',
      values: [flowId, formId],
    });
    const stamp = rows[0]?.stamp;
    if (!stamp) throw AppError.notFound();
    const hit = cachedFormTree(formId, stamp);
    if (hit) return treeBody(hit);
  }
  return withTenant(tenantId, async (tx) => {
    const row = await findForm(tx, tenantId, flowId, formId);
    const tree = await loadFormTree(tx, tenantId, formId, row.updatedAt);
    if (!kycId) return treeBody(tree);
    if (!(await tx.kyc.findFirst({ where: { id: kycId, tenantId }, select: { id: true } }))) throw AppError.notFound();
    const [submissions, kycReviews] = await Promise.all([loadSubmissions(tx, tenantId, { kycId, formId }), loadReviews(tx, tenantId, { kycId, formId })]);
    return { ...tree.form, submissions, kycReviews };
  });
}

/** The form's tree as plain data (server-rendered pages). */
export async function getFormTree({ tenantId, formId }: { tenantId: string; formId: string }): Promise<FormOut> {
  return withTenant(tenantId, async (tx) => {
    const row = await tx.kycForm.findFirst({ where: { id: formId, tenantId }, select: { updatedAt: true } });
    if (!row) throw AppError.notFound();
    return (await loadFormTree(tx, tenantId, formId, row.updatedAt)).form;
  });
}

async function treeOf(tx: Tx, tenantId: string, formId: string): Promise<FormOut> {
  const row = await tx.kycForm.findFirstOrThrow({ where: { id: formId, tenantId }, select: { updatedAt: true } });
  return (await loadFormTree(tx, tenantId, formId, row.updatedAt)).form;
}

type Args = { tenantId: string; flowId: string; formId: string; actor: Actor; requestId?: string };

/** POST /kyc-flows/{flowId}/forms: a new, empty Draft form (version 1 of a new lineage). */
export async function createForm({
  tenantId,
  flowId,
  input,
  actor,
  requestId,
}: {
  tenantId: string;
  flowId: string;
  input: { type: FormOut['type']; nameEn: string; nameAr: string; passMark?: number | null };
  actor: Actor;
  requestId?: string;
}) {
  return withTenant(tenantId, async (tx) => {
    await assertFlow(tx, tenantId, flowId);
    if (input.passMark != null && input.type !== 'Suitability') throw AppError.validation('passMark: only Suitability forms have a pass mark');
    const id = crypto.randomUUID();
    await tx.kycForm.create({
      data: { id, tenantId, flowId, lineageId: id, type: input.type, nameEn: input.nameEn, nameAr: input.nameAr, passMark: input.passMark ?? null },
    });
    await writeAudit(tx, { tenantId, actor, action: 'kyc.form.create', targetType: 'KycForm', targetId: id, after: input, requestId });
    return { data: await treeOf(tx, tenantId, id) };
  });
}

/** PUT /kyc-flows/{flowId}/forms/{formId}: replaces a Draft's names and whole tree (409 FORM_NOT_DRAFT otherwise). */
export async function saveFormDraft({ input, ...args }: Args & { input: FormDraftInput }): Promise<FormOut> {
  const { tenantId, flowId, formId, actor, requestId } = args;
  return withTenant(tenantId, async (tx) => {
    const form = await findForm(tx, tenantId, flowId, formId);
    if (form.status !== 'Draft') throw new AppError('FORM_NOT_DRAFT');
    if (input.type !== form.type && form.version > 1) throw AppError.validation('type: a new version keeps the type of the form it edits');
    const updated = await tx.kycForm.updateMany({
      where: { id: formId, tenantId, status: 'Draft', updatedAt: form.updatedAt },
      data: {
        type: input.type,
        nameEn: input.nameEn,
        nameAr: input.nameAr,
        passMark: input.passMark,
        requestType: input.requestType,
        source: input.source,
        updatedAt: new Date(),
      },
    });
    // Another save committed since this one read the form: the later write must not be lost silently.
    if (updated.count !== 1) throw new AppError('CONFLICT');
    await writeFormTree(tx, tenantId, formId, input, { modifiedByUser: true });
    await writeAudit(tx, {
      tenantId,
      actor,
      action: 'kyc.form.save',
      targetType: 'KycForm',
      targetId: formId,
      after: { sections: input.sections.length, questions: input.sections.reduce((n, s) => n + s.questions.length, 0) },
      requestId,
    });
    return treeOf(tx, tenantId, formId);
  });
}

/**
 * POST .../publish: Draft → Published, once complete (400 naming what is missing). A new version
 * replaces its Published predecessor (→ Deactivated) in the same transaction; any other Published
 * form of the same type in the flow is a 409 CONFLICT (a flow holds one Published form per type).
 */
export async function publishForm(args: Args): Promise<FormOut> {
  const { tenantId, flowId, formId, actor, requestId } = args;
  return withTenant(tenantId, async (tx) => {
    const form = await findForm(tx, tenantId, flowId, formId);
    if (form.status !== 'Draft') throw new AppError('INVALID_STATUS_TRANSITION');
    const problems = publishProblems(formDraftOf(await treeOf(tx, tenantId, formId)));
    if (problems.length) throw AppError.validation(...problems);
    const published = await tx.kycForm.findFirst({ where: { tenantId, flowId, type: form.type, status: 'Published' }, select: { id: true, lineageId: true } });
    if (published && published.lineageId !== form.lineageId) throw new AppError('CONFLICT');
    const now = new Date();
    if (published) await tx.kycForm.update({ where: { id: published.id }, data: { status: 'Deactivated', deactivatedAt: now } });
    const updated = await tx.kycForm.updateMany({ where: { id: formId, tenantId, status: 'Draft' }, data: { status: 'Published', publishedAt: now } });
    if (updated.count !== 1) throw new AppError('INVALID_STATUS_TRANSITION');
    await writeAudit(tx, {
      tenantId,
      actor,
      action: 'kyc.form.publish',
      targetType: 'KycForm',
      targetId: formId,
      before: { status: 'Draft' },
      after: { status: 'Published', replaces: published?.id ?? null },
      requestId,
    });
    return treeOf(tx, tenantId, formId);
  });
}

/** POST .../deactivate: Published → Deactivated (existing answers stay; the form takes no new ones). */
export async function deactivateForm(args: Args): Promise<FormOut> {
  const { tenantId, flowId, formId, actor, requestId } = args;
  return withTenant(tenantId, async (tx) => {
    await findForm(tx, tenantId, flowId, formId);
    const updated = await tx.kycForm.updateMany({
      where: { id: formId, tenantId, status: 'Published' },
      data: { status: 'Deactivated', deactivatedAt: new Date() },
    });
    if (updated.count !== 1) throw new AppError('INVALID_STATUS_TRANSITION');
    await writeAudit(tx, {
      tenantId,
      actor,
      action: 'kyc.form.deactivate',
      targetType: 'KycForm',
      targetId: formId,
      before: { status: 'Published' },
      after: { status: 'Deactivated' },
      requestId,
    });
    return treeOf(tx, tenantId, formId);
  });
}

/** POST .../versions: "edit" of a Published (or Deactivated) form: a Draft copy with the next version (409 while one is open). */
export async function createFormVersion(args: Args) {
  const { tenantId, flowId, formId, actor, requestId } = args;
  return withTenant(tenantId, async (tx) => {
    const form = await findForm(tx, tenantId, flowId, formId);
    if (form.status === 'Draft') throw new AppError('INVALID_STATUS_TRANSITION');
    if (await tx.kycForm.findFirst({ where: { tenantId, lineageId: form.lineageId, status: 'Draft' }, select: { id: true } })) throw new AppError('CONFLICT');
    const latest = await tx.kycForm.aggregate({ where: { tenantId, lineageId: form.lineageId }, _max: { version: true } });
    const id = crypto.randomUUID();
    await tx.kycForm.create({
      data: {
        id,
        tenantId,
        flowId,
        lineageId: form.lineageId,
        version: (latest._max.version ?? form.version) + 1,
        type: form.type,
        nameEn: form.nameEn,
        nameAr: form.nameAr,
        passMark: form.passMark,
        requestType: form.requestType,
        source: form.source,
      },
    });
    const draft = formDraftOf(await treeOf(tx, tenantId, formId));
    // The copy gets new ids: the Published version keeps its questions (and their answers).
    const fresh = {
      ...draft,
      sections: draft.sections.map(({ id: _s, ...s }) => ({
        ...s,
        questions: s.questions.map(({ id: _q, ...q }) => ({ ...q, options: q.options.map(({ id: _o, ...o }) => o) })),
      })),
    };
    await writeFormTree(tx, tenantId, id, fresh, { modifiedByUser: true });
    await writeAudit(tx, { tenantId, actor, action: 'kyc.form.version', targetType: 'KycForm', targetId: id, after: { from: formId }, requestId });
    return { data: await treeOf(tx, tenantId, id) };
  });
}
