'use client';

import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { Download } from 'lucide-react';
import type { z } from 'zod';
import type { auditActorsResponse, auditPage } from '@/lib/audit/schemas';
import { AUDIT_ACTOR_TYPES } from '@/lib/audit/schemas';
import { Link, usePathname, useRouter } from '@/lib/i18n/navigation';
import { Button, buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DateTimeText } from '@/components/ui/dates';
import { Field, Input, Select } from '@/components/ui/field';
import { fetchJson, FetchError } from '@/components/ui/fetch-json';
import { Pagination } from '@/components/ui/pagination';
import { EmptyState, LoadingState } from '@/components/ui/states';
import { isPastLastPage, ListErrorState, PastLastPageState } from '@/components/ui/list-states';
import { auditActionLabel, AUDIT_ACTION_FAMILIES } from './audit-actions';

type Page = z.infer<typeof auditPage>;
type Actors = z.infer<typeof auditActorsResponse>['data'];
const FILTERS = ['actorId', 'actorType', 'targetType', 'targetId', 'action', 'from', 'to'] as const;
type Filters = Partial<Record<(typeof FILTERS)[number], string>>;
const TARGET_TYPES = [
  'Entity',
  'Identity',
  'BankAccount',
  'Address',
  'Attachment',
  'Relationship',
  'Kyc',
  'KycFlow',
  'KycForm',
  'Match',
  'Case',
  'Note',
  'Transaction',
  'TransactionAlert',
  'TransactionRule',
  'BulkJob',
  'ErasureRequest',
  'Tag',
  'ApiKey',
  'User',
  'WebhookEndpoint',
  'Tenant',
  'AuditLog',
];

/**
 * The tenant's audit log: filters in the address (kept on reload and when coming back), newest
 * first, paged; each event's actor, action in the officer's language, record (linked when it is an
 * entity) and changed fields. Export downloads the same filtered events as CSV (audited).
 */
