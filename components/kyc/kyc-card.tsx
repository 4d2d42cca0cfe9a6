import { getTranslations } from 'next-intl/server';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { DateTimeText, formatDay } from '@/components/ui/dates';
import { Table, Td, Th } from '@/components/ui/table';
import { DefinitionGrid } from '@/components/entities/definition-grid';
import type { KycDetails } from '@/lib/kyc/kyc-details';
import { EnableForms, type EnableableForm } from './enable-forms';
import { countryName } from '@/components/ui/countries';
import { kycStatusTone, localized, riskTone } from './labels';
import { ReviewPanel } from './review-panel';
import { ScoreChart } from './score-chart';

type Form = KycDetails['forms'][string];
type Question = Form['sections'][number]['questions'][number];
type Answer = KycDetails['submissions'][number]['answers'][number];

const percentOf = (score: string, max: string) => {
  const m = Number(max);
  return m > 0 ? Math.round((Number(score) / m) * 1000) / 10 : 0;
};

/**
 * The entity profile's KYC tab: status, the latest score with its per-section breakdown (chart and
 * the same figures as a table), every score since, the answers by form and section, agreements and
 * signatures, reviews, and the actions the viewer's role allows (review; enable Edd / QI forms).
 */
export async function KycCard({
  details,
  locale,
  viewerRole,
  entityRole,
  profile,
}: {
  details: KycDetails;
  locale: string;
  viewerRole: string;
  entityRole: string | null | undefined;
  /**
   * What the entity's profile records, to flag answers that say otherwise (dob: YYYY-MM-DD), and
   * whether a screening case of the entity is open (no approval is given over undecided matches).
   */
  profile: { nationalityCode: string | null; dob: string | null; screeningOpen?: boolean };
}) {
  const t = await getTranslations('kyc');
  const { kyc } = details;
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const latest = kyc.scores[0] ?? null;
  const questions = new Map<string, Question>();
  for (const form of Object.values(details.forms)) for (const s of form.sections) for (const q of s.questions) questions.set(q.id, q);
  const isOfficer = viewerRole === 'admin' || viewerRole === 'officer';
  const closed = kyc.status === 'KycComplete' || kyc.status === 'KycRejected';
  const reviewable = isOfficer && (kyc.status === 'KycSubmitted' || kyc.status === 'KycUnderReview');
  const firstReview = details.reviews.find((r) => !r.formId && r.type === 'First');
  const enableable = details.enableable.flatMap((e): EnableableForm[] => {
    const form = details.forms[e.formId];
    if (!form) return [];
    const qs = form.sections.flatMap((s) => s.questions).map((q) => ({ id: q.id, labelEn: q.labelEn, labelAr: q.labelAr }));
    return [
      {
        formId: e.formId,
        type: form.type,
        nameEn: form.nameEn,
        nameAr: form.nameAr,
        questions: qs,
        enabledQuestionIds: e.enabledQuestionIds,
        submitted: e.submitted,
      },
    ];
  });
  const formReviews = Object.values(details.forms).filter((f) =>
    (f.type === 'Edd' && kyc.eddStatus === 'Submitted') || (f.type === 'QualifiedInvestor' && kyc.qualifiedStatus === 'Submitted')
      ? details.submissions.some((s) => s.formId === f.id)
      : false,
  );

  const answerText = (q: Question | undefined, a: Answer) => {
    if (a.answerToOptions.length) {
      return a.answerToOptions
        .map((ao) => localized(locale, ao.option.nameEn, ao.option.nameAr) + (ao.additionalInfo ? ` (${ao.additionalInfo})` : ''))
        .join(locale === 'ar' ? '، ' : ', ');
    }
    if (q?.type === 'Country' && a.openAnswer) return `${countryName(locale, a.openAnswer)} (${a.openAnswer})`;
    // A date as every other date of the profile (a day, a month name, a year), not the stored YYYY-MM-DD.
    if (q?.type === 'Date' && a.openAnswer) return formatDay(locale, a.openAnswer);
    if (a.attachments.length) return t('card.attachments', { n: a.attachments.length });
    return a.openAnswer ?? '—';
  };
  /**
   * The profile's value where an answer contradicts it (a Nationality question answered with another
   * country than the profile's, a DateOfBirth question with another day): a discrepancy an officer
   * must resolve before deciding. Nothing is flagged where the profile is silent.
   */
  const profileDisagreement = (q: Question | undefined, a: Answer): string | null => {
    if (!a.openAnswer) return null;
    if (q?.category === 'Nationality' && profile.nationalityCode) {
      const recorded = profile.nationalityCode;
      return a.openAnswer.toUpperCase() === recorded.toUpperCase() ? null : `${countryName(locale, recorded)} (${recorded})`;
    }
    if (q?.category === 'DateOfBirth' && profile.dob) return a.openAnswer === profile.dob.slice(0, 10) ? null : formatDay(locale, profile.dob);
    return null;
  };
  // Answer id → the profile's value it contradicts, worked out once for the note and the answers.
  const disagreements = new Map<string, string>();
  for (const sub of details.submissions)
    for (const a of sub.answers) {
      const recorded = profileDisagreement(questions.get(a.questionId), a);
      if (recorded) disagreements.set(a.id, recorded);
    }
  // Said where the decision is made while the KYC awaits review, otherwise above the answers.
  const disagreementNote = disagreements.size ? (
    <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="kyc-profile-disagreements">
      {t('card.profileDisagreements', { n: disagreements.size })}
    </p>
  ) : null;
  // Why a score row exists: the submission it was computed for (several submissions of one request share a time), or a recomputation.
  const causeText = (s: (typeof kyc.scores)[number]) => {
    const submission = s.submissionId ? details.submissions.find((x) => x.id === s.submissionId) : undefined;
    const form = submission ? details.forms[submission.formId] : undefined;
    if (!submission || !form) return s.submissionId ? t('card.causeSubmission', { form: t('card.causeUnknownForm'), attempt: 1 }) : t('card.causeRescore');
    const name = (locale === 'ar' ? form.nameAr : form.nameEn) || form.nameEn || form.nameAr || form.type;
    return t('card.causeSubmission', { form: name, attempt: submission.attempt });
  };
  const reasonText = (r: (typeof kyc.scores)[number]['overrideReasons'][number]) => {
    const q = r.question ? questions.get(r.question) : undefined;
    const level = t(`enums.riskLevel.${r.riskLevel}`);
    if (r.category === 'Case') return t('card.reasonCase', { level });
    const name = q ? localized(locale, q.labelEn, q.labelAr) : (r.question ?? '');
    return r.category === 'Blocking' ? t('card.reasonBlocking', { question: name }) : t('card.reasonQuestion', { question: name, level });
  };

  return (
    <Card
      title={t('card.title')}
      id="kyc"
      actions={
        <span data-testid="kyc-status">
          <Badge tone={kycStatusTone(kyc.status)}>{t(`enums.kycStatus.${kyc.status}`)}</Badge>
        </span>
      }
    >
      <div className="flex flex-col gap-6">
        <DefinitionGrid
          rows={[
            [t('card.flow'), details.flow ? <bdi>{localized(locale, details.flow.nameEn, details.flow.nameAr)}</bdi> : '—'],
            [t('card.classification'), t(`enums.classification.${kyc.classification}`)],
            [t('card.eddStatus'), t(`enums.eddStatus.${kyc.eddStatus}`)],
            [t('card.qualifiedStatus'), t(`enums.qualifiedStatus.${kyc.qualifiedStatus}`)],
            [t('card.completedAt'), kyc.completedAt ? <DateTimeText locale={locale} value={kyc.completedAt} /> : '—'],
            [
              t('card.kycId'),
              <span key="id" dir="ltr" className="font-mono text-xs">
                {kyc.id}
              </span>,
            ],
          ]}
        />

        <section aria-labelledby="kyc-score-title" className="flex flex-col gap-3" data-testid="kyc-latest-score">
          <h3 id="kyc-score-title" className="text-sm font-semibold text-slate-900">
            {t('card.latestScore')}
          </h3>
          {!latest ? (
            <p className="text-sm text-slate-600">{t('card.noScore')}</p>
          ) : (
            <>
              <div className="flex flex-wrap items-center gap-3">
                <span className="text-3xl font-semibold text-slate-900" data-testid="kyc-risk-score">
                  {number.format(Number(latest.riskScore))}
                </span>
                <span className="text-sm text-slate-600">/ {number.format(100)}</span>
                <span data-testid="kyc-risk-level">
                  <Badge tone={riskTone(latest.riskLevel)}>{t('card.riskLevel', { level: t(`enums.riskLevel.${latest.riskLevel}`) })}</Badge>
                </span>
                {latest.blocked ? <Badge tone="bad">{t('card.blocked')}</Badge> : null}
                {latest.suitabilityScore !== null ? (
                  <Badge tone={latest.suitabilitySucceeded ? 'good' : 'warn'}>
                    {t('card.suitability', { score: number.format(Number(latest.suitabilityScore)) })} ·{' '}
                    {latest.suitabilitySucceeded ? t('card.suitabilityPassed') : t('card.suitabilityFailed')}
                  </Badge>
                ) : null}
              </div>
              <p className="text-sm text-slate-700">
                {t('card.matches', { local: latest.localMatchCount, public: latest.publicMatchCount })} ·{' '}
                <DateTimeText locale={locale} value={latest.createdAt} />
              </p>
              {latest.overrideReasons.length ? (
                <div className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
                  <p className="font-medium">{t('card.overrides')}</p>
                  <ul className="list-disc ps-5">
                    {latest.overrideReasons.map((r, i) => (
                      <li key={i}>
                        <bdi>{reasonText(r)}</bdi>
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
              {latest.riskBreakdown.length ? (
                <>
                  <ScoreChart
                    locale={locale}
                    title={t('card.chartTitle')}
                    weightLabel={t('card.weight')}
                    sections={latest.riskBreakdown.map((s) => ({
                      name: localized(locale, s.nameEn, s.nameAr),
                      percent: percentOf(s.score, s.maxScore),
                      score: number.format(Number(s.score)),
                      maxScore: number.format(Number(s.maxScore)),
                      weight: s.weight,
                    }))}
                  />
                  <Table caption={t('card.breakdown')}>
                    <thead>
                      <tr>
                        <Th>{t('card.section')}</Th>
                        <Th>{t('card.weight')}</Th>
                        <Th>{t('card.points')}</Th>
                        <Th>{t('card.percent')}</Th>
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-slate-100" data-testid="kyc-breakdown">
                      {latest.riskBreakdown.map((s) => (
                        <tr key={s.sectionId}>
                          <Td label={t('card.section')}>
                            <bdi>{localized(locale, s.nameEn, s.nameAr)}</bdi>
                          </Td>
                          <Td label={t('card.weight')}>{number.format(s.weight)}</Td>
                          <Td label={t('card.points')}>
                            {number.format(Number(s.score))} / {number.format(Number(s.maxScore))}
                          </Td>
                          <Td label={t('card.percent')}>{number.format(percentOf(s.score, s.maxScore))}%</Td>
                        </tr>
                      ))}
                    </tbody>
                  </Table>
                </>
              ) : null}
            </>
          )}
        </section>

        {kyc.scores.length > 1 ? (
          <section aria-labelledby="kyc-history-title" className="flex flex-col gap-2">
            <h3 id="kyc-history-title" className="text-sm font-semibold text-slate-900">
              {t('card.history')}
            </h3>
            <Table caption={t('card.history')}>
              <thead>
                <tr>
                  <Th>{t('card.when')}</Th>
                  <Th>{t('card.cause')}</Th>
                  <Th>{t('card.score')}</Th>
                  <Th>{t('card.level')}</Th>
                  <Th>{t('card.suitabilityColumn')}</Th>
                  <Th>{t('card.overridesColumn')}</Th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100" data-testid="kyc-history">
                {kyc.scores.map((s) => (
                  <tr key={s.id}>
                    <Td label={t('card.when')}>
                      <DateTimeText locale={locale} value={s.createdAt} />
                    </Td>
                    <Td label={t('card.cause')}>{causeText(s)}</Td>
                    <Td label={t('card.score')}>{number.format(Number(s.riskScore))}</Td>
                    <Td label={t('card.level')}>
                      <Badge tone={riskTone(s.riskLevel)}>{t(`enums.riskLevel.${s.riskLevel}`)}</Badge>
                    </Td>
                    <Td label={t('card.suitabilityColumn')}>{s.suitabilityScore === null ? '—' : number.format(Number(s.suitabilityScore))}</Td>
                    <Td label={t('card.overridesColumn')}>{s.overrideReasons.length ? s.overrideReasons.map(reasonText).join(' · ') : '—'}</Td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </section>
        ) : null}

        {reviewable ? (
          <section aria-labelledby="kyc-review-title" className="flex flex-col gap-2 rounded-md border border-slate-200 p-3" data-testid="kyc-review">
            <h3 id="kyc-review-title" className="text-sm font-semibold text-slate-900">
              {kyc.status === 'KycUnderReview' ? t('card.secondReview') : t('card.review')}
            </h3>
            {disagreementNote}
            {profile.screeningOpen ? (
              <p role="note" data-testid="kyc-screening-open" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
                {t('card.screeningOpen')}
              </p>
            ) : null}
            <ReviewPanel
              kycId={kyc.id}
              idPrefix="kyc-review"
              hint={
                kyc.status === 'KycUnderReview'
                  ? t('card.fourEyesHint', { name: firstReview?.user?.displayName ?? firstReview?.user?.email ?? '—' })
                  : latest?.riskLevel === 'High'
                    ? t('card.highRiskHint')
                    : undefined
              }
            />
          </section>
        ) : null}

        {isOfficer
          ? formReviews.map((f) => (
              <section key={f.id} className="flex flex-col gap-2 rounded-md border border-slate-200 p-3" data-testid={`form-review-${f.type}`}>
                <h3 className="text-sm font-semibold text-slate-900">{t('card.reviewForm', { name: localized(locale, f.nameEn, f.nameAr) })}</h3>
                <ReviewPanel kycId={kyc.id} formId={f.id} idPrefix={`form-review-${f.type}`} />
              </section>
            ))
          : null}

        {!closed && entityRole !== 'Client' && enableable.length ? (
          <section aria-labelledby="kyc-enable-title" className="flex flex-col gap-2">
            <h3 id="kyc-enable-title" className="text-sm font-semibold text-slate-900">
              {t('card.enableTitle')}
            </h3>
            <p className="text-sm text-slate-700">{t('card.enableHint')}</p>
            <EnableForms kycId={kyc.id} forms={enableable} />
          </section>
        ) : null}

        <section aria-labelledby="kyc-answers-title" className="flex flex-col gap-3">
          <h3 id="kyc-answers-title" className="text-sm font-semibold text-slate-900">
            {t('card.answers')}
          </h3>
          {details.submissions.length === 0 ? <p className="text-sm text-slate-600">{t('card.noSubmissions')}</p> : null}
          {reviewable ? null : disagreementNote}
          {details.submissions.map((sub) => {
            const form = details.forms[sub.formId];
            const byQuestion = new Map(sub.answers.map((a) => [a.questionId, a]));
            // A submission holding a disagreement opens by itself, so the flag is not hidden in a closed fold.
            const disagrees = sub.answers.some((a) => disagreements.has(a.id));
            return (
              <details key={sub.id} open={disagrees} className="rounded-md border border-slate-200" data-testid="kyc-submission">
                <summary className="cursor-pointer px-3 py-2 text-sm">
                  <span className="font-medium text-slate-900">
                    <bdi>{form ? localized(locale, form.nameEn, form.nameAr) : sub.formId}</bdi>
                  </span>{' '}
                  <span className="text-slate-600">
                    · {t('card.attempt', { n: sub.attempt })} · <DateTimeText locale={locale} value={sub.submittedAt} />
                  </span>
                </summary>
                <div className="flex flex-col gap-3 border-t border-slate-200 p-3">
                  {(form?.sections ?? []).map((section) => {
                    const answered = section.questions.filter((q) => byQuestion.has(q.id));
                    if (!answered.length) return null;
                    return (
                      <div key={section.id}>
                        <h4 className="mb-1 text-xs font-semibold text-slate-700">
                          <bdi>{localized(locale, section.nameEn, section.nameAr)}</bdi>
                        </h4>
                        <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
                          {answered.map((q) => {
                            const answer = byQuestion.get(q.id)!;
                            const recorded = disagreements.get(answer.id);
                            return (
                              <div key={q.id} className="contents">
                                <dt className="text-slate-600">
                                  <bdi>{localized(locale, q.labelEn, q.labelAr)}</bdi>
                                </dt>
                                <dd className="break-words text-slate-900">
                                  <bdi>{answerText(q, answer)}</bdi>
                                  {recorded ? (
                                    <span
                                      className="ms-2 inline-block rounded bg-amber-50 px-1.5 text-xs text-amber-900 ring-1 ring-amber-300 ring-inset"
                                      data-testid="kyc-answer-disagrees"
                                    >
                                      {t('card.differsFromProfile', { value: recorded })}
                                    </span>
                                  ) : null}
                                </dd>
                              </div>
                            );
                          })}
                        </dl>
                      </div>
                    );
                  })}
                </div>
              </details>
            );
          })}
        </section>

        {details.reviews.length ? (
          <section aria-labelledby="kyc-reviews-title" className="flex flex-col gap-2">
            <h3 id="kyc-reviews-title" className="text-sm font-semibold text-slate-900">
              {t('card.reviews')}
            </h3>
            <ul className="flex flex-col gap-2 text-sm" data-testid="kyc-reviews">
              {details.reviews.map((r) => (
                <li key={r.id} className="rounded-md border border-slate-200 p-2">
                  <div className="flex flex-wrap items-center gap-2">
                    <Badge tone={kycStatusTone(r.status)}>{t(`enums.reviewStatus.${r.status}`)}</Badge>
                    <span className="text-slate-700">{t(`enums.reviewType.${r.type}`)}</span>
                    {r.formId && details.forms[r.formId] ? (
                      <bdi className="text-slate-700">{localized(locale, details.forms[r.formId].nameEn, details.forms[r.formId].nameAr)}</bdi>
                    ) : null}
                    <span className="text-slate-600">
                      <bdi>{r.user?.displayName ?? r.user?.email ?? ''}</bdi> · <DateTimeText locale={locale} value={r.createdAt} />
                    </span>
                  </div>
                  <p className="mt-1 break-words text-slate-900">
                    <bdi>{r.comment}</bdi>
                  </p>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <section aria-labelledby="kyc-agreements-title" className="flex flex-col gap-2">
          <h3 id="kyc-agreements-title" className="text-sm font-semibold text-slate-900">
            {t('card.agreements')}
          </h3>
          {details.agreements.length === 0 ? (
            <p className="text-sm text-slate-600">{t('card.noAgreements')}</p>
          ) : (
            <ul className="flex flex-col gap-2 text-sm" data-testid="kyc-agreements">
              {details.agreements.map((a) => (
                <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-slate-200 p-2">
                  <span>
                    <bdi className="font-medium text-slate-900">{localized(locale, a.titleEn, a.titleAr)}</bdi>{' '}
                    <span className="text-slate-600">· {t(`enums.agreementType.${a.type}`)}</span>
                  </span>
                  {a.signature ? (
                    <Badge tone="good">
                      {t('card.signed')} · <DateTimeText locale={locale} value={a.signature.createdAt} />
                    </Badge>
                  ) : (
                    <Badge tone="warn">{t('card.unsigned')}</Badge>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </Card>
  );
}
