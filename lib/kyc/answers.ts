import crypto from 'node:crypto';
import type { z } from 'zod';
import type { AttachmentOut } from '@/lib/attachments/schemas';
import { formatIso, formatTimestamp } from '@/lib/core/format';
import { RawJson } from '@/lib/core/raw-json';
import type { Tx } from '@/lib/db/tenant-tx';
import { loadFormTree, type QuestionOutTree } from './form-tree';
import type { answerSchema, FormOut, reviewSchema, submissionSchema } from './schemas';

// Submissions, answers and reviews in the API's shape. Options and questions come from the form
// trees (cached; Published forms never change), attachments from crm_attachment_json.

type AnswerOut = z.infer<typeof answerSchema>;
type SubmissionOut = z.infer<typeof submissionSchema>;
type ReviewOut = z.infer<typeof reviewSchema>;
type OptionOutTree = QuestionOutTree['options'][number];

export interface TreeIndex {
  form: FormOut;
  questions: Map<string, QuestionOutTree>;
  options: Map<string, OptionOutTree>;
  /** Position of each question in the form (section order, then question order). */
  position: Map<string, number>;
}

const indexes = new WeakMap<FormOut, TreeIndex>();

export function indexTree(form: FormOut): TreeIndex {
  let index = indexes.get(form);
  if (!index) {
    const questions = form.sections.flatMap((s) => s.questions);
    index = {
      form,
      questions: new Map(questions.map((q) => [q.id, q])),
      options: new Map(questions.flatMap((q) => q.options.map((o) => [o.id, o] as const))),
      position: new Map(questions.map((q, i) => [q.id, i])),
    };
    indexes.set(form, index);
  }
  return index;
}

/** Trees (indexed) of the given forms of the tenant. */
export async function loadTrees(tx: Tx, tenantId: string, formIds: Iterable<string>): Promise<Map<string, TreeIndex>> {
  const ids = [...new Set(formIds)];
  const out = new Map<string, TreeIndex>();
  if (!ids.length) return out;
  const stamps = await tx.kycForm.findMany({ where: { tenantId, id: { in: ids } }, select: { id: true, updatedAt: true } });
  for (const s of stamps) out.set(s.id, indexTree((await loadFormTree(tx, tenantId, s.id, s.updatedAt)).form));
  return out;
}

export async function attachmentsJson(tx: Tx, tenantId: string, ids: string[]): Promise<Map<string, AttachmentOut>> {
  if (!ids.length) return new Map();
  const rows = await tx.$queryRaw<{ id: string; json: string }[]>`
    SELECT a."id"::text AS id, crm_attachment_json(a)::text AS json FROM "Attachment" a
    WHERE a."tenantId" = ${tenantId}::uuid AND a."id" = ANY(${[...new Set(ids)]}::uuid[])`;
  return new Map(rows.map((r) => [r.id, JSON.parse(r.json) as AttachmentOut]));
}

export interface AnswerRow {
  id: string;
  createdAt: Date;
  updatedAt: Date;
  questionId: string;
  openAnswer: string | null;
  /** KycAnswer.chosenOptions: each choice's id (`answerToOptions[].id`), option and additional information. */
  chosenOptions: ChosenOption[];
  attachments: { attachmentId: string; position: number }[];
}

export interface ChosenOption {
  id: string;
  optionId: string;
  additionalInfo: string | null;
}

/** KycAnswer.chosenOptions as read through the ORM (a JSON column). */
export const chosenOptionsOf = (value: unknown): ChosenOption[] => value as ChosenOption[];

