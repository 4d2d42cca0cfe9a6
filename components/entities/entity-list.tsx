'use client';

import { useQuery, keepPreviousData } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { ArrowDown, ArrowUp, Download, Search } from 'lucide-react';
import { Link, usePathname, useRouter } from '@/lib/i18n/navigation';
import { Badge, toneOfStatus } from '@/components/ui/badge';
import { Button, buttonClass } from '@/components/ui/button';
import { Input, Select } from '@/components/ui/field';
import { EmptyState, LoadingState } from '@/components/ui/states';
import { isPastLastPage, ListErrorState, PastLastPageState } from '@/components/ui/list-states';
import { busyMarks, Table, Td, Th } from '@/components/ui/table';
import { DateText } from '@/components/ui/dates';
import { fetchJson } from '@/components/ui/fetch-json';
import { Pagination } from '@/components/ui/pagination';
import { displayName, type EntityPage, type EntityRow } from './entity-types';

const FILTERS = ['q', 'role', 'status', 'type', 'worklist', 'sort', 'page'] as const;
const FORM_FIELDS = ['q', 'role', 'status', 'type', 'worklist', 'sort'] as const;
const ROLES = ['client', 'prospect', 'screening'];
const STATUSES = ['Active', 'Blocked', 'Deactivated', 'Deceased'];
const TYPES = ['Individual', 'Organization'];
const WORKLISTS = ['pendingIdentity', 'expiringIdentity', 'kycReview'];
const SORTS = ['-createdAt', 'createdAt', 'name', '-name', 'nameAr', '-nameAr'];
const EXPORT_MAX = 5000;

/**
 * The filters live in the URL, so a search can be shared, bookmarked and survives a reload; the
 * profile link carries them (`back`), so "Back to entities" returns to the same filtered page.
 */
