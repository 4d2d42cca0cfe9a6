import { getTranslations } from 'next-intl/server';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/states';
import { Table, Td, Th } from '@/components/ui/table';
import { DateTimeText } from '@/components/ui/dates';
import { buttonClass } from '@/components/ui/button';
import { Link } from '@/lib/i18n/navigation';
import { WebhookBadge } from './status-badge';

export interface DeliveryRow {
  id: string;
  eventId: string;
  eventType: string;
  state: string;
  held: boolean;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: string;
}

export async function DeliveryLog({ rows, page, totalPages, locale }: { rows: DeliveryRow[]; page: number; totalPages: number; locale: string }) {
  const t = await getTranslations('webhooks');
  const tc = await getTranslations('common');
  const number = new Intl.NumberFormat(locale);
  return (
    <Card title={t('deliveries')} id="webhook-deliveries">
      {rows.length === 0 ? (
        <EmptyState title={t('noDeliveries')} />
      ) : (
        <div className="flex flex-col gap-3">
          <Table caption={t('deliveries')}>
            <thead>
              <tr>
                <Th>{t('created')}</Th>
                <Th>{t('event')}</Th>
                <Th>{t('eventId')}</Th>
                <Th>{t('state')}</Th>
                <Th>{t('tries')}</Th>
                <Th>{t('lastResult')}</Th>
                <Th>
                  <span className="sr-only">{t('details')}</span>
                </Th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((d) => {
                const state = d.held ? 'held' : d.state;
                return (
                  <tr key={d.id} data-testid={`delivery-${d.eventId}`}>
                    <Td label={t('created')}>
                      <DateTimeText locale={locale} value={d.createdAt} />
                    </Td>
                    <Td label={t('event')}>
                      {t.has(`eventNames.${d.eventType}`) ? t(`eventNames.${d.eventType}` as 'eventNames.EntityStatusUpdate') : d.eventType}
                      <code dir="ltr" className="block text-xs text-slate-600">
                        {d.eventType}
                      </code>
                    </Td>
                    <Td className="font-mono text-xs break-all" label={t('eventId')}>
                      <span dir="ltr">{d.eventId}</span>
                    </Td>
                    <Td label={t('state')}>
                      <WebhookBadge value={state} label={t(`states.${state}` as 'states.queued')} />
                    </Td>
                    <Td label={t('tries')}>{number.format(d.attempts)}</Td>
                    <Td className="md:max-w-64 md:truncate" title={d.lastError ?? undefined} label={t('lastResult')}>
                      <span dir="ltr">
                        {d.lastStatusCode ?? ''} {d.lastError ?? ''}
                      </span>
                    </Td>
                    <Td>
                      <Link href={`/admin/webhooks/deliveries/${d.id}`} className={buttonClass('ghost', 'sm')}>
                        {t('details')}
                        <span className="sr-only"> {d.eventId}</span>
                      </Link>
                    </Td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
          {totalPages > 1 ? (
            <nav
              className="flex items-center justify-between gap-2 text-sm"
              aria-label={tc('pageOf', { page: number.format(page), total: number.format(totalPages) })}
            >
              {page > 1 ? (
                <Link href={`/admin/webhooks?page=${page - 1}`} className={buttonClass('secondary', 'sm')}>
                  {tc('previous')}
                </Link>
              ) : (
                <span />
              )}
              <span>{tc('pageOf', { page: number.format(page), total: number.format(totalPages) })}</span>
              {page < totalPages ? (
                <Link href={`/admin/webhooks?page=${page + 1}`} className={buttonClass('secondary', 'sm')}>
                  {tc('next')}
                </Link>
              ) : (
                <span />
              )}
            </nav>
          ) : null}
        </div>
      )}
    </Card>
  );
}
