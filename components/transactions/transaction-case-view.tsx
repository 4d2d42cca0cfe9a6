'use client';

import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { Link } from '@/lib/i18n/navigation';
import { Badge, toneOfStatus } from '@/components/ui/badge';
import { Button, buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DateTimeText } from '@/components/ui/dates';
import { fetchJson, FetchError } from '@/components/ui/fetch-json';
import { Field, Input, Textarea } from '@/components/ui/field';
import { Table, Td, Th } from '@/components/ui/table';
import { CaseHeader } from '@/components/cases/case-header';
import { displayName } from '@/components/entities/entity-types';
import { CaseAttachments } from './case-attachments';
import { DispositionForm } from './disposition-form';
import { FlowChart } from './flow-chart';
import { formatAmount } from './format';
import { SEVERITY_TONE, type CaseView, type TransactionPage } from './types';

export function TransactionCaseView({ initial, userId }: { initial: CaseView; userId: string }) {
  const t = useTranslations('transactions');
  const tc = useTranslations('common');
  const te = useTranslations('entities');
  const locale = useLocale();
  const client = useQueryClient();
  const url = `/services/crm/cases/${initial.id}`;
  const caseQuery = useQuery({ queryKey: ['tm-case', initial.id], queryFn: () => fetchJson<CaseView>(url), initialData: initial });
  const c = caseQuery.data;
  const flows = useQuery({
    queryKey: ['tm-flows', c.entityId],
    queryFn: () => fetchJson<TransactionPage>(`/services/crm/transactions?entityId=${c.entityId}&size=100`),
  });
  const [error, setError] = useState<string | null>(null);
  const [checkComment, setCheckComment] = useState('');
  const [note, setNote] = useState({ title: '', description: '' });

  const act = useMutation({
    mutationFn: ({ path, body }: { path: string; body: unknown }) => fetchJson(`${url}/${path}`, { method: 'POST', body: JSON.stringify(body) }),
    onSuccess: () => {
      setError(null);
      setCheckComment('');
      setNote({ title: '', description: '' });
    },
    onError: (e) => setError(t('actionFailed', { message: e instanceof FetchError ? e.messageIn(locale) : tc('errorDescription') })),
    onSettled: () => client.invalidateQueries({ queryKey: ['tm-case', initial.id] }),
  });

  const name = displayName(locale, c.entity) ?? te('unnamed');
  const other = locale === 'ar' ? c.entity.nameEn : c.entity.nameAr;
  const isMaker = c.makerUserId === userId;
  return (
    <div className="flex flex-col gap-4">
      <CaseHeader title={t('caseTitle', { name })}>
        <p className="text-sm break-words text-slate-700">
          {t('entity')}:{' '}
          <Link href={`/entities/${c.entityId}`} className="font-medium text-brand-700 underline-offset-2 hover:underline" data-testid="case-entity">
            <bdi>{name}</bdi>
          </Link>
          {other && other !== name ? (
            <>
              {' · '}
              <bdi lang={locale === 'ar' ? 'en' : 'ar'}>{other}</bdi>
            </>
          ) : null}
        </p>
        <div className="mt-1 flex flex-wrap items-center gap-2">
          <span className="text-sm text-slate-700">{t('caseStatus')}:</span>
          <Badge tone={toneOfStatus(c.status === 'Closed' ? 'Active' : c.status)}>
            <span data-testid="case-status">{t(`enum.${c.status}`)}</span>
          </Badge>
          {c.disposition ? <Badge tone="info">{t(`enum.${c.disposition}`)}</Badge> : null}
        </div>
      </CaseHeader>
      {error ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}

      <Card title={t('alerts')} id="case-alerts">
        <ul className="flex flex-col divide-y divide-slate-100">
          {c.transactionAlerts.map((a) => (
            <li key={a.id} className="flex flex-col gap-1 py-2" data-alert={a.id}>
              <div className="flex flex-wrap items-center gap-2">
                <Badge tone={SEVERITY_TONE[a.severity]}>{t(`enum.${a.severity}`)}</Badge>
                <span className="font-medium" dir="auto">
                  {a.transactionRule ? (locale === 'ar' ? a.transactionRule.nameAr : a.transactionRule.nameEn) : '—'}
                </span>
                {a.transactionRule ? (
                  <span className="text-xs text-slate-600">{t('ruleVersion', { code: a.transactionRule.code, version: a.transactionRule.version })}</span>
                ) : null}
                <span className="text-xs text-slate-600">
                  <DateTimeText locale={locale} value={a.createdAt} />
                </span>
              </div>
              <p className="text-sm text-slate-800">
                <bdi>{locale === 'ar' ? a.reasonAr : a.reasonEn}</bdi>
              </p>
            </li>
          ))}
        </ul>
      </Card>

      <Card title={t('timeline')} id="case-flows">
        <p className="mb-2 text-sm text-slate-700">{t('timelineDescription')}</p>
        {flows.data ? <FlowChart transactions={flows.data.data} entityId={c.entityId} /> : null}
        {flows.data ? (
          <div className="mt-3 overflow-x-auto">
            <Table caption={t('transactions')}>
              <thead>
                <tr>
                  <Th>{t('date')}</Th>
                  <Th>{t('direction')}</Th>
                  <Th>{t('amount')}</Th>
                  <Th>{t('status')}</Th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {flows.data.data.slice(0, 20).map((x) => (
                  <tr key={x.id}>
                    <Td label={t('date')}>
                      <DateTimeText locale={locale} value={x.transactionDate} />
                    </Td>
                    <Td label={t('direction')}>{t(`enum.${x.targetEntity?.id === c.entityId ? 'Credit' : 'Debit'}`)}</Td>
                    <Td label={t('amount')}>
                      <bdi className="whitespace-nowrap tabular-nums">{formatAmount(locale, x.amount, x.currency)}</bdi>
                    </Td>
                    <Td label={t('status')}>{x.status === 'Blocked' ? <Badge tone="bad">{t('enum.Blocked')}</Badge> : t('enum.Received')}</Td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
        ) : null}
      </Card>

      <Card title={t('notes')} id="case-notes">
        {c.notes.length ? (
          <ul className="mb-3 flex flex-col gap-2">
            {c.notes.map((n) => (
              <li key={n.id} className="rounded-md border border-slate-200 p-2 text-sm">
                <p className="font-medium">
                  <bdi>{n.title}</bdi>
                </p>
                <p className="whitespace-pre-wrap">
                  <bdi>{n.description}</bdi>
                </p>
                <p className="text-xs text-slate-600">
                  {n.createdBy ? <bdi>{n.createdBy.displayName}</bdi> : null} · <DateTimeText locale={locale} value={n.createdAt} />
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mb-3 text-sm text-slate-700">{t('noNotes')}</p>
        )}
        <form
          className="grid gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            act.mutate({ path: 'notes', body: note });
          }}
        >
          <Field label={t('noteTitle')} htmlFor="note-title">
            <Input id="note-title" dir="auto" value={note.title} onChange={(e) => setNote({ ...note, title: e.target.value })} required />
          </Field>
          <Field label={t('noteText')} htmlFor="note-text">
            <Textarea
              id="note-text"
              dir="auto"
              rows={3}
              value={note.description}
              onChange={(e) => setNote({ ...note, description: e.target.value })}
              required
            />
          </Field>
          <div>
            <Button type="submit" size="sm" disabled={act.isPending}>
              {t('addNote')}
            </Button>
          </div>
        </form>
      </Card>

      <CaseAttachments caseId={initial.id} onChanged={() => client.invalidateQueries({ queryKey: ['tm-case', initial.id] })} />

      <Card title={t('decision')} id="case-decision">
        {c.status === 'Closed' ? (
          <p className="text-sm" data-testid="closed-with">
            {t('closedWith', { disposition: t(`enum.${c.disposition ?? 'FalsePositive'}`) })}
          </p>
        ) : c.status === 'PendingApproval' ? (
          <div className="flex flex-col gap-3">
            <p className="text-sm" data-testid="awaiting-checker">
              {t('awaitingChecker', { disposition: t(`enum.${c.proposedDisposition ?? 'FalsePositive'}`), maker: c.makerUser?.displayName ?? '' })}
            </p>
            {isMaker ? (
              <p className="text-sm text-amber-900">{t('youAreMaker')}</p>
            ) : (
              <div className="grid gap-2">
                <Field label={t('comment')} htmlFor="check-comment">
                  <Textarea id="check-comment" dir="auto" rows={2} value={checkComment} onChange={(e) => setCheckComment(e.target.value)} />
                </Field>
                <div className="flex flex-wrap gap-2">
                  <Button
                    data-testid="approve"
                    disabled={act.isPending}
                    onClick={() => act.mutate({ path: 'disposition-decision', body: { approve: true, ...(checkComment ? { comment: checkComment } : {}) } })}
                  >
                    {t('approve')}
                  </Button>
                  <Button
                    variant="secondary"
                    disabled={act.isPending}
                    onClick={() => act.mutate({ path: 'disposition-decision', body: { approve: false, ...(checkComment ? { comment: checkComment } : {}) } })}
                  >
                    {t('reject')}
                  </Button>
                </div>
              </div>
            )}
          </div>
        ) : (
          <DispositionForm pending={act.isPending} onPropose={(proposal) => act.mutate({ path: 'disposition-proposal', body: proposal })} />
        )}
        {c.decisions.length ? (
          <div className="mt-3">
            <h3 className="text-sm font-semibold">{t('trail')}</h3>
            <ol className="mt-1 flex flex-col gap-1 text-sm" data-testid="decision-trail">
              {c.decisions.map((d) => (
                <li key={d.id}>
                  <DateTimeText locale={locale} value={d.createdAt} /> · {d.user ? <bdi>{d.user.displayName}</bdi> : null} ·{' '}
                  {t(`decisionActions.${d.action}`, { disposition: t(`enum.${d.disposition}`) })}
                  {d.comment ? (
                    <>
                      {' '}
                      — <bdi>{d.comment}</bdi>
                    </>
                  ) : null}
                </li>
              ))}
            </ol>
          </div>
        ) : null}
      </Card>

      <Card title={t('strDraft')} id="case-str">
        {c.strReport ? (
          <div className="flex flex-wrap gap-2">
            <a className={buttonClass('primary', 'sm')} href={`${url}/str-report/pdf`} data-testid="download-str-pdf">
              {t('downloadStrPdf')}
            </a>
            <a className={buttonClass('secondary', 'sm')} href={`${url}/str-report/xml`} data-testid="download-str">
              {t('downloadStr')}
            </a>
          </div>
        ) : (
          <p className="text-sm text-slate-700">{t('noStr')}</p>
        )}
      </Card>
    </div>
  );
}
