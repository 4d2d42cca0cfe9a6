import { RawJson } from '@/lib/core/raw-json';
import { formatIso, formatIsoMs, formatTimestamp } from '@/lib/core/format';
import type { Tx } from '@/lib/db/tenant-tx';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { FormInput as ScoringForm, OptionInput as ScoringOption } from './scoring';
import type { FormOut } from './schemas';

export { formDraftOf } from './schemas';

// A form with its whole tree (sections → questions → options → scores), read with one Prisma query
// and put into the API's shape. Published forms never change (the builder's writes refuse them with
// FORM_NOT_DRAFT; "edit" makes a new form id) and every write to a Draft touches the form row, so a
// tree is cached per process by (id, updatedAt), which is safe for both: GET form and every
// submission's validation and scoring read the cache instead of thousands of rows, and GET form
// sends the cached, already encoded body.

export const formTreeInclude = {
  flow: { select: { id: true } },
  sections: {
    orderBy: [{ sortOrder: 'asc' }, { id: 'asc' }],
    include: {
      weights: { orderBy: { classification: 'asc' } },
      questions: {
        orderBy: [{ sortOrder: 'asc' }, { id: 'asc' }],
        include: { options: { orderBy: [{ sortOrder: 'asc' }, { id: 'asc' }], include: { scores: { orderBy: { classification: 'asc' } } } } },
      },
    },
  },
} satisfies Prisma.KycFormInclude;

export type FormTreeRow = Prisma.KycFormGetPayload<{ include: typeof formTreeInclude }>;
type SectionRow = FormTreeRow['sections'][number];
type QuestionRow = SectionRow['questions'][number];
export type OptionRow = QuestionRow['options'][number];

const num = (d: { toString(): string } | null) => (d === null ? null : Number(d.toString()));

export function optionOut(o: OptionRow) {
  return {
    id: o.id,
    createdAt: formatTimestamp(o.createdAt),
    updatedAt: formatTimestamp(o.updatedAt),
    nameEn: o.nameEn,
    nameAr: o.nameAr,
    sortOrder: o.sortOrder,
    additionalInfoEnabled: o.additionalInfoEnabled,
    min: num(o.min),
    max: num(o.max),
    scores: o.scores.map((s) => ({
      id: s.id,
      createdAt: formatTimestamp(s.createdAt),
      updatedAt: formatTimestamp(s.updatedAt),
      classification: s.classification,
      override: s.override,
      riskLevel: s.riskLevel,
      modifiedByUser: s.modifiedByUser,
      syncedRiskAt: formatIsoMs(s.syncedRiskAt),
      blocking: s.blocking,
      suitabilityScore: s.suitabilityScore,
      countryRisk: null,
    })),
  };
}

function questionOut(q: QuestionRow, flowId: string) {
  return {
    id: q.id,
    createdAt: formatTimestamp(q.createdAt),
    updatedAt: formatTimestamp(q.updatedAt),
    nameEn: q.nameEn,
    nameAr: q.nameAr,
    labelEn: q.labelEn,
    labelAr: q.labelAr,
    required: q.required,
    type: q.type,
    allowMultiple: q.allowMultiple,
    additionalInfoType: q.additionalInfoType,
    category: q.category,
    unit: q.unit,
    answerSource: q.answerSource,
    kycFlowId: flowId,
    formId: q.formId,
    sectionId: q.sectionId,
    sortOrder: q.sortOrder,
    subweights: q.subweights,
    options: q.options.map(optionOut),
  };
}

function sectionWeightsOut(s: SectionRow) {
  return s.weights.map((w) => ({
    id: w.id,
    createdAt: formatTimestamp(w.createdAt),
    updatedAt: formatTimestamp(w.updatedAt),
    classification: w.classification,
    value: w.value,
  }));
}

