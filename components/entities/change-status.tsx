'use client';

import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { Button } from '@/components/ui/button';
import { Field, Select, Textarea } from '@/components/ui/field';
import { fetchJson, FetchError } from '@/components/ui/fetch-json';

/**
 * `options` are the transitions the server's own rule allows from `current` (computed on the server).
 * No status is chosen in advance: the officer picks one deliberately. The reason is optional, as in
 * the API (updateStatusInput).
 */
export function ChangeStatus({
  entityId,
  current,
  options,
  clientEmail,
}: {
  entityId: string;
  current: string;
  options: string[];
  clientEmail: string | null;
}) {
  const t = useTranslations();
  const locale = useLocale();
  const router = useRouter();
  const [target, setTarget] = useState('');
  const [missingTarget, setMissingTarget] = useState(false);
  const [reason, setReason] = useState('');
  const [notify, setNotify] = useState(false);
  const [language, setLanguage] = useState<'en' | 'ar'>(locale === 'ar' ? 'ar' : 'en');
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);

  const mutation = useMutation({
    mutationFn: () =>
      fetchJson<{ status: string }>(`/services/crm/entities/client/${entityId}/status`, {
        method: 'PATCH',
        body: JSON.stringify({ status: target, reason: reason.trim() || undefined, emailOptions: notify ? { notify: true, language } : undefined }),
      }),
    onSuccess: (result) => {
      setConfirming(false);
      // The allowed transitions change with the status: the next change starts unchosen.
      setTarget('');
      setReason('');
      const changed = t('profile.statusChanged', { status: t(`enums.status.${result.status}`) });
      setNotice({ ok: true, text: notify && clientEmail ? `${changed} ${t('profile.notifySent', { email: clientEmail })}` : changed });
      setNotify(false);
      // Re-render the server profile: new badge, new audit event, new allowed transitions.
      router.refresh();
    },
    onError: (error) => {
      setConfirming(false);
      setNotice({ ok: false, text: error instanceof FetchError ? error.messageIn(locale) : t('common.errorDescription') });
    },
  });

  if (options.length === 0) return <p className="text-sm text-slate-600">{t('profile.noTransitions')}</p>;

  return (
    <form
      className="flex flex-col gap-3"
      data-testid="change-status"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setNotice(null);
        if (!target) {
          setMissingTarget(true);
          document.getElementById('new-status')?.focus();
          return;
        }
        setConfirming(true);
      }}
    >
      <Field label={t('profile.newStatus')} htmlFor="new-status" error={missingTarget ? t('profile.statusRequired') : undefined}>
        <Select
          id="new-status"
          value={target}
          required
          aria-invalid={missingTarget || undefined}
          aria-describedby={missingTarget ? 'new-status-error' : undefined}
          onChange={(event) => {
            setTarget(event.target.value);
            setMissingTarget(false);
            setConfirming(false);
          }}
        >
          <option value="" disabled>
            {t('profile.chooseStatus')}
          </option>
          {options.map((status) => (
            <option key={status} value={status}>
              {t(`enums.status.${status}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('profile.reason')} htmlFor="status-reason">
        <Textarea id="status-reason" rows={2} maxLength={5000} value={reason} onChange={(event) => setReason(event.target.value)} />
      </Field>
      <div className="flex flex-col gap-2">
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className="size-4 accent-emerald-800"
            checked={notify}
            disabled={!clientEmail}
            aria-describedby={clientEmail ? undefined : 'notify-no-email'}
            onChange={(event) => setNotify(event.target.checked)}
          />
          {t('profile.notifyClient')}
        </label>
        {clientEmail ? null : (
          <p id="notify-no-email" className="text-xs text-slate-600">
            {t('profile.notifyNoEmail')}
          </p>
        )}
        {notify ? (
          <Field label={t('profile.notifyLanguage')} htmlFor="notify-language">
            <Select id="notify-language" value={language} onChange={(event) => setLanguage(event.target.value as 'en' | 'ar')}>
              <option value="en">English</option>
              <option value="ar" lang="ar">
                العربية
              </option>
            </Select>
          </Field>
        ) : null}
      </div>
      {confirming ? (
        <div role="alertdialog" aria-labelledby="confirm-status-text" className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-3">
          <p id="confirm-status-text" className="text-sm text-amber-950">
            {t('profile.confirmStatus', { from: t(`enums.status.${current}`), to: t(`enums.status.${target}`) })}
          </p>
          <div className="flex gap-2">
            <Button size="sm" onClick={() => mutation.mutate()} disabled={mutation.isPending} autoFocus>
              {t('common.confirm')}
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setConfirming(false)}>
              {t('common.cancel')}
            </Button>
          </div>
        </div>
      ) : (
        <Button type="submit" className="self-start">
          {t('profile.save')}
        </Button>
      )}
      {notice ? (
        <p role="status" className={notice.ok ? 'text-sm text-emerald-800' : 'text-sm text-red-700'} data-testid="status-notice">
          {notice.text}
        </p>
      ) : null}
    </form>
  );
}