export function answerOut(row: AnswerRow, tree: TreeIndex, attachments: Map<string, AttachmentOut>): AnswerOut {
  const question = tree.questions.get(row.questionId);
  const chosen = row.chosenOptions
    .map((ao) => ({ ao, option: tree.options.get(ao.optionId)! }))
    .filter((x) => x.option)
    .sort((a, b) => a.option.sortOrder - b.option.sortOrder);
  return {
    id: row.id,
    createdAt: formatTimestamp(row.createdAt),
    updatedAt: formatTimestamp(row.updatedAt),
    openAnswer: row.openAnswer,
    attachments: [...row.attachments]
      .sort((a, b) => a.position - b.position)
      .map((a) => attachments.get(a.attachmentId))
      .filter((a): a is AttachmentOut => Boolean(a)),
    questionId: row.questionId,
    answerToOptions: chosen.map(({ ao, option }) => ({
      id: ao.id,
      // A choice is written with its answer and never changes apart from it: the answer's stamps.
      createdAt: formatTimestamp(row.createdAt),
      updatedAt: formatTimestamp(row.updatedAt),
      option,
      additionalInfo: ao.additionalInfo,
    })),
    multipleChoiceAnswers: question?.allowMultiple ? chosen.map((x) => x.option) : [],
  };
}

const answerInclude = {
  attachments: { select: { attachmentId: true, position: true } },
} as const;

/** A KYC's submissions (all attempts, oldest first), optionally of one form or by id. */
export async function loadSubmissions(tx: Tx, tenantId: string, where: { kycId: string; formId?: string; ids?: string[] }): Promise<SubmissionOut[]> {
  const rows = await tx.kycSubmission.findMany({
    where: { tenantId, kycId: where.kycId, ...(where.formId ? { formId: where.formId } : {}), ...(where.ids ? { id: { in: where.ids } } : {}) },
    orderBy: [{ createdAt: 'asc' }, { attempt: 'asc' }],
    include: { answers: { include: answerInclude } },
  });
  if (!rows.length) return [];
  const trees = await loadTrees(
    tx,
    tenantId,
    rows.map((r) => r.formId),
  );
  const attachments = await attachmentsJson(
    tx,
    tenantId,
    rows.flatMap((r) => r.answers.flatMap((a) => a.attachments.map((x) => x.attachmentId))),
  );
  const enabled = await tx.kycEnabledQuestion.findMany({
    where: { tenantId, kycId: where.kycId, formId: { in: [...trees.keys()] } },
    select: { formId: true, questionId: true },
  });
  return rows.map((r) =>
    submissionOut(
      { ...r, answers: r.answers.map((a) => ({ ...a, chosenOptions: chosenOptionsOf(a.chosenOptions) })) },
      trees.get(r.formId)!,
      attachments,
      enabled,
    ),
  );
}

export function submissionOut(
  r: {
    id: string;
    createdAt: Date;
    updatedAt: Date;
    submittedAt: Date;
    attempt: number;
    formId: string;
    suitabilityScore: { toString(): string } | null;
    suitabilitySucceeded: boolean | null;
    answers: AnswerRow[];
  },
  tree: TreeIndex,
  attachments: Map<string, AttachmentOut>,
  enabled: { formId: string; questionId: string }[],
): SubmissionOut {
  const enabledIds = new Set(enabled.filter((e) => e.formId === r.formId).map((e) => e.questionId));
  const order = (id: string) => tree.position.get(id) ?? Number.MAX_SAFE_INTEGER;
  return {
    id: r.id,
    createdAt: formatTimestamp(r.createdAt),
    updatedAt: formatTimestamp(r.updatedAt),
    submittedAt: formatIso(r.submittedAt)!,
    attempt: r.attempt,
    formId: r.formId,
    suitabilityScore: r.suitabilityScore === null ? null : r.suitabilityScore.toString(),
    suitabilitySucceeded: r.suitabilitySucceeded,
    enabledQuestions:
      tree.form.type === 'Edd' || tree.form.type === 'QualifiedInvestor' ? [...tree.questions.values()].filter((q) => enabledIds.has(q.id)) : [],
    answers: [...r.answers].sort((a, b) => order(a.questionId) - order(b.questionId)).map((a) => answerOut(a, tree, attachments)),
  };
}

