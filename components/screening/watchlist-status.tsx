import { getTranslations } from 'next-intl/server';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { DateTimeText, parseApiDate } from '@/components/ui/dates';
import { Table, Td, Th } from '@/components/ui/table';
import { STALE_AFTER_DAYS, type WatchlistStatus } from '@/lib/screening/schemas';

/** The counted columns of an import: its message key and its field (the list's size after it may be unknown: null). */
const COUNT_COLUMNS = [
  ['added', 'added'],
  ['updated', 'updated'],
  ['removed', 'deprecated'],
  ['unchanged', 'unchanged'],
  ['sizeAfter', 'activeEntries'],
] as const;

/**
 * One list the tenant is screened against: its entries, when it was last imported (a shared list
 * older than a week is flagged, one never imported more so) and what its last imports changed.
 */
export async function WatchlistStatusCard({ list, locale, now }: { list: WatchlistStatus; locale: string; now: Date }) {
  const t = await getTranslations('watchlists');
  const ts = await getTranslations('cases.sources');
  const number = new Intl.NumberFormat(locale);
  const last = list.lastImportAt ? parseApiDate(list.lastImportAt) : null;
  const days = last ? Math.floor((now.getTime() - last.getTime()) / 86_400_000) : null;
  const freshness =
    days === null ? (
      <Badge tone={list.shared ? 'bad' : 'neutral'}>{t('neverImported')}</Badge>
    ) : list.shared && days > STALE_AFTER_DAYS ? (
      <Badge tone="warn">{t('stale', { days })}</Badge>
    ) : list.shared ? (
      <Badge tone="good">{t('current')}</Badge>
    ) : null;

  return (
    <Card
      id={`list-${list.source}`}
      title={
        <span className="flex flex-wrap items-center gap-2">
          {ts(list.source)}
          <Badge tone="info">{list.shared ? t('shared') : t('own')}</Badge>
        </span>
      }
    >
      <div className="flex flex-col gap-4" data-list={list.source}>
        <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-slate-600">{t('activeEntries')}</dt>
            <dd className="text-lg font-semibold tabular-nums text-slate-900" data-testid="active-entries">
              {number.format(list.activeEntries)}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">{t('deprecatedEntries')}</dt>
            <dd className="text-lg font-semibold tabular-nums text-slate-900">{number.format(list.deprecatedEntries)}</dd>
          </div>
          <div>
            <dt className="text-slate-600">{t('lastImport')}</dt>
            <dd className="flex flex-wrap items-center gap-2 text-slate-900" data-testid="last-import">
              {list.lastImportAt ? <DateTimeText locale={locale} value={list.lastImportAt} /> : null}
              {freshness}
            </dd>
          </div>
        </dl>
        {list.imports.length ? (
          <Table caption={t('importsCaption', { list: ts(list.source) })}>
            <thead>
              <tr>
                <Th>{t('importedAt')}</Th>
                <Th>{t('file')}</Th>
                {COUNT_COLUMNS.map(([key]) => (
                  <Th key={key}>{t(key)}</Th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {list.imports.map((i) => (
                <tr key={i.id} data-import={i.id}>
                  <Td label={t('importedAt')}>
                    <DateTimeText locale={locale} value={i.createdAt} />
                  </Td>
                  <Td label={t('file')}>
                    <bdi dir="ltr" className="break-all">
                      {i.fileName ?? '—'}
                    </bdi>{' '}
                    <span className="text-xs text-slate-600">({i.format})</span>
                  </Td>
                  {COUNT_COLUMNS.map(([key, field]) => (
                    <Td key={key} label={t(key)} className="tabular-nums">
                      {i[field] === null ? '—' : number.format(i[field])}
                    </Td>
                  ))}
                </tr>
              ))}
            </tbody>
          </Table>
        ) : (
          <p className="text-sm text-slate-600">{list.shared ? t('noImportsShared') : t('noImportsOwn')}</p>
        )}
      </div>
    </Card>
  );
}
