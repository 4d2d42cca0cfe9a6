'use client';

import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/field';
import { FetchError, fetchJson } from '@/components/ui/fetch-json';

type Action = 'resend' | 'Approve' | 'Reject';

/**
 * An officer's actions on one queued relationship, through the same API routes (session):
 * resend the e-mail, or approve / reject on the related party's behalf with a reason (required,
 * as the server requires it). Each asks for confirmation first.
 */
export function ApprovalActions({
  relationshipId,
  party,
  canDecide,
  canResend,
}: {
  relationshipId: string;
  party: string;
  canDecide: boolean;
  canResend: boolean;
}) {
  const t = useTranslations('relationships.queue');
  const tc = useTranslations('common');
  const locale = useLocale();
  const router = useRouter();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState(false);
  const [pending, setPending] = useState<Action | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const id = `reason-${relationshipId}`;
  const mutation = useMutation({
    mutationFn: (action: Action) =>
      action === 'resend'
        ? fetchJson(`/services/crm/entity-relationships/${relationshipId}/resend`, { method: 'POST', body: JSON.stringify({}) })
        : fetchJson(`/services/crm/entity-relationships/${relationshipId}/decision`, {
            method: 'POST',
            body: JSON.stringify({ decision: action, reason: reason.trim() }),
          }),
    onSuccess: (_data, action) => {
      setNotice({ ok: true, text: action === 'resend' ? t('resent') : action === 'Approve' ? t('approved') : t('rejected') });
      router.refresh();
    },
    onError: (error) => setNotice({ ok: false, text: t('failed', { message: error instanceof FetchError ? error.messageIn(locale) : String(error) }) }),
  });
  const ask = (action: Action) => {
    if (action !== 'resend' && !reason.trim()) {
      setReasonError(true);
      return;
    }
    setReasonError(false);
    setPending(action);
  };

  return (
    <div className="flex min-w-56 flex-col gap-2" data-testid={`actions-${relationshipId}`}>
      {canDecide ? (
        <>
          <label htmlFor={id} className="text-xs font-medium text-slate-700">
            {t('reason')}
          </label>
          <Textarea
            id={id}
            rows={2}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            aria-invalid={reasonError}
            aria-describedby={reasonError ? `${id}-error` : `${id}-hint`}
            disabled={mutation.isPending}
          />
          {reasonError ? (
            <p id={`${id}-error`} role="alert" className="text-xs text-red-700">
              {t('reasonRequired')}
            </p>
          ) : (
            <p id={`${id}-hint`} className="text-xs text-slate-600">
              {t('reasonHint')}
            </p>
          )}
        </>
      ) : null}
      {pending ? (
        <div role="alertdialog" aria-labelledby={`${id}-confirm`} className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-2">
          <p id={`${id}-confirm`} className="text-sm text-amber-950">
            {pending === 'resend' ? t('confirmResend', { party }) : pending === 'Approve' ? t('confirmApprove', { party }) : t('confirmReject', { party })}
          </p>
          <div className="flex gap-2">
            <Button
              size="sm"
              variant={pending === 'Reject' ? 'danger' : 'primary'}
              autoFocus
              onClick={() => {
                mutation.mutate(pending);
                setPending(null);
              }}
            >
              {tc('confirm')}
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setPending(null)}>
              {tc('cancel')}
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          {canDecide ? (
            <>
              <Button size="sm" disabled={mutation.isPending} onClick={() => ask('Approve')}>
                {t('approve')}
              </Button>
              <Button size="sm" variant="danger" disabled={mutation.isPending} onClick={() => ask('Reject')}>
                {t('reject')}
              </Button>
            </>
          ) : null}
          {canResend ? (
            <Button size="sm" variant="secondary" disabled={mutation.isPending} onClick={() => ask('resend')}>
              {t('resend')}
            </Button>
          ) : null}
        </div>
      )}
      {notice ? (
        <p role="status" className={notice.ok ? 'text-sm text-emerald-800' : 'text-sm text-red-700'} data-testid={`notice-${relationshipId}`}>
          {notice.text}
        </p>
      ) : null}
    </div>
  );
}
