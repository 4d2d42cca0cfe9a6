import { getTranslations } from 'next-intl/server';
import { Card } from '@/components/ui/card';
import { Field, Input } from '@/components/ui/field';
import { Table, Td, Th } from '@/components/ui/table';
import { DateTimeText } from '@/components/ui/dates';
import type { WebhookOverview } from '@/lib/webhooks/admin-queries';
import { ActionForm } from './action-form';
import { EventCheckboxes } from './event-checkboxes';
import { WebhookBadge } from './status-badge';

export async function WebhookOverviewCards({ overview, eventTypes, locale }: { overview: WebhookOverview; eventTypes: readonly string[]; locale: string }) {
  const t = await getTranslations('webhooks');
  const eventName = (type: string) => (t.has(`eventNames.${type}`) ? t(`eventNames.${type}` as 'eventNames.EntityStatusUpdate') : type);
  const e = overview.endpoint;
  return (
    <div className="flex flex-col gap-6">
      <Card title={t('statusCard')} id="webhook-status">
        {e ? (
          <div className="flex flex-col gap-4">
            <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
              <div>
                <dt className="text-slate-600">{t('statusCard')}</dt>
                <dd data-testid="webhook-status">
                  <WebhookBadge value={e.status} label={t(`status.${e.status}`)} />
                </dd>
              </div>
              <div>
                <dt className="text-slate-600">{t('url')}</dt>
                <dd dir="ltr" className="text-start break-all text-slate-900">
                  {e.url}
                </dd>
              </div>
              <div>
                <dt className="text-slate-600">{t('secret')}</dt>
                <dd dir="ltr" className="text-start text-slate-900" data-testid="webhook-secret">
                  {e.secret}
                </dd>
              </div>
              <div>
                <dt className="text-slate-600">{t('handshakeFailures')}</dt>
                <dd className="text-slate-900" data-testid="webhook-failures">
                  {new Intl.NumberFormat(locale).format(e.consecutiveHandshakeFailures)}
                </dd>
              </div>
              <div>
                <dt className="text-slate-600">{t('lastHandshake')}</dt>
                <dd className="text-slate-900">
                  {e.lastHandshakeAt ? (
                    <>
                      <DateTimeText locale={locale} value={e.lastHandshakeAt} /> · {e.lastHandshakeOk ? t('handshakeOk') : t('handshakeFailed')}
                    </>
                  ) : (
                    t('never')
                  )}
                </dd>
              </div>
              <div>
                <dt className="text-slate-600">{t('subscriptions')}</dt>
                {/* No event type chosen is a subscription to every event (the delivery worker's rule), not a list to print. */}
                <dd className="text-slate-900" data-testid="webhook-subscribed">
                  {e.eventTypes.length ? e.eventTypes.map(eventName).join(locale === 'ar' ? '، ' : ', ') : t('allEvents')}
                </dd>
              </div>
            </dl>
            <p className="text-sm text-slate-700" data-testid="webhook-queued">
              {t('queued', { count: overview.queued })}
            </p>
            <div className="flex flex-wrap gap-4">
              {e.status !== 'Disabled' ? <ActionForm action="handshake" label={t('sendHandshake')} testId="webhook-handshake" /> : null}
              {e.status !== 'Disabled' ? <ActionForm action="test" label={t('sendTest')} testId="webhook-test" /> : null}
              {e.status === 'Active' ? <ActionForm action="replay" label={t('replay')} testId="webhook-replay" /> : null}
              {e.status === 'Disabled' ? (
                <ActionForm action="enable" label={t('enable')} variant="primary" testId="webhook-enable" />
              ) : (
                <ActionForm action="disable" label={t('disable')} variant="danger" testId="webhook-disable" />
              )}
            </div>
          </div>
        ) : (
          <p className="text-sm text-slate-700" data-testid="webhook-not-registered">
            {t('notRegistered')}
          </p>
        )}
      </Card>

      <Card title={t('registerTitle')} id="webhook-register">
        <ActionForm action="register" label={t('register')} variant="primary" testId="webhook-register">
          {e ? <p className="text-sm text-slate-600">{t('reregisterHint')}</p> : null}
          <Field label={t('url')} htmlFor="webhook-url">
            <Input id="webhook-url" name="url" type="url" required dir="ltr" placeholder="https://" defaultValue={e?.url ?? ''} />
          </Field>
          <Field label={t('secret')} htmlFor="webhook-secret-input" hint={t('secretHint')}>
            <Input id="webhook-secret-input" name="secret" type="password" required minLength={8} autoComplete="new-password" dir="ltr" />
          </Field>
          <EventCheckboxes
            types={eventTypes}
            selected={e?.eventTypes ?? []}
            legend={t('subscriptions')}
            hint={t('subscriptionsHint')}
            idPrefix="register-event"
            labelOf={eventName}
          />
        </ActionForm>
      </Card>

      {e ? (
        <Card title={t('subscriptions')} id="webhook-subscriptions">
          <ActionForm action="subscriptions" label={t('saveSubscriptions')} testId="webhook-subscriptions">
            <EventCheckboxes
              types={eventTypes}
              selected={e.eventTypes}
              legend={t('subscriptions')}
              hint={t('subscriptionsHint')}
              idPrefix="sub-event"
              labelOf={eventName}
            />
          </ActionForm>
        </Card>
      ) : null}

      {overview.notifications.length ? (
        <Card title={t('notifications')} id="webhook-notifications">
          <ul className="flex flex-col gap-2 text-sm" data-testid="webhook-notifications">
            {overview.notifications.map((n) => (
              <li key={n.id} className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-amber-900">
                <DateTimeText locale={locale} value={n.createdAt} /> — {locale === 'ar' ? n.messageAr : n.messageEn}
              </li>
            ))}
          </ul>
        </Card>
      ) : null}

      {overview.history.length ? (
        <Card title={t('history')} id="webhook-history">
          <Table caption={t('history')}>
            <thead>
              <tr>
                <Th>{t('when')}</Th>
                <Th>{t('from')}</Th>
                <Th>{t('to')}</Th>
                <Th>{t('reason')}</Th>
                <Th>{t('by')}</Th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100" data-testid="webhook-history">
              {overview.history.map((h) => (
                <tr key={h.id}>
                  <Td label={t('when')}>
                    <DateTimeText locale={locale} value={h.createdAt} />
                  </Td>
                  <Td label={t('from')}>{h.fromStatus ? t(`status.${h.fromStatus}`) : '—'}</Td>
                  <Td label={t('to')}>
                    <WebhookBadge value={h.toStatus} label={t(`status.${h.toStatus}`)} />
                  </Td>
                  <Td label={t('reason')}>
                    {t.has(`reasons.${h.reason}` as 'reasons.registered') ? t(`reasons.${h.reason}` as 'reasons.registered') : h.reason}
                  </Td>
                  <Td label={t('by')}>{t.has(`actors.${h.actorType}` as 'actors.system') ? t(`actors.${h.actorType}` as 'actors.system') : h.actorType}</Td>
                </tr>
              ))}
            </tbody>
          </Table>
        </Card>
      ) : null}
    </div>
  );
}
