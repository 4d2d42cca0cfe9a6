import { getLocale, getTranslations } from 'next-intl/server';
import type { AuditEventView } from '@/lib/audit/list-audit-events';
import { DateTimeText } from '@/components/ui/dates';

/** Shows a before/after pair compactly: `status: Active → Blocked`. */
function describeChange(before: unknown, after: unknown): string[] {
  // A creation's "after" is the whole record: the action label says enough.
  if (!before || typeof before !== 'object') return [];
  const b = before as Record<string, unknown>;
  const a = (after && typeof after === 'object' ? after : {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].slice(0, 6);
  const show = (v: unknown) => (v === undefined || v === null ? '—' : typeof v === 'object' ? JSON.stringify(v).slice(0, 80) : String(v));
  return keys.filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k])).map((k) => `${k}: ${show(b[k])} → ${show(a[k])}`);
}

export async function AuditTimeline({ events }: { events: AuditEventView[] }) {
  const t = await getTranslations('profile');
  const locale = await getLocale();
  if (events.length === 0) return <p className="text-sm text-slate-600">{t('noAudit')}</p>;
  const actorTypes = ['user', 'apiKey', 'system', 'cli'];
  return (
    <ol className="relative flex flex-col gap-4 border-s border-slate-200 ps-4" data-testid="audit-timeline">
      {events.map((event) => {
        const actorType = actorTypes.includes(event.actor.type) ? t(`actorTypes.${event.actor.type}`) : event.actor.type;
        const actor = event.actor.displayName ? `${actorType} · ${event.actor.displayName}` : actorType;
        return (
          <li key={event.id} className="relative">
            <span aria-hidden className="absolute -start-[1.3rem] top-1.5 size-2.5 rounded-full bg-brand-600" />
            <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
              {t.has(`actions.${event.action.replaceAll('.', '_')}`) ? (
                <span className="text-sm font-medium text-slate-900" data-action={event.action}>{t(`actions.${event.action.replaceAll('.', '_')}`)}</span>
              ) : (
                <span className="font-mono text-xs text-slate-900" dir="ltr" data-action={event.action}>{event.action}</span>
              )}
              <span className="text-xs text-slate-600">
                <DateTimeText locale={locale} value={event.createdAt} />
              </span>
              <span className="text-xs text-slate-600">{t('auditBy', { actor })}</span>
            </div>
            <ul className="mt-1 text-xs text-slate-700" dir="ltr">
              {describeChange(event.before, event.after).map((line) => (
                <li key={line} className="break-all text-start">{line}</li>
              ))}
            </ul>
          </li>
        );
      })}
    </ol>
  );
}
