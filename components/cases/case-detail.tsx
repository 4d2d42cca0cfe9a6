'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useState, type ReactNode } from 'react';
import { Link } from '@/lib/i18n/navigation';
import { Badge, toneOfStatus } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DateTimeText } from '@/components/ui/dates';
import { fetchJson, FetchError } from '@/components/ui/fetch-json';
import { DefinitionGrid } from '@/components/entities/definition-grid';
import { displayName } from '@/components/entities/entity-types';
import { CaseHeader } from './case-header';
import { toneOfCaseStatus, type CaseView } from './case-types';
import { CaseMatches } from './case-matches';

/**
 * One case: its header (client, list, status, assignee) and its sections. Screening cases show their
 * matches (CaseMatches); a transaction-monitoring case adds its alerts section beside it.
 */
export function CaseDetail({ initial, currentUserId, canReview }: { initial: CaseView; currentUserId: string; canReview: boolean }) {
  const t = useTranslations();
  const locale = useLocale();
  const client = useQueryClient();
  const [notice, setNotice] = useState<string | null>(null);
  const key = ['case', initial.id] as const;
  const query = useQuery({ queryKey: key, queryFn: () => fetchJson<CaseView>(`/services/crm/cases/${initial.id}`), initialData: initial });
  const data = query.data;
  const refresh = () => {
    void client.invalidateQueries({ queryKey: key });
    void client.invalidateQueries({ queryKey: ['cases'] });
    void client.invalidateQueries({ queryKey: ['entity-matches', data.entityId] });
  };
  const assign = useMutation({
    mutationFn: (assigneeUserId: string | null) =>
      fetchJson<CaseView>(`/services/crm/cases/${initial.id}/assignee`, { method: 'PUT', body: JSON.stringify({ assigneeUserId }) }),
    onSuccess: (next) => {
      client.setQueryData(key, next);
      setNotice(t('cases.assigned'));
    },
    onError: (e) => setNotice(t('cases.failed', { message: e instanceof FetchError ? e.messageIn(locale) : t('common.errorDescription') })),
  });
  const name = displayName(locale, data.entity) ?? t('entities.unnamed');
  const other = locale === 'ar' ? data.entity.nameEn : data.entity.nameAr;

  return (
    <div className="flex flex-col gap-4">
      <CaseHeader title={t('cases.caseTitle', { name })}>
        {other && other !== name ? (
          <p className="text-slate-600">
            <bdi lang={locale === 'ar' ? 'en' : 'ar'}>{other}</bdi>
          </p>
        ) : null}
        {/* Each badge says what it is of: the client's "Blocked" beside the case's status read as a case state. */}
        <dl className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
          <LabelledBadge label={t('cases.caseLabel')}>
            <span data-testid="case-status">
              <Badge tone={toneOfCaseStatus(data.status)}>{t(`cases.caseStatus.${data.status}`)}</Badge>
            </span>
            {data.disposition ? <Badge tone={data.disposition === 'TruePositive' ? 'bad' : 'good'}>{t(`cases.disposition.${data.disposition}`)}</Badge> : null}
          </LabelledBadge>
          {data.source ? (
            <LabelledBadge label={t('cases.source')}>
              <Badge tone="info">{t(`cases.sources.${data.source}`)}</Badge>
            </LabelledBadge>
          ) : null}
          {data.entity.status ? (
            <LabelledBadge label={t('cases.entity')} testId="client-status">
              <Badge tone={toneOfStatus(data.entity.status)}>{t(`enums.status.${data.entity.status}`)}</Badge>
            </LabelledBadge>
          ) : null}
        </dl>
      </CaseHeader>

      <Card
        title={t('cases.caseDetails')}
        id="case-details"
        actions={
          // A closed case keeps the assignee it was closed with; the API refuses a change (409).
          canReview && data.status !== 'Closed' ? (
            data.assigneeUserId === currentUserId ? (
              <Button size="sm" variant="secondary" disabled={assign.isPending} onClick={() => assign.mutate(null)}>
                {t('cases.unassign')}
              </Button>
            ) : (
              <Button size="sm" variant="secondary" disabled={assign.isPending} onClick={() => assign.mutate(currentUserId)}>
                {t('cases.assignToMe')}
              </Button>
            )
          ) : null
        }
      >
        <div aria-live="polite">{notice ? <p className="mb-3 text-sm text-slate-800">{notice}</p> : null}</div>
        <DefinitionGrid
          rows={[
            [
              t('cases.entity'),
              <Link key="e" href={`/entities/${data.entityId}`} className="text-brand-700 underline-offset-2 hover:underline">
                {t('cases.viewProfile')}
              </Link>,
            ],
            [
              t('cases.assignee'),
              <span key="a" data-testid="case-assignee">
                {data.assignee?.displayName ?? t('cases.unassigned')}
              </span>,
            ],
            [t('cases.opened'), <DateTimeText key="o" locale={locale} value={data.createdAt} />],
            [t('cases.lastMatch'), <DateTimeText key="m" locale={locale} value={data.matchedAt} />],
          ]}
        />
      </Card>

      {data.kind === 'Screening' ? <CaseMatches data={data} currentUserId={currentUserId} canReview={canReview} onChanged={refresh} /> : null}
    </div>
  );
}

function LabelledBadge({ label, testId, children }: { label: string; testId?: string; children: ReactNode }) {
  return (
    <div className="flex items-center gap-1.5">
      <dt className="text-slate-600">{label}</dt>
      <dd className="flex items-center gap-1" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