export function EntityList({ canExport = false }: { canExport?: boolean }) {
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

  const sort = params.get('sort') ?? '-createdAt';
  function sortBy(column: 'name' | 'createdAt') {
    const next = new URLSearchParams(params.toString());
    const byName = locale === 'ar' ? 'nameAr' : 'name';
    const asc = column === 'name' ? byName : 'createdAt';
    const desc = column === 'name' ? `-${byName}` : '-createdAt';
    // Names start A→Z, dates newest first; a second click reverses.
    next.set('sort', sort === (column === 'name' ? asc : desc) ? (column === 'name' ? desc : asc) : column === 'name' ? asc : desc);
    next.delete('page');
    navigate(next);
  }
  const listQuery = new URLSearchParams(params.toString());
  listQuery.delete('back');
  const exportQuery = (() => {
    const q = new URLSearchParams(listQuery.toString());
    q.delete('page');
    return q.toString();
  })();
  const pageHref = (page: number) => {
    const q = new URLSearchParams(listQuery.toString());
    if (page > 1) q.set('page', String(page));
    else q.delete('page');
    return q.toString() ? `/entities?${q}` : '/entities';
  };
  const profileHref = (id: string) => (listQuery.toString() ? `/entities/${id}?back=${encodeURIComponent(listQuery.toString())}` : `/entities/${id}`);

  return (
    <div className="flex flex-col gap-4">
      <form
        // Remount on every URL change so the inputs show the filters actually applied.
        key={params.toString()}
        role="search"
        className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-[minmax(0,2fr)_repeat(5,minmax(0,1fr))_auto]"
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          const next = new URLSearchParams();
          for (const name of FORM_FIELDS) {
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
        <FilterSelect
          name="worklist"
          label={t('entities.worklist')}
          any={t('entities.any')}
          value={params.get('worklist')}
          options={WORKLISTS.map((v) => [v, t(`entities.worklists.${v}`)])}
        />
        <div className="flex flex-col gap-1">
          <label htmlFor="sort" className="text-sm font-medium text-slate-800">
            {t('entities.sort')}
          </label>
          <Select id="sort" name="sort" defaultValue={params.get('sort') ?? '-createdAt'}>
            {SORTS.map((v) => (
              <option key={v} value={v}>
                {t(`entities.sortOptions.${v}`)}
              </option>
            ))}
          </Select>
        </div>
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
        <ListErrorState error={result.error} resetHref="/entities" onRetry={() => void result.refetch()} />
      ) : isPastLastPage(result.data.meta, result.data.data.length) ? (
        <PastLastPageState {...result.data.meta} pageHref={pageHref} />
      ) : result.data.data.length === 0 ? (
        <EmptyState title={t('entities.emptyTitle')} description={t('entities.emptyDescription')} />
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-slate-600" aria-live="polite" data-testid="result-count">
              {t('common.totalResults', { count: result.data.meta.totalCount })}
            </p>
            {canExport ? (
              <a
                href={`/services/crm/entities/export${exportQuery ? `?${exportQuery}` : ''}`}
                download
                className={buttonClass('secondary', 'sm')}
                title={t('entities.exportHint', { max: new Intl.NumberFormat(locale).format(EXPORT_MAX) })}
                data-testid="export-csv"
              >
                <Download aria-hidden className="size-4" />
                {t('entities.export')}
              </a>
            ) : null}
          </div>
          <div className="hidden md:block">
            <Table caption={t('entities.title')} busy={result.isPlaceholderData}>
              <thead>
                <tr>
                  <SortableTh
                    column="name"
                    sort={sort}
                    label={t('entities.name')}
                    onSort={sortBy}
                    locale={locale}
                    sortLabel={t('entities.sortBy', { column: t('entities.name') })}
                  />
                  <Th>{t('entities.idNumber')}</Th>
                  <Th>{t('entities.nationality')}</Th>
                  <Th>{t('entities.riskLevel')}</Th>
                  <Th>{t('entities.screening')}</Th>
                  <Th>{t('entities.status')}</Th>
                  <SortableTh
                    column="createdAt"
                    sort={sort}
                    label={t('entities.createdAt')}
                    onSort={sortBy}
                    locale={locale}
                    sortLabel={t('entities.sortBy', { column: t('entities.createdAt') })}
                  />
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {result.data.data.map((entity) => (
                  <tr key={entity.id} className="hover:bg-slate-50">
                    <Td>
                      <Link href={profileHref(entity.id)} className="font-medium text-brand-700 underline-offset-2 hover:underline">
                        <bdi>{displayName(locale, entity) ?? t('entities.unnamed')}</bdi>
                      </Link>
                      <div className="text-xs text-slate-600">
                        {entity.role ? t(`enums.role.${entity.role}`) : null} · {entity.type ? t(`enums.type.${entity.type}`) : null}
                      </div>
                      {entity.email ? (
                        <div className="text-xs text-slate-600 text-start">
                          <bdi dir="ltr">{entity.email}</bdi>
                        </div>
                      ) : null}
                    </Td>
                    <Td>
                      <IdNumber entity={entity} />
                    </Td>
                    <Td>{nationalityOf(locale, entity)}</Td>
                    <Td>
                      <div className="flex flex-col items-start gap-1">
                        <RiskBadge entity={entity} />
                        <KycAwaitingBadges entity={entity} />
                      </div>
                    </Td>
                    <Td>
                      <ScreeningBadge entity={entity} />
                    </Td>
                    <Td>{entity.status ? <Badge tone={toneOfStatus(entity.status)}>{t(`enums.status.${entity.status}`)}</Badge> : '—'}</Td>
                    <Td>
                      <DateText locale={locale} value={entity.createdAt} />
                    </Td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
          {/* Phones: one card per entity instead of a table wider than the screen. */}
          <ul {...busyMarks(result.isPlaceholderData, 'flex flex-col gap-3 md:hidden')} aria-label={t('entities.title')}>
            {result.data.data.map((entity) => (
              <li key={entity.id} className="rounded-lg border border-slate-200 bg-white p-3">
                <Link href={profileHref(entity.id)} className="font-medium break-words text-brand-700 underline-offset-2 hover:underline">
                  <bdi>{displayName(locale, entity) ?? t('entities.unnamed')}</bdi>
                </Link>
                <div className="mt-2 flex flex-wrap gap-2">
                  {entity.status ? <Badge tone={toneOfStatus(entity.status)}>{t(`enums.status.${entity.status}`)}</Badge> : null}
                  <RiskBadge entity={entity} />
                  <ScreeningBadge entity={entity} />
                  <KycAwaitingBadges entity={entity} />
                </div>
                <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
                  <dt className="text-slate-600">{t('entities.idNumber')}</dt>
                  <dd className="min-w-0 break-words">
                    <IdNumber entity={entity} />
                  </dd>
                  <dt className="text-slate-600">{t('entities.nationality')}</dt>
                  <dd>{nationalityOf(locale, entity)}</dd>
                  <dt className="text-slate-600">{t('entities.createdAt')}</dt>
                  <dd>
                    <DateText locale={locale} value={entity.createdAt} />
                  </dd>
                </dl>
              </li>
            ))}
          </ul>
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

function IdNumber({ entity }: { entity: EntityRow }) {
  const first = entity.identities[0];
  if (!first) return <span className="text-slate-500">—</span>;
  return (
    <bdi dir="ltr" className="font-mono text-xs">
      {first.number}
    </bdi>
  );
}

function nationalityOf(locale: string, entity: EntityRow) {
  if (!entity.nationality) return entity.nationalityCode ?? '—';
  return locale === 'ar' ? entity.nationality.nameAr : entity.nationality.nameEn;
}

const RISK_TONE = { Low: 'good', Medium: 'warn', High: 'bad' } as const;
function RiskBadge({ entity }: { entity: EntityRow }) {
  const t = useTranslations('enums');
  const level = entity.kyc?.scores[0]?.riskLevel;
  if (!level) return <span className="text-slate-500">—</span>;
  return <Badge tone={RISK_TONE[level]}>{t(`riskLevel.${level}`)}</Badge>;
}

/** What of the entity's KYC awaits an officer's decision (the kycReview worklist), one badge each. */
function KycAwaitingBadges({ entity }: { entity: EntityRow }) {
  const t = useTranslations();
  const kyc = entity.kyc;
  if (!kyc) return null;
  const awaiting = [
    kyc.status === 'KycSubmitted' || kyc.status === 'KycUnderReview' ? t('entities.kycAwaiting.kyc', { status: t(`kyc.enums.kycStatus.${kyc.status}`) }) : null,
    kyc.eddStatus === 'Submitted' ? t('entities.kycAwaiting.edd', { status: t('kyc.enums.eddStatus.Submitted') }) : null,
    kyc.qualifiedStatus === 'Submitted' ? t('entities.kycAwaiting.qualified', { status: t('kyc.enums.qualifiedStatus.Submitted') }) : null,
  ].filter((text): text is string => text !== null);
  return awaiting.map((text) => (
    <Badge key={text} tone="warn">
      {text}
    </Badge>
  ));
}

const SCREENING_TONE = { NotScreened: 'neutral', Clear: 'good', PendingReview: 'warn', Hit: 'bad' } as const;
function ScreeningBadge({ entity }: { entity: EntityRow }) {
  const t = useTranslations('enums');
  return <Badge tone={SCREENING_TONE[entity.screeningStatus]}>{t(`screeningStatus.${entity.screeningStatus}`)}</Badge>;
}

function SortableTh({
  column,
  sort,
  label,
  sortLabel,
  onSort,
}: {
  column: 'name' | 'createdAt';
  sort: string;
  label: string;
  sortLabel: string;
  locale: string;
  onSort: (column: 'name' | 'createdAt') => void;
}) {
  const key = sort.replace(/^-/, '');
  const active = column === 'name' ? key === 'name' || key === 'nameAr' : key === 'createdAt';
  const descending = sort.startsWith('-');
  return (
    <Th aria-sort={active ? (descending ? 'descending' : 'ascending') : 'none'}>
      <button type="button" onClick={() => onSort(column)} className="inline-flex items-center gap-1 uppercase hover:underline" aria-label={sortLabel}>
        {label}
        {active ? descending ? <ArrowDown aria-hidden className="size-3" /> : <ArrowUp aria-hidden className="size-3" /> : null}
      </button>
    </Th>
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
