'use client';

import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import type { EntityHistoryPageOut } from '@/lib/audit/schemas';
import { Button } from '@/components/ui/button';
import { DateTimeText } from '@/components/ui/dates';
import { fetchJson } from '@/components/ui/fetch-json';
import { describeAuditChange } from '@/components/entities/describe-change';
import { auditActionLabel } from '@/components/admin/audit-actions';

/** Fields whose values are enum members with labels in messages `enums.<group>`. */
const ENUM_GROUP: Record<string, string> = {
  status: 'status',
  classification: 'classification',
  verificationStatus: 'verification',
  gender: 'gender',
  category: 'classification',
};

const PAGE_SIZE = 50;

/**
 * The profile's history. The newest page comes with the page (server-rendered, `initial`); older
 * pages are fetched on request from GET /services/crm/entities/{entityId}/history with the cursor
 * of the last event shown, until the route says none is older. The older pages are keyed by where
 * the first page ends, so when the page is refreshed with newer events they are fetched again
 * from the new end and no event is shown twice or skipped.
 */
export function AuditTimeline({ entityId, initial }: { entityId: string; initial: EntityHistoryPageOut }) {
  const t = useTranslations('profile');
  const tCommon = useTranslations('common');
  const [wantOlder, setWantOlder] = useState(false);
  const older = useInfiniteQuery({
    queryKey: ['entity-history', entityId, initial.nextCursor],
    queryFn: ({ pageParam }) =>
      fetchJson<EntityHistoryPageOut>(`/services/crm/entities/${entityId}/history?size=${PAGE_SIZE}&before=${encodeURIComponent(pageParam ?? '')}`),
    initialPageParam: initial.nextCursor,
    getNextPageParam: (last) => last.nextCursor,
    enabled: wantOlder && initial.nextCursor !== null,
    staleTime: Infinity,
  });
  const olderPages = older.data?.pages ?? [];
  const events = [...initial.data, ...olderPages.flatMap((page) => page.data)];
  const hasMore = olderPages.length ? olderPages.at(-1)!.nextCursor !== null : initial.nextCursor !== null;
  const loading = older.isFetching;
  const failed = older.isError && !loading;

  if (events.length === 0) return <p className="text-sm text-slate-600">{t('noAudit')}</p>;
  return (
    <div className="flex flex-col gap-3">
      <ol className="relative flex flex-col gap-4 border-s border-slate-200 ps-4" data-testid="audit-timeline">
        {events.map((event) => (
          <AuditEventItem key={event.id} event={event} />
        ))}
      </ol>
      <p className="text-xs text-slate-600" data-testid="audit-timeline-summary" data-complete={hasMore ? 'false' : 'true'}>
        {hasMore ? t('historyMore', { count: events.length }) : t('historyComplete', { count: events.length })}
      </p>
      {failed ? (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-red-800" data-testid="audit-timeline-error">
          <span>{t('historyError')}</span>
          <Button variant="secondary" size="sm" onClick={() => void (older.isFetchNextPageError ? older.fetchNextPage() : older.refetch())}>
            {tCommon('retry')}
          </Button>
        </div>
      ) : hasMore ? (
        <Button
          variant="secondary"
          size="sm"
          className="self-start"
          disabled={loading}
          aria-busy={loading}
          data-testid="audit-timeline-older"
          onClick={() => (wantOlder ? void older.fetchNextPage() : setWantOlder(true))}
        >
          {loading ? t('historyLoading') : t('historyShowOlder')}
        </Button>
      ) : null}
      <span role="status" aria-live="polite" className="sr-only">
        {loading ? t('historyLoading') : ''}
      </span>
    </div>
  );
}

function AuditEventItem({ event }: { event: EntityHistoryPageOut['data'][number] }) {
  const t = useTranslations('profile');
  const tAll = useTranslations();
  const tEnums = useTranslations('enums');
  const tReview = useTranslations('bankReview');
  const tCommon = useTranslations('common');
  const locale = useLocale();
  // Values in the officer's language where they are ours to name; free text (a reason) as written.
  const showValue = (field: string, value: unknown): string => {
    if (value === undefined) return '—';
    const group = ENUM_GROUP[field];
    if (group && typeof value === 'string' && tEnums.has(`${group}.${value}`)) return tEnums(`${group}.${value}`);
    if (field === 'decision' && (value === 'Approve' || value === 'Reject')) return tReview(value === 'Approve' ? 'approve' : 'reject');
    if (field === 'emailOptions' && typeof value === 'object') {
      const options = value as { notify?: boolean; language?: string };
      return options.notify ? t('auditEmail', { language: options.language ?? 'en' }) : tCommon('no');
    }
    if (typeof value === 'boolean') return tCommon(value ? 'yes' : 'no');
    return typeof value === 'object' ? JSON.stringify(value).slice(0, 80) : String(value);
  };
  const actorType = tAll.has(`auditLog.actorTypes.${event.actor.type}`) ? tAll(`auditLog.actorTypes.${event.actor.type}`) : event.actor.type;
  const actor = event.actor.displayName ? `${actorType} · ${event.actor.displayName}` : actorType;
  return (
    <li className="relative" data-event-id={event.id}>
      <span aria-hidden className="absolute -start-[1.3rem] top-1.5 size-2.5 rounded-full bg-brand-600" />
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="text-sm font-medium text-slate-900" data-action={event.action} title={event.action}>
          {auditActionLabel(tAll, event.action)}
        </span>
        {event.targetType !== 'Entity' ? (
          <span className="rounded bg-slate-100 px-1.5 text-xs text-slate-700" data-target-type={event.targetType}>
            {tAll.has(`auditLog.targetTypes.${event.targetType}`) ? tAll(`auditLog.targetTypes.${event.targetType}`) : event.targetType}
          </span>
        ) : null}
        <span className="text-xs text-slate-600">
          <DateTimeText locale={locale} value={event.createdAt} />
        </span>
        <span className="text-xs text-slate-600">{t('auditBy', { actor })}</span>
      </div>
      <ul className="mt-1 text-xs text-slate-700">
        {describeAuditChange(event.before, event.after).map((change) => (
          <li key={change.field} className="break-words" data-field={change.field}>
            {t.rich('auditChange', {
              field: t.has(`auditFields.${change.field}`) ? t(`auditFields.${change.field}`) : change.field,
              from: showValue(change.field, change.from),
              to: showValue(change.field, change.to),
              v: (chunks) => <bdi>{chunks}</bdi>,
            })}
          </li>
        ))}
      </ul>
    </li>
  );
}
