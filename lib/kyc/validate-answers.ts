import { parseDateOnly } from '@/lib/core/format';
import { isCountryCode } from '@/lib/reference/nationalities';
import type { TreeIndex } from './answers';
import type { AnswerInput } from './schemas';

/** An answer checked against its question: what is stored. */
export interface CheckedAnswer {
  questionId: string;
  optionIds: string[];
  openAnswer: string | null;
  additionalInfo: Map<string, string>;
  attachmentIds: string[];
}

const DECIMAL = /^-?\d{1,15}(\.\d{1,6})?$/;
const TEXT_MAX: Record<string, number> = { ShortText: 500, LongText: 5000 };

function checkAdditional(type: string | null, value: string): string | null {
  if (!value.trim()) return 'required for this option';
  if (type === 'Number' && !DECIMAL.test(value.trim())) return 'expected a number';
  if (type === 'Date' && !parseDateOnly(value.trim())) return 'expected a date YYYY-MM-DD';
  if (type === 'ShortText' && value.length > 500) return 'at most 500 characters';
  return null;
}

/**
 * Checks a submission's answers against the form (decisions.md, Submissions): each question of the
 * form and open for this KYC, options of their question, `allowMultiple`, Number answers within an
 * option's min/max, values of the question's type, additional information where an option asks for
 * it, and every required open question answered. Each problem names `answers.N.<field>`.
 * Attachments are checked against the tenant by the caller.
 */
export function checkAnswers(tree: TreeIndex, answers: AnswerInput[], open: Set<string> | null): { checked: CheckedAnswer[]; problems: string[] } {
  const problems: string[] = [];
  const checked: CheckedAnswer[] = [];
  const seen = new Set<string>();
  answers.forEach((answer, n) => {
    const at = `answers.${n}`;
    const problem = (field: string, message: string) => problems.push(`${at}.${field}: ${message}`);
    const question = tree.questions.get(answer.questionId);
    if (!question) return problem('questionId', 'not a question of this form');
    if (open && !open.has(question.id)) return problem('questionId', 'not enabled for this KYC');
    if (seen.has(question.id)) return problem('questionId', 'answered twice in this submission');
    seen.add(question.id);

    const optionIds = [...new Set(answer.optionIds ?? [])];
    const text = answer.openAnswer?.trim() ?? '';
    const attachmentIds = [...new Set(answer.attachmentIds ?? [])];
    const type = question.type;
    const before = problems.length;
    optionIds.forEach((id, m) => {
      if (!question.options.some((o) => o.id === id)) problem(`optionIds.${m}`, 'not an option of this question');
    });
    if (type !== 'Attachment' && attachmentIds.length) problem('attachmentIds', `not taken by a ${type} question`);
    if ((type === 'SingleChoice' || type === 'MultipleChoice') && answer.openAnswer !== undefined) problem('openAnswer', `not taken by a ${type} question`);
    if (!['SingleChoice', 'MultipleChoice', 'Number'].includes(type) && optionIds.length) problem('optionIds', `not taken by a ${type} question`);

    let chosen = optionIds;
    switch (type) {
      case 'SingleChoice':
      case 'MultipleChoice':
        if (!optionIds.length) problem('optionIds', 'choose at least one option');
        else if (optionIds.length > 1 && !question.allowMultiple) problem('optionIds', 'this question takes one option');
        break;
      case 'Number': {
        if (!DECIMAL.test(text)) {
          problem('openAnswer', 'expected a number, e.g. "15000.50"');
          break;
        }
        const value = Number(text);
        if (question.options.length) {
          const inRange = question.options.filter((o) => (o.min === null || value >= o.min) && (o.max === null || value <= o.max));
          if (optionIds.length > 1) problem('optionIds', 'this question takes one option');
          else if (optionIds.length === 1 && !inRange.some((o) => o.id === optionIds[0])) problem('openAnswer', "not within the chosen option's min and max");
          else if (!inRange.length) problem('openAnswer', "not within any option's min and max");
          else chosen = [optionIds[0] ?? inRange[0]!.id];
        }
        break;
      }
      case 'Date':
        if (!parseDateOnly(text)) problem('openAnswer', 'expected a date YYYY-MM-DD');
        break;
      case 'Country':
        if (!isCountryCode(text)) problem('openAnswer', 'expected an ISO 3166-1 alpha-2 country code (upper case)');
        break;
      case 'Attachment':
        if (!attachmentIds.length) problem('attachmentIds', 'attach at least one file');
        else if (attachmentIds.length > 1 && !question.allowMultiple) problem('attachmentIds', 'this question takes one file');
        if (answer.openAnswer !== undefined) problem('openAnswer', 'not taken by an Attachment question');
        break;
      default:
        if (!text) problem('openAnswer', 'required');
        else if (text.length > (TEXT_MAX[type] ?? 5000)) problem('openAnswer', `at most ${TEXT_MAX[type]} characters`);
    }

    const additionalInfo = new Map<string, string>();
    for (const [optionId, value] of Object.entries(answer.additionalInfo ?? {})) {
      const option = question.options.find((o) => o.id === optionId);
      if (!option || !chosen.includes(optionId)) problem(`additionalInfo.${optionId}`, 'not a chosen option of this question');
      else if (!option.additionalInfoEnabled) problem(`additionalInfo.${optionId}`, 'this option takes no additional information');
      else {
        const issue = checkAdditional(question.additionalInfoType, value);
        if (issue) problem(`additionalInfo.${optionId}`, issue);
        else additionalInfo.set(optionId, value.trim());
      }
    }
    for (const optionId of chosen) {
      const option = question.options.find((o) => o.id === optionId);
      if (option?.additionalInfoEnabled && !additionalInfo.has(optionId) && answer.additionalInfo?.[optionId] === undefined) {
        problem(`additionalInfo.${optionId}`, 'required for this option');
      }
    }
    if (problems.length === before) {
      checked.push({
        questionId: question.id,
        optionIds: chosen,
        openAnswer: type === 'SingleChoice' || type === 'MultipleChoice' || type === 'Attachment' ? null : text,
        additionalInfo,
        attachmentIds,
      });
    }
  });
  for (const question of tree.questions.values()) {
    if (question.required && !seen.has(question.id) && (!open || open.has(question.id))) {
      problems.push(`answers: question ${question.id} ("${question.nameEn}") is required`);
    }
  }
  return { checked, problems };
}
