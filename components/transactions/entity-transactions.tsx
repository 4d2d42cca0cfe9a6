'use client';

import { useQuery } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { Badge } from '@/components/ui/badge';
import { DateTimeText } from '@/components/ui/dates';
import { Card } from '@/components/ui/card';
import { fetchJson } from '@/components/ui/fetch-json';
import { Table, Td, Th } from '@/components/ui/table';
import { formatAmount, formatCount } from './format';
import type { TransactionPage } from './types';

/** The entity's latest transactions on its profile (GET /transactions?entityId=…). */
export function EntityTransactions({ entityId }: { entityId: string }) {
  const t = useTranslations('transactions');
  const tc = useTranslations('common');
  const locale = useLocale();
  const query = useQuery({
    queryKey: ['tm-entity-transactions', entityId],
    queryFn: () => fetchJson<TransactionPage>(`/services/crm/transactions?entityId=${entityId}&size=10`),
  });
  return (
    <Card title={t('transactions')} id="entity-transactions">
      {query.isPending ? (
        <p className="text-sm text-slate-700">{tc('loading')}</p>
      ) : query.isError ? (
        <p className="text-sm text-red-800">{tc('errorDescription')}</p>
      ) : query.data.data.length === 0 ? (
        <p className="text-sm text-slate-700" data-testid="no-transactions">
          {t('noTransactions')}
        </p>
      ) : (
        <div className="overflow-x-auto">
          <Table caption={t('transactions')}>
            <thead>
              <tr>
                <Th>{t('date')}</Th>
                <Th>{t('direction')}</Th>
                <Th>{t('amount')}</Th>
                <Th>{t('alerts')}</Th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {query.data.data.map((x) => (
                <tr key={x.id}>
                  <Td label={t('date')}>
                    <DateTimeText locale={locale} value={x.transactionDate} />
                  </Td>
                  <Td label={t('direction')}>{t(`enum.${x.targetEntity?.id === entityId ? 'Credit' : 'Debit'}`)}</Td>
                  <Td label={t('amount')}>
                    <bdi className="whitespace-nowrap tabular-nums">{formatAmount(locale, x.amount, x.currency)}</bdi>{' '}
                    {x.isBlocked ? <Badge tone="bad">{t('enum.Blocked')}</Badge> : null}
                  </Td>
                  <Td label={t('alerts')}>{formatCount(locale, x.triggeredAlerts.length)}</Td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
    </Card>
  );
}
