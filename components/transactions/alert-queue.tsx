'use client';

import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { Link } from '@/lib/i18n/navigation';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DateTimeText } from '@/components/ui/dates';
import { fetchJson, FetchError } from '@/components/ui/fetch-json';
import { Field, Input, Select } from '@/components/ui/field';
import { Pagination } from '@/components/ui/pagination';
import { EmptyState, LoadingState } from '@/components/ui/states';
import { isPastLastPage, ListErrorState, PastLastPageState } from '@/components/ui/list-states';
import { Table, Td, Th } from '@/components/ui/table';
import { EntityNameCell } from '@/components/entities/entity-name-cell';
import { displayName } from '@/components/entities/entity-types';
import { SEVERITY_TONE, type AlertItem, type AlertPage, type RuleItem } from './types';

interface Filters {
  status: string;
  severity: string;
  ruleId: string;
  assignee: string;
  from: string;
  to: string;
}

const EMPTY: Filters = { status: 'Open', severity: '', ruleId: '', assignee: '', from: '', to: '' };
const FILTER_KEYS = Object.keys(EMPTY) as (keyof Filters)[];

/**
 * The filters as the URL holds them (`?assignee=me`, the dashboard's link; `status=` is "any"), so a
 * filtered queue can be linked, bookmarked and reloaded.
 */
function filtersOf(params: Pick<URLSearchParams, 'get'>): Filters {
  const filters = { ...EMPTY };
  for (const key of FILTER_KEYS) {
    const value = params.get(key);
    if (value !== null) filters[key] = value;
  }
  return filters;
}

function urlOf(filters: Filters): string {
  const q = new URLSearchParams();
  for (const key of FILTER_KEYS) if (filters[key] !== EMPTY[key]) q.set(key, filters[key]);
  return q.toString();
}

function queryString(f: Filters, page: number): string {
  const q = new URLSearchParams({ page: String(page), size: '20' });
  if (f.status) q.set('status', f.status);
  if (f.severity) q.set('severity', f.severity);
  if (f.ruleId) q.set('ruleId', f.ruleId);
  if (f.assignee) q.set('assignee', f.assignee);
  if (f.from) q.set('from', `${f.from}T00:00:00Z`);
  if (f.to) q.set('to', `${f.to}T23:59:59Z`);
  return q.toString();
}

