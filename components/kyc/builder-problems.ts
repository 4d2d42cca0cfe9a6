import { z } from 'zod';
import { formDraftInput } from '@/lib/kyc/schemas';

/** One field the builder cannot save: its react-hook-form path, zod's issue code and (English) message. */
export interface Problem {
  path: string;
  type: string;
  message?: string;
}

/** A key of kyc.builder.errors and the values it names (the schema's limits). */
export interface IssueText {
  key: 'required' | 'notWholeNumber' | 'tooSmall' | 'tooBig' | 'tooLong' | 'tooMany' | 'invalid';
  values?: Record<string, string>;
}

const unwrap = (schema: unknown): unknown => (schema instanceof z.ZodNullable || schema instanceof z.ZodOptional ? unwrap(schema.unwrap()) : schema);

/** The builder schema (formDraftInput) of the field at a react-hook-form path, if the path names one. */
export function schemaAt(path: string): unknown {
  let schema: unknown = formDraftInput;
  for (const key of path ? path.split('.') : []) {
    schema = unwrap(schema);
    if (schema instanceof z.ZodObject) schema = (schema.shape as Record<string, unknown>)[key];
    else if (schema instanceof z.ZodArray && /^\d+$/.test(key)) schema = schema.element;
    else return undefined;
  }
  return unwrap(schema);
}

/** An array's longest length, from its `.max()` check (zod's arrays have no accessor for it). */
const maxItems = (schema: z.ZodArray): number | undefined => {
  for (const check of schema._zod.def.checks ?? []) {
    const def = check._zod.def as { check: string; maximum?: number };
    if (def.check === 'max_length') return def.maximum;
  }
  return undefined;
};

const limit = (n: number | null | undefined) => (typeof n === 'number' && Number.isFinite(n) ? String(n) : null);

/**
 * What is wrong with a field, from zod's issue code and message and the schema's own limits: empty
 * (the only case that says "Required."), not a whole number, below the minimum, above the maximum,
 * too long, too many; else "Not valid.".
 */
export function issueText({ path, type, message = '' }: Problem): IssueText {
  const schema = schemaAt(path);
  switch (type) {
    case 'invalid_type':
      // A number input left empty reaches zod as null (or NaN); a fraction where an integer belongs says "expected int".
      return /expected int\b/.test(message) ? { key: 'notWholeNumber' } : { key: 'required' };
    case 'too_small': {
      if (schema instanceof z.ZodNumber) {
        const min = limit(schema.minValue);
        return min === null ? { key: 'invalid' } : { key: 'tooSmall', values: { min } };
      }
      // Text fields are trimmed and need one character: too short is empty.
      return { key: 'required' };
    }
    case 'too_big': {
      if (schema instanceof z.ZodNumber) {
        const max = limit(schema.maxValue);
        return max === null ? { key: 'invalid' } : { key: 'tooBig', values: { max } };
      }
      if (schema instanceof z.ZodString) {
        const max = limit(schema.maxLength);
        return max === null ? { key: 'invalid' } : { key: 'tooLong', values: { max } };
      }
      if (schema instanceof z.ZodArray) {
        const max = limit(maxItems(schema));
        return max === null ? { key: 'invalid' } : { key: 'tooMany', values: { max } };
      }
      return { key: 'invalid' };
    }
    default:
      return { key: 'invalid' };
  }
}

/** Every error of a react-hook-form error tree, by path (array-level errors sit under `root`). */
export function problemsOf(errors: unknown, prefix = ''): Problem[] {
  if (!errors || typeof errors !== 'object') return [];
  const node = errors as Record<string, unknown>;
  // A field's error is {type, message, ref}; a field named `type` (the form's, a question's) is an object there instead.
  const leaf = typeof node.type === 'string';
  const own = leaf ? [{ path: prefix, type: node.type as string, ...(typeof node.message === 'string' ? { message: node.message } : {}) }] : [];
  const children = Object.entries(node)
    .filter(([key]) => key !== 'ref' && !(leaf && ['message', 'type', 'types'].includes(key)))
    // An array's own error (too many sections) before its items', which JavaScript lists first.
    .sort(([a], [b]) => Number(b === 'root') - Number(a === 'root'))
    .flatMap(([key, value]) => problemsOf(value, key === 'root' ? prefix : prefix ? `${prefix}.${key}` : key));
  return [...own, ...children];
}

/**
 * The API's `validationErrors` ("path: message", messages in English) as problems, with the issue
 * code read back from zod's wording. Entries without a field path ("(body): …") are dropped.
 */
