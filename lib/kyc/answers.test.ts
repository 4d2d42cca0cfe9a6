import { describe, expect, it } from 'vitest';
import { indexTree, submissionEnvelopeJson, submissionOut, type AnswerRow } from './answers';
import type { FormOut } from './schemas';

// The submission's answer splices the options' kept JSON bytes into its own: it must be exactly
// the UTF-8 of what JSON.stringify writes for the whole envelope, whatever the answers hold.
describe('submissionEnvelopeJson', () => {
  const score = (riskLevel: string) => ({ riskLevel, override: false, blocking: false, suitabilityScore: 1 });
  const option = (id: string, sortOrder: number, nameAr: string) => ({
    id,
    sortOrder,
    nameEn: `Option "${sortOrder}"\n`,
    nameAr,
    min: null,
    max: '12.50',
    scores: { Retail: score('Low'), Professional: score('High'), Institutional: score('Medium') },
  });
  const ids = Array.from({ length: 6 }, (_, i) => `00000000-0000-4000-8000-00000000000${i}`);
  const form = {
    id: 'f',
    type: 'Kyc',
    sections: [
      {
        id: 's',
        questions: [
          { id: 'q1', allowMultiple: false, options: [option(ids[0]!, 0, 'نعم'), option(ids[1]!, 1, 'لا \u0000')] },
          { id: 'q2', allowMultiple: true, options: [option(ids[2]!, 0, 'أ'), option(ids[3]!, 1, 'ب'), option(ids[4]!, 2, 'ج')] },
        ],
      },
    ],
  } as unknown as FormOut;
  const tree = indexTree(form);
  const now = new Date('2026-11-25T01:02:03.456Z');
  const row = (id: string, questionId: string, optionIds: string[], openAnswer: string | null): AnswerRow => ({
    id,
    createdAt: now,
    updatedAt: now,
    questionId,
    openAnswer,
    chosenOptions: optionIds.map((optionId, i) => ({ id: `${id}-${i}`, optionId, additionalInfo: i ? 'مزيد "من" المعلومات' : null })),
    attachments: [],
  });
  const submission = submissionOut(
    {
      id: 'sub',
      createdAt: now,
      updatedAt: now,
      submittedAt: now,
      attempt: 1,
      formId: 'f',
      suitabilityScore: null,
      suitabilitySucceeded: null,
      answers: [
        // Text that looks like the marker of a spliced option stays text.
        row('a2', 'q2', [ids[4]!, ids[2]!], `\u0000${'0'.repeat(24)}:${ids[0]}`),
        row('a1', 'q1', [ids[1]!], '"\\u0000'),
      ],
    },
    tree,
    new Map(),
    [],
  );

  it('writes what JSON.stringify writes', () => {
    const body = submissionEnvelopeJson(submission, tree);
    expect(Buffer.from(body.bytes!).equals(Buffer.from(JSON.stringify({ data: submission })))).toBe(true);
    const text = body.text;
    expect(text).toBe(JSON.stringify({ data: submission }));
    expect(JSON.parse(text).data.answers[1].multipleChoiceAnswers.map((o: { id: string }) => o.id)).toEqual([ids[2], ids[4]]);
  });

  it('writes an option that is not the tree’s own object from its own fields', () => {
    const copy = structuredClone(submission);
    copy.answers[0]!.answerToOptions[0]!.option = { ...copy.answers[0]!.answerToOptions[0]!.option, nameEn: 'changed' };
    expect(submissionEnvelopeJson(copy, tree).text).toBe(JSON.stringify({ data: copy }));
    expect(submissionEnvelopeJson(copy, tree).text).toContain('"nameEn":"changed"');
  });
});
