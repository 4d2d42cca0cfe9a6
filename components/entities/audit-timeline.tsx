import { getLocale, getTranslations } from 'next-intl/server';
import type { AuditEventView } from '@/lib/audit/list-audit-events';
import { DateTimeText } from '@/components/ui/dates';
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

export async function AuditTimeline({ events }: { events: AuditEventView[] }) {
  const t = await getTranslations('profile');
  const tAll = await getTranslations();
  const tEnums = await getTranslations('enums');
  const tReview = await getTranslations('bankReview');
  const tCommon = await getTranslations('common');
  const locale = await getLocale();
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
  if (events.length === 0) return <p className="text-sm text-slate-600">{t('noAudit')}</p>;
  return (
    <ol className="relative flex flex-col gap-4 border-s border-slate-200 ps-4" data-testid="audit-timeline">
      {events.map((event) => {
        const actorType = tAll.has(`auditLog.actorTypes.${event.actor.type}`) ? tAll(`auditLog.actorTypes.${event.actor.type}`) : event.actor.type;
        const actor = event.actor.displayName ? `${actorType} · ${event.actor.displayName}` : actorType;
        return (
          <li key={event.id} className="relative">
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
      })}
    </ol>
  );
}
