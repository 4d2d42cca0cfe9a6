'use client';

import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from '@/lib/i18n/navigation';
import { Button } from '@/components/ui/button';
import { Field, Textarea } from '@/components/ui/field';
import { fetchJson, FetchError } from '@/components/ui/fetch-json';

/**
 * Approve or reject a KYC (or, with `formId`, its Edd / QualifiedInvestor submission) with a
 * comment. The server applies the rules (four eyes on High risk, blocking answers); its refusal is
 * shown in the page's language.
 */
export function ReviewPanel({ kycId, formId, hint, idPrefix }: { kycId: string; formId?: string; hint?: string; idPrefix: string }) {
  const t = useTranslations('kyc.review');
  const locale = useLocale();
  const router = useRouter();
  const [decision, setDecision] = useState<'Approve' | 'Reject'>('Approve');
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: () =>
      fetchJson(`/services/crm/kyc/${kycId}/reviews`, { method: 'POST', body: JSON.stringify({ decision, comment, ...(formId ? { formId } : {}) }) }),
    onSuccess: () => {
      setDone(decision === 'Approve' ? t('approved') : t('rejected'));
      setComment('');
      router.refresh();
    },
    onError: (e) => setError(e instanceof FetchError ? e.messageIn(locale) : t('failed')),
  });
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <form
      className="flex flex-col gap-3"
      data-testid={`${idPrefix}-form`}
      onSubmit={(event) => {
        event.preventDefault();
        setError(null);
        setDone(null);
        if (!comment.trim()) {
          setError(t('commentRequired'));
          return;
        }
        mutation.mutate();
      }}
    >
      {hint ? <p className="text-sm text-slate-700">{hint}</p> : null}
      <fieldset className="flex flex-wrap gap-4">
        <legend className="mb-1 text-sm font-medium text-slate-800">{t('decision')}</legend>
        {(['Approve', 'Reject'] as const).map((value) => (
          <label key={value} className="flex items-center gap-2 text-sm text-slate-800">
            <input type="radio" name={id('decision')} className="size-4 accent-emerald-800" checked={decision === value} onChange={() => setDecision(value)} />
            {value === 'Approve' ? t('approve') : t('reject')}
          </label>
        ))}
      </fieldset>
      <Field label={t('comment')} htmlFor={id('comment')}>
        <Textarea id={id('comment')} rows={3} maxLength={5000} value={comment} onChange={(e) => setComment(e.target.value)} aria-required="true" />
      </Field>
      <Button type="submit" className="self-start" disabled={mutation.isPending} variant={decision === 'Reject' ? 'danger' : 'primary'}>
        {t('submit')}
      </Button>
      <div aria-live="polite" data-testid={`${idPrefix}-notice`}>
        {error ? (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
        {done ? (
          <p role="status" className="text-sm text-emerald-800">
            {done}
          </p>
        ) : null}
      </div>
    </form>
  );
}