export function problemsFromServer(validationErrors: string[]): Problem[] {
  return validationErrors.flatMap((entry) => {
    const at = entry.indexOf(': ');
    const path = at > 0 ? entry.slice(0, at) : '';
    if (!/^[A-Za-z][\w.]*$/.test(path)) return [];
    const message = entry.slice(at + 2);
    const type = /^Too small/i.test(message)
      ? 'too_small'
      : /^Too big/i.test(message)
        ? 'too_big'
        : /^Invalid input: expected/i.test(message)
          ? 'invalid_type'
          : 'custom';
    return [{ path, type, message }];
  });
}

const CLASSIFICATIONS = new Set(['Retail', 'Professional', 'Institutional']);

/** A translator of the `kyc` namespace (next-intl's useTranslations('kyc') or createTranslator). */
export type KycTranslator = (key: string, values?: Record<string, string | number>) => string;

/**
 * "Section 1 › Question 2 › Option 1 › Name in English: Required." in `t`'s language, from a
 * problem's path: where it is (by position, as the builder numbers them) and which field.
 */
export function describeProblem(t: KycTranslator, problem: Problem): string {
  const { path } = problem;
  const field = (level: 'form' | 'section' | 'question' | 'option', rest: string[]): string | null => {
    const [key, sub, leaf] = rest;
    if (key === undefined) return null;
    const classification = sub && CLASSIFICATIONS.has(sub) ? t(`enums.classification.${sub}`) : '';
    if (level === 'question') {
      const labels: Record<string, string> = {
        nameEn: t('builder.questionNameEn'),
        nameAr: t('builder.questionNameAr'),
        labelEn: t('builder.labelEn'),
        labelAr: t('builder.labelAr'),
        type: t('builder.questionType'),
        category: t('builder.category'),
        unit: t('builder.unit'),
        subweights: t('builder.subweights'),
        answerSource: t('builder.answerSource'),
        additionalInfoType: t('builder.additionalInfoType'),
        allowMultiple: t('builder.allowMultiple'),
        required: t('builder.required'),
        options: t('builder.options'),
      };
      return labels[key] ?? null;
    }
    if (level === 'option' && key === 'scores' && classification) {
      if (leaf === 'riskLevel') return t('builder.riskLevel', { classification });
      if (leaf === 'suitabilityScore') return t('builder.summary.suitabilityScore', { classification });
      if (leaf === 'override') return t('builder.override');
      if (leaf === 'blocking') return t('builder.blocking');
      return null;
    }
    if (level === 'section' && key === 'weights' && classification) return t('builder.summary.weight', { classification });
    const common: Record<string, string> = {
      nameEn: t('form.nameEn'),
      nameAr: t('form.nameAr'),
      ...(level === 'form' ? { type: t('form.type'), passMark: t('builder.passMark'), sections: t('builder.sections') } : {}),
      ...(level === 'section' ? { questions: t('builder.questions') } : {}),
      ...(level === 'option' ? { min: t('builder.min'), max: t('builder.max'), additionalInfoEnabled: t('builder.additionalInfo') } : {}),
    };
    return common[key] ?? null;
  };

  {
    const parts = path.split('.');
    const where: string[] = [];
    let level: 'form' | 'section' | 'question' | 'option' = 'form';
    const steps = [
      ['sections', 'section'],
      ['questions', 'question'],
      ['options', 'option'],
    ] as const;
    for (const [name, next] of steps) {
      if (parts[0] !== name || !/^\d+$/.test(parts[1] ?? '')) break;
      where.push(t(`builder.summary.${next}`, { n: Number(parts[1]) + 1 }));
      level = next;
      parts.splice(0, 2);
    }
    const label = field(level, parts);
    if (label) where.push(label);
    // The same marks read right in both languages: "›" mirrors itself in Arabic, the colon is shared.
    const { key, values } = issueText(problem);
    return `${where.join(' › ') || t('builder.summary.form')}: ${t(`builder.errors.${key}`, values)}`;
  }
}

/**
 * The element of the builder that shows a problem's field: the field itself, else (a score of a
 * classification not on screen, an array-level error) the name of the nearest option, question or
 * section holding it.
 */
export function fieldOf(root: HTMLElement, path: string): HTMLElement | null {
  const parts = path.split('.');
  for (let end = parts.length; end >= 0; end--) {
    const prefix = parts.slice(0, end).join('.');
    for (const name of [prefix, prefix ? `${prefix}.nameEn` : 'nameEn']) {
      const found = root.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]`);
      if (found) return found;
    }
  }
  return null;
}

/** Opens the folded questions around a field, then brings it into view and focuses it. */
export function revealField(root: HTMLElement | null, path: string): void {
  const target = root ? fieldOf(root, path) : null;
  if (!target) return;
  for (let details = target.closest('details'); details; details = details.parentElement?.closest('details') ?? null) details.open = true;
  target.scrollIntoView({ block: 'center' });
  target.focus({ preventScroll: true });
}