/** The Form object (decisions.md: sections → questions → options → scores, each sorted by sortOrder). */
export function formOut(f: FormTreeRow): FormOut {
  return {
    id: f.id,
    createdAt: formatTimestamp(f.createdAt),
    updatedAt: formatTimestamp(f.updatedAt),
    type: f.type,
    nameEn: f.nameEn,
    nameAr: f.nameAr,
    requestType: f.requestType as FormOut['requestType'],
    source: f.source as FormOut['source'],
    status: f.status,
    flowId: f.flowId,
    lineageId: f.lineageId,
    version: f.version,
    passMark: f.passMark,
    publishedAt: formatIso(f.publishedAt),
    deactivatedAt: formatIso(f.deactivatedAt),
    submissions: [],
    kycReviews: [],
    sections: f.sections.map((s) => ({
      id: s.id,
      createdAt: formatTimestamp(s.createdAt),
      updatedAt: formatTimestamp(s.updatedAt),
      nameEn: s.nameEn,
      nameAr: s.nameAr,
      sortOrder: s.sortOrder,
      formId: s.formId,
      weights: sectionWeightsOut(s),
      questions: s.questions.map((q) => questionOut(q, f.flowId)),
    })),
  } as FormOut;
}

export type QuestionOutTree = FormOut['sections'][number]['questions'][number];
export type SectionOutTree = FormOut['sections'][number];

/** What the scoring needs from a form. */
export function scoringFormOf(form: FormOut): ScoringForm {
  return {
    id: form.id,
    type: form.type,
    passMark: form.passMark,
    sections: form.sections.map((s) => ({
      id: s.id,
      formId: form.id,
      nameEn: s.nameEn,
      nameAr: s.nameAr,
      weights: Object.fromEntries(s.weights.map((w) => [w.classification, w.value])),
      questions: s.questions.map((q) => ({
        id: q.id,
        category: q.category,
        subweights: q.subweights,
        options: q.options.map((o): ScoringOption => ({
          id: o.id,
          scores: Object.fromEntries(
            o.scores.map((sc) => [
              sc.classification,
              { riskLevel: sc.riskLevel, override: sc.override, blocking: sc.blocking, suitabilityScore: sc.suitabilityScore },
            ]),
          ) as ScoringOption['scores'],
        })),
      })),
    })),
  };
}

interface CachedTree {
  updatedAt: number;
  form: FormOut;
  /** The tree as the GET form answers it: JSON text, its UTF-8 bytes, entity tag and gzip encoding, made once per version. */
  body?: RawJson;
  scoring?: ScoringForm;
}

const MAX_CACHED = 500;
const cache = new Map<string, CachedTree>();

function remember(id: string, entry: CachedTree): CachedTree {
  cache.delete(id);
  cache.set(id, entry);
  if (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value!);
  return entry;
}

/** The cached tree of the form when it is still the version stamped `stamp` (the form row's updatedAt). */
export function cachedFormTree(formId: string, stamp: Date): CachedTree | undefined {
  const hit = cache.get(formId);
  return hit && hit.updatedAt === stamp.getTime() ? hit : undefined;
}

/**
 * The form's tree, from the cache when the form row has not changed since, else read and cached.
 * `stamp` is the form row's updatedAt as the caller just read it (in its own transaction).
 */
export async function loadFormTree(tx: Tx, tenantId: string, formId: string, stamp: Date): Promise<CachedTree> {
  const hit = cachedFormTree(formId, stamp);
  if (hit) return hit;
  const row = await tx.kycForm.findFirst({ where: { id: formId, tenantId }, include: formTreeInclude });
  if (!row) throw new Error(`form ${formId} vanished`);
  return remember(formId, { updatedAt: row.updatedAt.getTime(), form: formOut(row) });
}

/**
 * The tree's JSON body, serialised and encoded once per cached version: a 10 × 20 × 5 form is 1.2 MB
 * of JSON (mostly Arabic and English labels), and encoding it again for every GET cost more CPU
 * than everything else the route does; so would gzipping it for every client that accepts gzip
 * (~12 ms of CPU each): its gzip encoding is kept with it (RawJson.cached).
 */
export function treeBody(entry: CachedTree): RawJson {
  entry.body ??= RawJson.cached(JSON.stringify(entry.form));
  return entry.body;
}

export function treeScoring(entry: CachedTree): ScoringForm {
  entry.scoring ??= scoringFormOf(entry.form);
  return entry.scoring;
}

/** Tests: forget every cached tree. */
export function clearFormTreeCache(): void {
  cache.clear();
}