export function AuditLogAdmin() {
  const t = useTranslations();
  const locale = useLocale();
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const applied: Filters = Object.fromEntries(FILTERS.map((key) => [key, params.get(key) ?? undefined]).filter(([, v]) => v));
  const [draft, setDraft] = useState<Filters>(applied);
  // The form starts again from the URL whenever the URL changes by other means than this form (the
  // nav link, back and forward), as the entity list's and case queue's forms do.
  const [draftOf, setDraftOf] = useState(params.toString());
  if (draftOf !== params.toString()) {
    setDraftOf(params.toString());
    setDraft(applied);
  }
  const page = Number(params.get('page') ?? '1') || 1;
  const query = new URLSearchParams(applied as Record<string, string>);
  const exportHref = `/services/crm/audit-events/export${query.toString() ? `?${query}` : ''}`;
  query.set('page', String(page));
  query.set('size', '25');
  const events = useQuery({
    queryKey: ['audit-events', query.toString()],
    queryFn: () => fetchJson<Page>(`/services/crm/audit-events?${query}`),
    placeholderData: keepPreviousData,
  });
  const actors = useQuery({ queryKey: ['audit-actors'], queryFn: () => fetchJson<{ data: Actors }>('/services/crm/audit-events/actors') });

  const go = (filters: Filters, toPage = 1) => {
    const next = new URLSearchParams();
    for (const key of FILTERS) if (filters[key]?.trim()) next.set(key, filters[key]!.trim());
    if (toPage > 1) next.set('page', String(toPage));
    router.push(next.toString() ? `${pathname}?${next}` : pathname);
  };
  const pageHref = (toPage: number) => {
    const next = new URLSearchParams(applied as Record<string, string>);
    if (toPage > 1) next.set('page', String(toPage));
    return next.toString() ? `/admin/audit?${next}` : '/admin/audit';
  };
  const set = (key: keyof Filters) => (e: { target: { value: string } }) => setDraft({ ...draft, [key]: e.target.value || undefined });
  const actorName = (actor: Page['data'][number]['actor']) => {
    const type = actor.platformAdmin
      ? t('auditLog.platformAdmin')
      : t.has(`profile.actorTypes.${actor.type}`)
        ? t(`profile.actorTypes.${actor.type}`)
        : actor.type;
    return actor.displayName ? `${type} · ${actor.displayName}` : type;
  };

  return (
    <div className="flex flex-col gap-4">
      <Card title={t('auditLog.filters')} id="audit-filters">
        <form
          className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4"
          onSubmit={(event) => {
            event.preventDefault();
            go(draft);
          }}
        >
          <Field label={t('auditLog.actor')} htmlFor="audit-actor">
            <Select id="audit-actor" value={draft.actorId ?? ''} onChange={set('actorId')}>
              <option value="">{t('auditLog.anyone')}</option>
              {(actors.data?.data ?? []).map((user) => (
                <option key={user.id} value={user.id}>
                  {user.displayName ? `${user.displayName} (${user.email})` : user.email}
                  {user.platformAdmin ? ` · ${t('auditLog.platformAdmin')}` : ''}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('auditLog.actorType')} htmlFor="audit-actor-type">
            <Select id="audit-actor-type" value={draft.actorType ?? ''} onChange={set('actorType')}>
              <option value="">{t('auditLog.any')}</option>
              {AUDIT_ACTOR_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`auditLog.actorTypes.${type}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('auditLog.action')} htmlFor="audit-action">
            <Select id="audit-action" value={draft.action ?? ''} onChange={set('action')}>
              <option value="">{t('auditLog.anyAction')}</option>
              {AUDIT_ACTION_FAMILIES.map(([family, actions]) => (
                <optgroup key={family} label={t(`auditLog.families.${family}`)}>
                  <option value={`${family}.*`}>{t('auditLog.allOf', { family: t(`auditLog.families.${family}`) })}</option>
                  {actions.map((action) => (
                    <option key={action} value={action}>
                      {auditActionLabel(t, action)}
                    </option>
                  ))}
                </optgroup>
              ))}
            </Select>
          </Field>
          <Field label={t('auditLog.targetType')} htmlFor="audit-target-type">
            <Select id="audit-target-type" value={draft.targetType ?? ''} onChange={set('targetType')}>
              <option value="">{t('auditLog.any')}</option>
              {TARGET_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`auditLog.targetTypes.${type}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('auditLog.targetId')} htmlFor="audit-target-id" hint={t('auditLog.targetIdHint')}>
            <Input id="audit-target-id" dir="ltr" value={draft.targetId ?? ''} onChange={set('targetId')} className="font-mono text-xs" />
          </Field>
          <Field label={t('auditLog.from')} htmlFor="audit-from">
            <Input id="audit-from" type="date" dir="ltr" value={draft.from ?? ''} onChange={set('from')} />
          </Field>
          <Field label={t('auditLog.to')} htmlFor="audit-to">
            <Input id="audit-to" type="date" dir="ltr" value={draft.to ?? ''} onChange={set('to')} />
          </Field>
          <div className="flex flex-wrap items-end gap-2">
            <Button type="submit">{t('auditLog.search')}</Button>
            <Button
              variant="secondary"
              onClick={() => {
                setDraft({});
                go({});
              }}
            >
              {t('auditLog.clear')}
            </Button>
          </div>
        </form>
      </Card>

      <Card title={t('auditLog.events')} id="audit-events">
        {events.isPending ? (
          <LoadingState label={t('common.loading')} />
        ) : events.isError ? (
          <ListErrorState error={events.error} resetHref="/admin/audit" onRetry={() => void events.refetch()} />
        ) : (
          <div className="flex flex-col gap-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="text-sm text-slate-600" aria-live="polite" data-testid="audit-count">
                {t('common.totalResults', { count: events.data.meta.totalCount })}
              </p>
              <a href={exportHref} download className={buttonClass('secondary', 'sm')} data-testid="audit-export">
                <Download aria-hidden className="size-4" />
                {t('auditLog.export')}
              </a>
            </div>
            {isPastLastPage(events.data.meta, events.data.data.length) ? (
              <PastLastPageState {...events.data.meta} pageHref={pageHref} />
            ) : events.data.data.length === 0 ? (
              <EmptyState title={t('auditLog.none')} />
            ) : (
              <ol className="divide-y divide-slate-100" data-testid="audit-list">
                {events.data.data.map((event) => (
                  <li key={event.id} className="flex flex-col gap-1 py-3" data-testid="audit-event" data-action={event.action}>
                    <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                      <span className="font-medium text-slate-900" title={event.action}>
                        {auditActionLabel(t, event.action)}
                      </span>
                      <span className="text-xs text-slate-600">
                        <DateTimeText locale={locale} value={event.createdAt} />
                      </span>
                    </div>
                    <p className="text-sm text-slate-700">
                      <bdi>{actorName(event.actor)}</bdi>
                    </p>
                    <p className="flex flex-wrap items-center gap-x-2 text-xs text-slate-600">
                      <span>{t.has(`auditLog.targetTypes.${event.targetType}`) ? t(`auditLog.targetTypes.${event.targetType}`) : event.targetType}</span>
                      {event.targetId ? (
                        event.targetType === 'Entity' ? (
                          <Link href={`/entities/${event.targetId}`} className="font-mono break-all text-brand-700 underline" dir="ltr">
                            {event.targetId}
                          </Link>
                        ) : (
                          <code dir="ltr" className="break-all">
                            {event.targetId}
                          </code>
                        )
                      ) : null}
                    </p>
                    {event.before !== null || event.after !== null ? (
                      <details className="text-xs text-slate-700">
                        <summary className="cursor-pointer text-brand-700">{t('auditLog.details')}</summary>
                        <pre dir="ltr" className="mt-1 max-w-full overflow-x-auto rounded bg-slate-50 p-2 text-start whitespace-pre-wrap break-all">
                          {JSON.stringify({ before: event.before, after: event.after }, null, 2)}
                        </pre>
                      </details>
                    ) : null}
                  </li>
                ))}
              </ol>
            )}
            <Pagination page={events.data.meta.page} totalPages={events.data.meta.totalPages} onPage={(p) => go(applied, p)} />
          </div>
        )}
      </Card>
    </div>
  );
}
