'use client';

import { useLocale, useTranslations } from 'next-intl';
import { Badge } from '@/components/ui/badge';
import { DateTimeText, formatDay } from '@/components/ui/dates';
import { formatPercent } from '@/components/ui/percent';
import { entryNames, toneOfMatchStatus, type CaseView, type StoredMatch } from './case-types';
import { MatchComparison } from './match-comparison';
import { ReviewActions } from './review-actions';
import { SignalBreakdown } from './signal-breakdown';

/**
 * The watchlist matches of a case, each with its comparison, signals, review actions and trail.
 * Its own component so the case page can hold other sections (transaction alerts) beside it.
 */
export function CaseMatches({
  data,
  currentUserId,
  canReview,
  onChanged,
}: {
  data: CaseView;
  currentUserId: string;
  canReview: boolean;
  onChanged: () => void;
}) {
  const t = useTranslations('cases');
  return (
    <section aria-labelledby="case-matches-title" className="flex flex-col gap-3">
      <h2 id="case-matches-title" className="text-lg font-semibold text-slate-900">
        {t('matchesTitle')}
      </h2>
      {data.matches.length === 0 ? (
        <p className="text-sm text-slate-600">{t('noMatches')}</p>
      ) : (
        <ol className="flex flex-col gap-4">
          {data.matches.map((match) => (
            <li key={match.id}>
              <MatchCard caseData={data} match={match} currentUserId={currentUserId} canReview={canReview} onChanged={onChanged} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function MatchCard({
  caseData,
  match,
  currentUserId,
  canReview,
  onChanged,
}: {
  caseData: CaseView;
  match: StoredMatch;
  currentUserId: string;
  canReview: boolean;
  onChanged: () => void;
}) {
  const t = useTranslations();
  const locale = useLocale();
  const entry = match.watchlistEntry;
  const latin = entryNames(entry.names, 'Latin')[0];
  const arabic = entryNames(entry.names, 'Arabic')[0];
  const headingId = `match-${match.id}-title`;

  return (
    <article
      aria-labelledby={headingId}
      data-testid={`match-${match.id}`}
      className={`rounded-lg border bg-white shadow-sm ${match.deprecatedAt ? 'border-dashed border-slate-300 opacity-90' : 'border-slate-200'}`}
    >
      <header className="flex flex-col gap-2 border-b border-slate-200 px-4 py-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h3 id={headingId} className="text-base font-semibold break-words text-slate-900">
            {latin ? <bdi lang="en">{latin}</bdi> : null}
            {latin && arabic ? <span className="px-2 text-slate-400">·</span> : null}
            {arabic ? <bdi lang="ar">{arabic}</bdi> : null}
            {!latin && !arabic ? match.name : null}
          </h3>
          <span className="text-sm text-slate-700">
            {t('cases.score')}: <span className="font-semibold text-slate-900 tabular-nums">{formatPercent(locale, match.percentage)}</span>
          </span>
        </div>
        <div className="flex flex-wrap gap-2">
          <span data-testid="match-status">
            <Badge tone={toneOfMatchStatus(match.status)}>{t(`cases.matchStatus.${match.status}`)}</Badge>
          </span>
          <Badge tone="info">{t(`cases.sources.${entry.source}`)}</Badge>
          <Badge>{`${t('cases.matchedBy')}: ${t(`cases.criteria.${match.criteria}`)}`}</Badge>
          <Badge>{`${t('cases.recommendation')}: ${t(`cases.recommendations.${match.recommendation}`)}`}</Badge>
          {match.deprecatedAt ? <Badge tone="neutral">{t('cases.deprecated')}</Badge> : null}
          {match.reopenedAt && match.status === 'Unreviewed' ? <Badge tone="warn">{t('cases.reopened')}</Badge> : null}
        </div>
        <p className="text-xs text-slate-600">
          {t('cases.externalId')}: <span dir="ltr">{entry.externalId}</span> · {t('cases.entryUpdated')}:{' '}
          <DateTimeText locale={locale} value={entry.updatedAt} />
        </p>
        {match.deprecatedAt ? <p className="text-sm text-slate-700">{t('cases.deprecatedNote', { date: formatDay(locale, match.deprecatedAt) })}</p> : null}
        {match.reopenedAt && match.status === 'Unreviewed' ? (
          <p className="text-sm text-amber-900">{t('cases.reopenedNote', { date: formatDay(locale, match.reopenedAt) })}</p>
        ) : null}
      </header>
      <div className="grid gap-4 p-4 lg:grid-cols-2">
        <div className="flex min-w-0 flex-col gap-2">
          <h4 className="text-sm font-semibold text-slate-800">{t('cases.comparison')}</h4>
          <MatchComparison entity={caseData.entity} entry={entry} matchedAlias={match.matchedAlias} />
          {entry.remarks ? (
            <div className="text-sm text-slate-700" data-testid="entry-remarks">
              <span className="font-medium">{t('cases.remarks')}</span>
              {/* The list's own text (often English) as its own paragraph, so its full stop ends it in its direction. */}
              <p dir="auto" className="text-start">
                {entry.remarks}
              </p>
            </div>
          ) : null}
        </div>
        <div className="flex min-w-0 flex-col gap-2">
          <h4 className="text-sm font-semibold text-slate-800">{t('cases.signals')}</h4>
          <SignalBreakdown signals={match.signals} reasons={match.reasons} />
        </div>
      </div>
      <div className="flex flex-col gap-3 border-t border-slate-200 px-4 py-3">
        <h4 className="text-sm font-semibold text-slate-800">{t('cases.review')}</h4>
        {canReview ? (
          <ReviewActions caseId={caseData.id} match={match} entity={caseData.entity} currentUserId={currentUserId} onChanged={onChanged} />
        ) : (
          <p className="text-sm text-slate-600">{t('cases.readOnly')}</p>
        )}
        {match.reviews.length ? (
          <details>
            <summary className="cursor-pointer text-sm text-brand-700">{t('cases.trail')}</summary>
            <ol className="mt-2 flex flex-col gap-2 border-s-2 border-slate-200 ps-3">
              {match.reviews.map((r) => (
                <li key={r.id} className="text-sm text-slate-800">
                  <span className="font-medium">{t(`cases.trailActions.${r.action}`)}</span> · {r.user?.displayName ?? t('cases.system')} ·{' '}
                  <DateTimeText locale={locale} value={r.createdAt} />
                  {r.proposedStatus ? <span> · {t(`cases.matchStatus.${r.proposedStatus}`)}</span> : null}
                  {r.user ? (
                    r.comment ? (
                      <p className="text-slate-700 whitespace-pre-line" dir="auto">
                        {r.comment}
                      </p>
                    ) : null
                  ) : (
                    <SystemTrailNote action={r.action} comment={r.comment} />
                  )}
                </li>
              ))}
            </ol>
          </details>
        ) : null}
      </div>
    </article>
  );
}

/**
 * A system step's note in the page's language: what its action means (a reopened decision, a removed
 * entry) and the code of what screened again. A comment that is no known code is shown as stored.
 */
function SystemTrailNote({ action, comment }: { action: string; comment: string | null }) {
  const t = useTranslations('cases');
  const note = t.has(`trailNotes.${action}`) ? t(`trailNotes.${action}` as 'trailNotes.Reopened') : null;
  const why = comment && t.has(`trailComments.${comment}`) ? t(`trailComments.${comment}` as 'trailComments.ScreenedOnDemand') : comment;
  const text = [note, why].filter(Boolean).join(' ');
  return text ? (
    <p className="text-slate-700" data-testid="trail-note">
      {text}
    </p>
  ) : null;
}
