'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { Link, usePathname, useRouter } from '@/lib/i18n/navigation';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DateText } from '@/components/ui/dates';
import { Select } from '@/components/ui/field';
import { fetchJson } from '@/components/ui/fetch-json';
import { Pagination } from '@/components/ui/pagination';
import { EmptyState, LoadingState } from '@/components/ui/states';
import { isPastLastPage, ListErrorState, PastLastPageState } from '@/components/ui/list-states';
import { Table, Td, Th } from '@/components/ui/table';
import { EntityNameCell } from '@/components/entities/entity-name-cell';
import { displayName } from '@/components/entities/entity-types';
import { AGE_VALUES, CASE_KINDS, CASE_SOURCES, CASE_STATUS_VALUES, toneOfCaseStatus, toneOfMatchStatus, type CasePage } from './case-types';

const FILTERS = ['kind', 'source', 'assignee', 'age', 'page'] as const;

/**
 * The case queue: screening cases (a client's matches on one list) and transaction-monitoring cases
 * (a client's alerts) in one work queue. Filters live in the URL (shareable, survive a reload);
 * without a status filter the queue shows the open cases, oldest first, as a work queue should.
 */
export function CaseQueue() {
  const t = useTranslations();
  const locale = useLocale();
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const status = params.get('status') ?? 'open';
  const query = new URLSearchParams();
  for (const key of FILTERS) {
    const value = params.get(key);
    if (value) query.set(key, value);
  }
  if (status !== 'all') query.set('status', status);
  query.set('size', '20');
  const key = query.toString();

  const result = useQuery({
    queryKey: ['cases', key],
    queryFn: () => fetchJson<CasePage>(`/services/crm/cases?${key}`),
    placeholderData: keepPreviousData,
  });

  function navigate(next: URLSearchParams) {
    const search = next.toString();
    router.push(search ? `${pathname}?${search}` : pathname);
  }
  const pageHref = (page: number) => {
    const q = new URLSearchParams(params.toString());
    if (page > 1) q.set('page', String(page));
    else q.delete('page');
    return q.toString() ? `/cases?${q}` : '/cases';
  };

  return (
    <div className="flex flex-col gap-4">
      <form
        key={params.toString()}
        aria-label={t('cases.filters')}
        className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-[repeat(5,minmax(0,1fr))_auto]"
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          const next = new URLSearchParams();
          for (const name of ['kind', 'source', 'status', 'assignee', 'age']) {
            const value = String(form.get(name) ?? '');
            if (value && !(name === 'status' && value === 'open')) next.set(name, value);
          }
          navigate(next);
        }}
      >
        <FilterSelect
          name="kind"
          label={t('cases.kind')}
          value={params.get('kind') ?? ''}
          options={[['', t('cases.any')], ...CASE_KINDS.map((v): [string, string] => [v, t(`cases.kinds.${v}`)])]}
        />
        <FilterSelect
          name="source"
          label={t('cases.source')}
          value={params.get('source') ?? ''}
          options={[['', t('cases.any')], ...CASE_SOURCES.map((v): [string, string] => [v, t(`cases.sources.${v}`)])]}
        />
        <FilterSelect
          name="status"
          label={t('cases.status')}
          value={status}
          options={[
            ['open', t('cases.openCases')],
            ['all', t('cases.any')],
            ...CASE_STATUS_VALUES.map((v): [string, string] => [v, t(`cases.caseStatus.${v}`)]),
          ]}
        />
        <FilterSelect
          name="assignee"
          label={t('cases.assignee')}
          value={params.get('assignee') ?? ''}
          options={[
            ['', t('cases.any')],
            ['me', t('cases.assigneeMe')],
            ['unassigned', t('cases.assigneeNone')],
          ]}
        />
        <FilterSelect
          name="age"
          label={t('cases.age')}
          value={params.get('age') ?? ''}
          options={[['', t('cases.any')], ...AGE_VALUES.map((v): [string, string] => [v, t(`cases.ages.${v}`)])]}
        />
        <div className="flex items-end gap-2">
          <Button type="submit">{t('cases.apply')}</Button>
          <Link href="/cases" className="rounded-md px-3 py-2 text-sm text-slate-700 underline-offset-2 hover:underline">
            {t('cases.reset')}
          </Link>
        </div>
      </form>

      {result.isPending ? (
        <LoadingState label={t('common.loading')} />
      ) : result.isError ? (
        <ListErrorState error={result.error} resetHref="/cases" onRetry={() => void result.refetch()} />
      ) : isPastLastPage(result.data.meta, result.data.data.length) ? (
        <PastLastPageState {...result.data.meta} pageHref={pageHref} />
      ) : result.data.data.length === 0 ? (
        <EmptyState title={t('cases.emptyTitle')} description={t('cases.emptyDescription')} />
      ) : (
        <>
          <p className="text-sm text-slate-600" aria-live="polite" data-testid="case-count">
            {t('common.totalResults', { count: result.data.meta.totalCount })}
          </p>
          <Table caption={t('cases.title')}>
            <thead>
              <tr>
                <Th>{t('cases.entity')}</Th>
                <Th>{t('cases.origin')}</Th>
                <Th>{t('cases.status')}</Th>
                <Th>{t('cases.findings')}</Th>
                <Th>{t('cases.assignee')}</Th>
                <Th>{t('cases.opened')}</Th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {result.data.data.map((item) => {
                const name = displayName(locale, item.entity) ?? t('entities.unnamed');
                return (
                  <tr key={item.id} data-case={item.id} className="hover:bg-slate-50">
                    <Td label={t('cases.entity')}>
                      <EntityNameCell
                        entity={item.entity}
                        locale={locale}
                        unnamed={t('entities.unnamed')}
                        href={`/cases/${item.id}`}
                        aria-label={t('cases.openCase', { name })}
                      />
                    </Td>
                    <Td label={t('cases.origin')}>
                      {item.kind === 'TransactionMonitoring' ? t('cases.kinds.TransactionMonitoring') : item.source ? t(`cases.sources.${item.source}`) : '—'}
                    </Td>
                    <Td label={t('cases.status')}>
                      <Badge tone={toneOfCaseStatus(item.status)}>{t(`cases.caseStatus.${item.status}`)}</Badge>
                    </Td>
                    <Td label={t('cases.findings')}>
                      {item.kind === 'TransactionMonitoring' ? (
                        <Badge tone={openAlerts(item) > 0 ? 'warn' : 'neutral'}>{t('cases.openAlerts', { count: openAlerts(item) })}</Badge>
                      ) : (
                        <ul className="flex flex-wrap gap-1">
                          {item.matchSummaries.map((s) => (
                            <li key={s.status}>
                              <Badge tone={toneOfMatchStatus(s.status)}>
                                {t('cases.matchSummary', { count: new Intl.NumberFormat(locale).format(s.count), status: t(`cases.matchStatus.${s.status}`) })}
                              </Badge>
                            </li>
                          ))}
                        </ul>
                      )}
                    </Td>
                    <Td label={t('cases.assignee')}>{item.assignee?.displayName ?? <span className="text-slate-600">{t('cases.unassigned')}</span>}</Td>
                    <Td label={t('cases.opened')}>
                      <DateText locale={locale} value={item.createdAt} />
                    </Td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
          <Pagination
            page={result.data.meta.page}
            totalPages={result.data.meta.totalPages}
            onPage={(page) => {
              const next = new URLSearchParams(params.toString());
              next.set('page', String(page));
              navigate(next);
            }}
          />
        </>
      )}
    </div>
  );
}

/** A transaction-monitoring case's alerts still Open (its `TransactionAlert` indicator). */
const openAlerts = (item: CasePage['data'][number]) => item.indicatorSummaries.find((s) => s.category === 'TransactionAlert')?.count ?? 0;

function FilterSelect({ name, label, value, options }: { name: string; label: string; value: string; options: [string, string][] }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={`filter-${name}`} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <Select id={`filter-${name}`} name={name} defaultValue={value}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </Select>
    </div>
  );
}