export function AlertQueue({ userId }: { userId: string }) {
  const t = useTranslations('transactions');
  const tc = useTranslations('common');
  const te = useTranslations('entities');
  const locale = useLocale();
  const client = useQueryClient();
  // The URL is the one source of the filters and the page: a reload, the back button or the nav
  // link (the queue without filters) shows what the address says.
  const params = useSearchParams();
  const filters = filtersOf(params);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);

  const rules = useQuery({ queryKey: ['tm-rules'], queryFn: () => fetchJson<{ data: RuleItem[] }>('/services/crm/transaction-rules') });
  const alerts = useQuery({
    queryKey: ['tm-alerts', filters, page],
    queryFn: () => fetchJson<AlertPage>(`/services/crm/alerts?${queryString(filters, page)}`),
  });

  const assign = useMutation({
    mutationFn: (assigneeUserId: string | null) =>
      fetchJson<{ data: { updated: number } }>('/services/crm/alerts/assignee', {
        method: 'PATCH',
        body: JSON.stringify({ alertIds: [...selected], assigneeUserId }),
      }),
    onSuccess: (res) => {
      setNotice({ ok: true, text: t('bulkDone', { count: res.data.updated }) });
      setSelected(new Set());
    },
    onError: (error) =>
      setNotice({ ok: false, text: t('actionFailed', { message: error instanceof FetchError ? error.messageIn(locale) : tc('errorDescription') }) }),
    onSettled: () => client.invalidateQueries({ queryKey: ['tm-alerts'] }),
  });

  // The history API directly (Next.js keeps useSearchParams in step with it): the queue is a client
  // component, so a filter change needs no server round trip, as router.replace would make.
  const show = (next: Filters, nextPage: number) => {
    const q = new URLSearchParams(urlOf(next));
    if (nextPage > 1) q.set('page', String(nextPage));
    const search = q.toString();
    window.history.replaceState(null, '', search ? `?${search}` : window.location.pathname);
  };
  const set = (key: keyof Filters) => (e: { target: { value: string } }) => show({ ...filters, [key]: e.target.value }, 1);
  const setPage = (nextPage: number) => show(filters, nextPage);
  const pageHref = (nextPage: number) => {
    const q = new URLSearchParams(urlOf(filters));
    if (nextPage > 1) q.set('page', String(nextPage));
    return q.toString() ? `/alerts?${q}` : '/alerts';
  };
  const rows = alerts.data?.data ?? [];
  // A closed alert keeps the officer who handled it (the API refuses to reassign it).
  const selectable = rows.filter((r) => r.status !== 'Closed');
  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  };

  return (
    <div className="flex flex-col gap-4">
      <fieldset className="grid grid-cols-2 gap-3 rounded-lg border border-slate-200 bg-white p-3 sm:grid-cols-3 lg:grid-cols-6">
        <legend className="px-1 text-sm font-medium text-slate-700">{t('filters')}</legend>
        <Field label={t('status')} htmlFor="f-status">
          <Select id="f-status" value={filters.status} onChange={set('status')}>
            <option value="">{t('any')}</option>
            <option value="Open">{t('enum.Open')}</option>
            <option value="Closed">{t('enum.Closed')}</option>
          </Select>
        </Field>
        <Field label={t('severity')} htmlFor="f-severity">
          <Select id="f-severity" value={filters.severity} onChange={set('severity')}>
            <option value="">{t('any')}</option>
            {(['Low', 'Medium', 'High', 'Critical'] as const).map((s) => (
              <option key={s} value={s}>
                {t(`enum.${s}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('rule')} htmlFor="f-rule">
          <Select id="f-rule" value={filters.ruleId} onChange={set('ruleId')}>
            <option value="">{t('any')}</option>
            {(rules.data?.data ?? []).map((r) => (
              <option key={r.id} value={r.id}>
                {locale === 'ar' ? r.nameAr : r.nameEn}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('assignee')} htmlFor="f-assignee">
          <Select id="f-assignee" value={filters.assignee} onChange={set('assignee')}>
            <option value="">{t('any')}</option>
            <option value="me">{t('me')}</option>
            <option value="unassigned">{t('unassigned')}</option>
          </Select>
        </Field>
        <Field label={t('from')} htmlFor="f-from">
          <Input id="f-from" type="date" dir="ltr" value={filters.from} onChange={set('from')} />
        </Field>
        <Field label={t('to')} htmlFor="f-to">
          <Input id="f-to" type="date" dir="ltr" value={filters.to} onChange={set('to')} />
        </Field>
      </fieldset>

      <div className="flex flex-wrap items-center gap-2" aria-live="polite">
        <span className="text-sm text-slate-700" data-testid="selected-count">
          {t('selectedCount', { count: selected.size })}
        </span>
        <Button size="sm" disabled={!selected.size || assign.isPending} onClick={() => assign.mutate(userId)} data-testid="assign-me">
          {t('assignToMe')}
        </Button>
        <Button size="sm" variant="secondary" disabled={!selected.size || assign.isPending} onClick={() => assign.mutate(null)}>
          {t('unassign')}
        </Button>
        {notice ? (
          <p role="status" className={notice.ok ? 'text-sm text-emerald-800' : 'text-sm text-red-800'}>
            {notice.text}
          </p>
        ) : null}
      </div>

      {alerts.isPending ? (
        <LoadingState label={tc('loading')} />
      ) : alerts.isError ? (
        <ListErrorState error={alerts.error} resetHref="/alerts" onRetry={() => void alerts.refetch()} />
      ) : isPastLastPage(alerts.data.meta, rows.length) ? (
        <PastLastPageState {...alerts.data.meta} pageHref={pageHref} />
      ) : rows.length === 0 ? (
        <EmptyState title={t('emptyAlerts')} description={t('emptyAlertsDescription')} />
      ) : (
        <>
          {/* Phones: the header row (with its select-all box) is hidden; the same box, labelled, above the cards. */}
          <label className="flex items-center gap-2 text-sm md:hidden">
            <input
              type="checkbox"
              checked={selectable.length > 0 && selectable.every((r) => selected.has(r.id))}
              disabled={!selectable.length}
              onChange={(e) => setSelected(e.target.checked ? new Set(selectable.map((r) => r.id)) : new Set())}
            />
            {t('selectAll')}
          </label>
          <Table caption={t('alertsTitle')}>
            <thead>
              <tr>
                <Th className="w-10">
                  <input
                    type="checkbox"
                    aria-label={t('selectAll')}
                    checked={selectable.length > 0 && selectable.every((r) => selected.has(r.id))}
                    disabled={!selectable.length}
                    onChange={(e) => setSelected(e.target.checked ? new Set(selectable.map((r) => r.id)) : new Set())}
                  />
                </Th>
                <Th>{t('entity')}</Th>
                <Th>{t('severity')}</Th>
                <Th>{t('rule')}</Th>
                <Th>{t('reason')}</Th>
                <Th>{t('assignee')}</Th>
                <Th>{t('raised')}</Th>
                <Th>{t('openCase')}</Th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((a) => {
                const name = displayName(locale, a.entity) ?? te('unnamed');
                const rule = a.transactionRule ? (locale === 'ar' ? a.transactionRule.nameAr : a.transactionRule.nameEn) : '—';
                return (
                  <tr key={a.id} data-alert={a.id}>
                    <Td>
                      <input
                        type="checkbox"
                        aria-label={t('selectAlert', { name, rule })}
                        checked={selected.has(a.id)}
                        disabled={a.status === 'Closed'}
                        onChange={() => toggle(a.id)}
                      />
                    </Td>
                    <Td label={t('entity')}>
                      <EntityNameCell entity={a.entity} locale={locale} unnamed={te('unnamed')} href={`/entities/${a.entity.id}`} data-testid="alert-client" />
                    </Td>
                    <Td label={t('severity')}>
                      <Badge tone={SEVERITY_TONE[a.severity]}>{t(`enum.${a.severity}`)}</Badge>
                    </Td>
                    <Td label={t('rule')}>
                      <span dir="auto">{rule}</span>
                    </Td>
                    <Td className="md:max-w-md" label={t('reason')}>
                      <bdi>{locale === 'ar' ? a.reasonAr : a.reasonEn}</bdi>
                    </Td>
                    <Td label={t('assignee')}>{a.assignee ? <bdi>{a.assignee.displayName}</bdi> : t('unassigned')}</Td>
                    <Td label={t('raised')}>
                      <DateTimeText locale={locale} value={a.createdAt} />
                    </Td>
                    <Td>
                      <Link href={`/cases/${a.caseId}`} className="font-medium text-brand-700 underline-offset-2 hover:underline">
                        {t('openCase')}
                        {/* Which case, for a screen reader's list of links; the visible words stay the start of the name. */}
                        <span className="sr-only">
                          {' '}
                          — <bdi>{name}</bdi>
                        </span>
                      </Link>
                    </Td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
          <Pagination page={page} totalPages={alerts.data.meta.totalPages} onPage={setPage} />
        </>
      )}
    </div>
  );
}