// A submission's answer repeats the chosen options whole (`answerToOptions[].option`,
// `multipleChoiceAnswers`): for a 200-question form that is ~80% of its ~480 kB. The options are
// the cached tree's objects, so their JSON is kept with the tree, already encoded as UTF-8, and
// spliced in: each stands in the serialised answer as a marker string no request can produce (it
// carries a random key of this process); the text between markers is encoded and the pieces
// joined, which is byte for byte the UTF-8 of what JSON.stringify writes for the whole. (Replacing
// the markers by the options' text first built a ~480 kB string, mostly two-byte for the Arabic
// names, and then encoded all of it again for every answer.)
const OPTION_KEY = crypto.randomBytes(12).toString('hex');
const OPTION_MARK = new RegExp(`"\\\\u0000${OPTION_KEY}:([^"]+)"`);
const optionBytes = new WeakMap<TreeIndex, Map<string, Buffer>>();

function optionJson(tree: TreeIndex, id: string): Buffer {
  let kept = optionBytes.get(tree);
  if (!kept) optionBytes.set(tree, (kept = new Map()));
  let bytes = kept.get(id);
  if (bytes === undefined) kept.set(id, (bytes = Buffer.from(JSON.stringify(tree.options.get(id)))));
  return bytes;
}

/** `{"data": submission}` as UTF-8 JSON, byte for byte what JSON.stringify writes, its options from the tree's kept bytes. */
export function submissionEnvelopeJson(submission: SubmissionOut, tree: TreeIndex): RawJson {
  const mark = (option: OptionOutTree) => (tree.options.get(option.id) === option ? `\u0000${OPTION_KEY}:${option.id}` : option);
  const marked = {
    ...submission,
    answers: submission.answers.map((a) => ({
      ...a,
      answerToOptions: a.answerToOptions.map((x) => ({ ...x, option: mark(x.option) })),
      multipleChoiceAnswers: a.multipleChoiceAnswers.map(mark),
    })),
  };
  // Split on a pattern with one group: text, option id, text, option id, …, text.
  const pieces = JSON.stringify({ data: marked }).split(OPTION_MARK);
  return RawJson.fromBytes(Buffer.concat(pieces.map((piece, i) => (i % 2 ? optionJson(tree, piece) : Buffer.from(piece)))));
}

/** Users (the API's User object) by id; ids of no user of the tenant are absent. */
export async function usersById(tx: Tx, tenantId: string, ids: (string | null)[]) {
  const wanted = [...new Set(ids.filter((x): x is string => Boolean(x)))];
  if (!wanted.length) return new Map<string, ReviewOut['user'] & object>();
  const users = await tx.user.findMany({ where: { id: { in: wanted }, OR: [{ tenantId }, { tenantId: null }] } });
  return new Map(
    users.map((u) => [
      u.id,
      {
        id: u.id,
        createdAt: formatTimestamp(u.createdAt),
        updatedAt: formatTimestamp(u.updatedAt),
        email: u.email,
        displayName: u.displayName,
        roleId: u.role as string,
      },
    ]),
  );
}

/** A KYC's reviews, oldest first; `formId` undefined: all of them, null: the KYC's own, an id: that form's. */
export async function loadReviews(tx: Tx, tenantId: string, where: { kycId: string; formId?: string | null }): Promise<ReviewOut[]> {
  const rows = await tx.kycReview.findMany({
    where: { tenantId, kycId: where.kycId, ...(where.formId !== undefined ? { formId: where.formId } : {}) },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  const users = await usersById(
    tx,
    tenantId,
    rows.map((r) => r.userId),
  );
  return rows.map((r) => reviewOut(r, users.get(r.userId) ?? null));
}

export function reviewOut(
  r: {
    id: string;
    createdAt: Date;
    updatedAt: Date;
    status: 'Approved' | 'Rejected';
    type: 'First' | 'Second';
    comment: string;
    kycScoreId: string | null;
    formId: string | null;
    userId: string;
  },
  user: ReviewOut['user'],
): ReviewOut {
  return {
    id: r.id,
    createdAt: formatTimestamp(r.createdAt),
    updatedAt: formatTimestamp(r.updatedAt),
    status: r.status,
    type: r.type,
    comment: r.comment,
    kycScoreId: r.kycScoreId,
    formId: r.formId,
    userId: r.userId,
    user,
  };
}
