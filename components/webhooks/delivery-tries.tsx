import { getTranslations } from 'next-intl/server';
import { Card } from '@/components/ui/card';
import { DateTimeText } from '@/components/ui/dates';

export interface TryView {
  id: string;
  number: number;
  startedAt: string;
  durationMs: number | null;
  statusCode: number | null;
  error: string | null;
  responseExcerpt: string | null;
  requestHeaders: Record<string, string>;
  requestBody: string;
}

/** Each try with the request as sent (headers, body) and what came back. */
export async function DeliveryTries({ tries, locale }: { tries: TryView[]; locale: string }) {
  const t = await getTranslations('webhooks');
  if (tries.length === 0) return <p className="text-sm text-slate-600">{t('noTries')}</p>;
  return (
    <ol className="flex flex-col gap-4">
      {tries.map((a) => (
        <li key={a.id} data-testid={`try-${a.number}`}>
          <Card title={t('try', { number: a.number })} id={`try-${a.number}`}>
            <dl className="mb-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-4">
              <div>
                <dt className="text-slate-600">{t('startedAt')}</dt>
                <dd>
                  <DateTimeText locale={locale} value={a.startedAt} />
                </dd>
              </div>
              <div>
                <dt className="text-slate-600">{t('duration')}</dt>
                <dd>{a.durationMs === null ? '—' : t('durationMs', { ms: a.durationMs })}</dd>
              </div>
              <div>
                <dt className="text-slate-600">{t('statusCode')}</dt>
                <dd>{a.statusCode ?? '—'}</dd>
              </div>
              <div>
                <dt className="text-slate-600">{t('error')}</dt>
                <dd dir="ltr" className="text-start break-words">
                  {a.error ?? '—'}
                </dd>
              </div>
            </dl>
            <div className="grid gap-4 lg:grid-cols-2">
              <section className="min-w-0">
                <h3 className="mb-1 text-sm font-semibold text-slate-900">{t('request')}</h3>
                <h4 className="text-xs text-slate-600">{t('requestHeaders')}</h4>
                <pre dir="ltr" className="mb-2 overflow-x-auto rounded bg-slate-50 p-2 text-start text-xs">
                  {Object.entries(a.requestHeaders)
                    .map(([k, v]) => `${k}: ${v}`)
                    .join('\n')}
                </pre>
                <h4 className="text-xs text-slate-600">{t('requestBody')}</h4>
                <pre dir="ltr" className="overflow-x-auto rounded bg-slate-50 p-2 text-start text-xs whitespace-pre-wrap break-all">
                  {a.requestBody}
                </pre>
              </section>
              <section className="min-w-0">
                <h3 className="mb-1 text-sm font-semibold text-slate-900">{t('response')}</h3>
                <pre dir="ltr" className="overflow-x-auto rounded bg-slate-50 p-2 text-start text-xs whitespace-pre-wrap break-all">
                  {a.responseExcerpt ?? t('noResponse')}
                </pre>
              </section>
            </div>
          </Card>
        </li>
      ))}
    </ol>
  );
}
