'use client';

import { useQuery, keepPreviousData } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { Search } from 'lucide-react';
import { Link, usePathname, useRouter } from '@/lib/i18n/navigation';
import { Badge, toneOfStatus } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input, Select } from '@/components/ui/field';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { Table, Td, Th } from '@/components/ui/table';
import { DateText } from '@/components/ui/dates';
import { fetchJson } from '@/components/ui/fetch-json';
import { Pagination } from '@/components/ui/pagination';
import { displayName, type EntityPage } from './entity-types';

const FILTERS = ['q', 'role', 'status', 'type', 'page'] as const;
const ROLES = ['client', 'prospect', 'screening'];
const STATUSES = ['Active', 'Blocked', 'Deactivated', 'Deceased'];
const TYPES = ['Individual', 'Organization'];

/** The filters live in the URL, so a search can be shared, bookmarked and survives a reload. */
export function EntityList() {
  const t = useTranslations();
  const locale = useLocale();
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const query = new URLSearchParams();
  for (const key of FILTERS) {
    const value = params.get(key);
    if (value) query.set(key, value);
  }
  query.set('size', '20');
  const key = query.toString();

  const result = useQuery({
    queryKey: ['entities', key],
    queryFn: () => fetchJson<EntityPage>(`/services/crm/entities?${key}`),
    placeholderData: keepPreviousData,
  });

  function navigate(next: URLSearchParams) {
    next.delete('size');
    const search = next.toString();
    router.push(search ? `${pathname}?${search}` : pathname);
  }

  return (
    <div className="flex flex-col gap-4">
      <form
        // Remount on every URL change so the inputs show the filters actually applied.
        key={params.toString()}
        role="search"
        className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))_auto]"
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          const next = new URLSearchParams();
          for (const name of ['q', 'role', 'status', 'type']) {
            const value = String(form.get(name) ?? '').trim();
            if (value) next.set(name, value);
          }
          navigate(next);
        }}
      >
        <div className="flex flex-col gap-1">
          <label htmlFor="q" className="text-sm font-medium text-slate-800">
            {t('entities.search')}
          </label>
          <div className="relative">
            <Search aria-hidden className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-slate-500" />
            <Input id="q" name="q" type="search" defaultValue={params.get('q') ?? ''} placeholder={t('entities.searchPlaceholder')} className="ps-9" />
          </div>
        </div>
        <FilterSelect
          name="role"
          label={t('entities.role')}
          any={t('entities.any')}
          value={params.get('role')}
          options={ROLES.map((v) => [v, t(`enums.role.${v}`)])}
        />
        <FilterSelect
          name="status"
          label={t('entities.status')}
          any={t('entities.any')}
          value={params.get('status')}
          options={STATUSES.map((v) => [v, t(`enums.status.${v}`)])}
        />
        <FilterSelect
          name="type"
          label={t('entities.type')}
          any={t('entities.any')}
          value={params.get('type')}
          options={TYPES.map((v) => [v, t(`enums.type.${v}`)])}
        />
        <div className="flex items-end gap-2">
          <Button type="submit">{t('entities.apply')}</Button>
          <Link href="/entities" className="rounded-md px-3 py-2 text-sm text-slate-700 underline-offset-2 hover:underline">
            {t('entities.reset')}
          </Link>
        </div>
      </form>

      {result.isPending ? (
        <LoadingState label={t('common.loading')} />
      ) : result.isError ? (
        <ErrorState
          title={t('common.errorTitle')}
          description={t('common.errorDescription')}
          action={
            <Button variant="secondary" onClick={() => void result.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : result.data.data.length === 0 ? (
        <EmptyState title={t('entities.emptyTitle')} description={t('entities.emptyDescription')} />
      ) : (
        <>
          <p className="text-sm text-slate-600" aria-live="polite" data-testid="result-count">
            {t('common.totalResults', { count: result.data.meta.totalCount })}
          </p>
          <Table caption={t('entities.title')}>
            <thead>
              <tr>
                <Th>{t('entities.name')}</Th>
                <Th>{t('entities.role')}</Th>
                <Th>{t('entities.type')}</Th>
                <Th>{t('entities.status')}</Th>
                <Th>{t('entities.crmId')}</Th>
                <Th>{t('entities.createdAt')}</Th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {result.data.data.map((entity) => {
                const name = displayName(locale, entity) ?? t('entities.unnamed');
                return (
                  <tr key={entity.id} className="hover:bg-slate-50">
                    <Td>
                      <Link href={`/entities/${entity.id}`} className="font-medium text-brand-700 underline-offset-2 hover:underline">
                        {name}
                      </Link>
                      {entity.email ? (
                        <div className="text-xs text-slate-600" dir="ltr">
                          {entity.email}
                        </div>
                      ) : null}
                    </Td>
                    <Td>{entity.role ? t(`enums.role.${entity.role}`) : '—'}</Td>
                    <Td>{entity.type ? t(`enums.type.${entity.type}`) : '—'}</Td>
                    <Td>{entity.status ? <Badge tone={toneOfStatus(entity.status)}>{t(`enums.status.${entity.status}`)}</Badge> : '—'}</Td>
                    <Td>
                      <span className="font-mono text-xs" dir="ltr">
                        {entity.crmId ?? '—'}
                      </span>
                    </Td>
                    <Td>
                      <DateText locale={locale} value={entity.createdAt} />
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

function FilterSelect({ name, label, any, value, options }: { name: string; label: string; any: string; value: string | null; options: [string, string][] }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={name} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <Select id={name} name={name} defaultValue={value ?? ''}>
        <option value="">{any}</option>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </Select>
    </div>
  );
}
