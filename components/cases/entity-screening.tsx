'use client';

import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { RefreshCw } from 'lucide-react';
import { Link, useRouter } from '@/lib/i18n/navigation';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { fetchJson, FetchError } from '@/components/ui/fetch-json';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { Table, Td, Th } from '@/components/ui/table';
import { DateText } from '@/components/ui/dates';
import { formatPercent } from '@/components/ui/percent';
import { entryNames, toneOfMatchStatus, toneOfScreening, type MatchPage } from './case-types';

interface ScreenNowAnswer {
  data: { screeningStatus: string; newMatches: number; changedMatches: number };
}

/**
 * The profile's screening tab: the entity's screening status and review flags, its stored matches
 * (each linking to its case) and "screen now".
 */
export function EntityScreening({
  entityId,
  screeningStatus,
  reviewStatus,
  canScreen,
}: {
  entityId: string;
  screeningStatus: string;
  reviewStatus: { hasPublicCase: boolean; hasLocalCase: boolean; isUnderReview: boolean };
  canScreen: boolean;
}) {
  const t = useTranslations();
  const locale = useLocale();
  const router = useRouter();
  const client = useQueryClient();
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const key = ['entity-matches', entityId] as const;
  const matches = useQuery({ queryKey: key, queryFn: () => fetchJson<MatchPage>(`/services/crm/entities/${entityId}/matches?size=100`) });
  const screen = useMutation({
    mutationFn: () => fetchJson<ScreenNowAnswer>(`/services/crm/entities/${entityId}/screen`, { method: 'POST', body: '{}' }),
    onSuccess: (answer) => {
      setNotice({ ok: true, text: t('cases.screened', { newCount: answer.data.newMatches, changedCount: answer.data.changedMatches }) });
      void client.invalidateQueries({ queryKey: key });
      void client.invalidateQueries({ queryKey: ['cases'] });
      router.refresh();
    },
    onError: (e) =>
      setNotice({ ok: false, text: t('cases.failed', { message: e instanceof FetchError ? e.messageIn(locale) : t('common.errorDescription') }) }),
  });

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm text-slate-700">{t('cases.screeningStatusLabel')}:</span>
          <span data-testid="screening-status">
            <Badge tone={toneOfScreening(screeningStatus)}>{t(`cases.screeningStatus.${screeningStatus}`)}</Badge>
          </span>
          {reviewStatus.hasPublicCase ? <Badge tone="info">{t('cases.publicCase')}</Badge> : null}
          {reviewStatus.hasLocalCase ? <Badge tone="info">{t('cases.localCase')}</Badge> : null}
          {reviewStatus.isUnderReview ? <Badge tone="warn">{t('profile.underReview')}</Badge> : null}
        </div>
        {canScreen ? (
          <Button size="sm" variant="secondary" disabled={screen.isPending} onClick={() => screen.mutate()}>
            <RefreshCw aria-hidden className={`size-4 ${screen.isPending ? 'animate-spin' : ''}`} />
            {screen.isPending ? t('cases.screening') : t('cases.screenNow')}
          </Button>
        ) : null}
      </div>
      <div aria-live="polite">
        {notice ? (
          <p
            role="status"
            data-testid="screen-notice"
            className={
              notice.ok
                ? 'rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900'
                : 'rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800'
            }
          >
            {notice.text}
          </p>
        ) : null}
      </div>
      {matches.isPending ? (
        <LoadingState label={t('common.loading')} />
      ) : matches.isError ? (
        <ErrorState
          title={t('common.errorTitle')}
          description={t('common.errorDescription')}
          action={
            <Button variant="secondary" onClick={() => void matches.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : matches.data.data.length === 0 ? (
        <EmptyState title={t('cases.noEntityMatches')} />
      ) : (
        <Table caption={t('cases.entityMatches')}>
          <thead>
            <tr>
              <Th>{t('cases.listEntry')}</Th>
              <Th>{t('cases.source')}</Th>
              <Th>{t('cases.score')}</Th>
              <Th>{t('cases.status')}</Th>
              <Th>{t('cases.opened')}</Th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {matches.data.data.map((m) => {
              const latin = entryNames(m.watchlistEntry.names, 'Latin')[0];
              const arabic = entryNames(m.watchlistEntry.names, 'Arabic')[0];
              return (
                <tr key={m.id} data-match={m.id}>
                  <Td label={t('cases.listEntry')}>
                    <Link href={`/cases/${m.caseId}`} className="font-medium text-brand-700 underline-offset-2 hover:underline">
                      <bdi>{latin ?? arabic ?? m.name}</bdi>
                    </Link>
                    {latin && arabic ? (
                      <div className="text-xs text-slate-600">
                        <bdi lang="ar">{arabic}</bdi>
                      </div>
                    ) : null}
                  </Td>
                  <Td label={t('cases.source')}>{t(`cases.sources.${m.watchlistSource}`)}</Td>
                  <Td className="tabular-nums" label={t('cases.score')}>
                    {formatPercent(locale, m.percentage)}
                  </Td>
                  <Td label={t('cases.status')}>
                    <div className="flex flex-wrap gap-1">
                      <Badge tone={toneOfMatchStatus(m.status)}>{t(`cases.matchStatus.${m.status}`)}</Badge>
                      {m.deprecatedAt ? <Badge>{t('cases.deprecated')}</Badge> : null}
                    </div>
                  </Td>
                  <Td label={t('cases.opened')}>
                    <DateText locale={locale} value={m.matchedAt} />
                  </Td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      )}
    </div>
  );
}
