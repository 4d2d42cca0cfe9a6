import { getTranslations } from 'next-intl/server';
import type { RetentionState } from '@/lib/privacy/schemas';
import { Badge } from '@/components/ui/badge';
import { buttonClass } from '@/components/ui/button';
import { DateTimeText } from '@/components/ui/dates';
import { PostAction } from '@/components/ui/post-action';

const TONE = { InRelationship: 'info', Retained: 'warn', ErasureDue: 'bad', Erased: 'neutral' } as const;

/**
 * The profile's personal-data panel: where the record stands in its AML retention period, the
 * erasure request if one was made, the export of everything held (PDPL access) and, for admins and
 * compliance officers, recording or withdrawing an erasure request.
 */
export async function RetentionPanel({ entityId, state, locale, canAct }: { entityId: string; state: RetentionState; locale: string; canAct: boolean }) {
  const t = await getTranslations('privacy');
  const request = state.erasureRequest;
  const pending = request?.status === 'Pending';
  return (
    <div className="flex flex-col gap-3 text-sm" data-testid="retention-panel">
      <div className="flex flex-wrap items-center gap-2">
        <span data-testid="retention-state">
          <Badge tone={TONE[state.state]}>{t(`state.${state.state}`)}</Badge>
        </span>
      </div>
      <p className="text-slate-700">{t(`explain.${state.state}`, { years: state.retentionYears })}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="text-slate-600">{t('relationshipEnded')}</dt>
        <dd>
          <DateTimeText locale={locale} value={state.relationshipEndedAt} />
        </dd>
        <dt className="text-slate-600">{t('retainUntil')}</dt>
        <dd>
          <DateTimeText locale={locale} value={state.retainUntil} />
        </dd>
        {state.erasedAt ? (
          <>
            <dt className="text-slate-600">{t('erasedAt')}</dt>
            <dd>
              <DateTimeText locale={locale} value={state.erasedAt} />
            </dd>
          </>
        ) : null}
        <dt className="text-slate-600">{t('erasureRequest')}</dt>
        <dd data-testid="erasure-request-status">
          {request ? (
            <>
              {t(`requestStatus.${request.status}`)} · <DateTimeText locale={locale} value={request.requestedAt} />
            </>
          ) : (
            t('noRequest')
          )}
        </dd>
      </dl>
      {canAct ? (
        <div className="flex flex-col gap-3">
          {state.state !== 'Erased' ? (
            <div>
              <a className={buttonClass('secondary', 'sm')} href={`/services/crm/entities/${entityId}/export`} download data-testid="export-entity">
                {t('export')}
              </a>
            </div>
          ) : null}
          {/* Both stay mounted while the record exists, so the answer of one stays on screen when the
              refresh after it swaps which button applies. */}
          {state.state !== 'Erased' ? (
            <>
              <PostAction
                url={`/services/crm/entities/${entityId}/erasure-requests`}
                label={t('requestErasure')}
                doneKey="privacy.requested"
                failedKey="privacy.failed"
                testId="request-erasure"
                buttonHidden={pending}
              />
              <PostAction
                url={`/services/crm/entities/${entityId}/erasure-requests/cancel`}
                label={t('cancelErasure')}
                doneKey="privacy.cancelled"
                failedKey="privacy.failed"
                testId="cancel-erasure"
                buttonHidden={!pending}
              />
            </>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
