'use client';

import { useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from '@/lib/i18n/navigation';
import { Button } from '@/components/ui/button';
import { Field, Textarea } from '@/components/ui/field';
import { fetchJson, FetchError } from '@/components/ui/fetch-json';

type Decision = 'Approve' | 'Reject';

/**
 * Approve or reject a KYC (or, with `formId`, its Edd / QualifiedInvestor submission) with a
 * comment. Nothing is chosen in advance: the officer picks the decision and writes the comment the
 * API requires (reviewInput: both mandatory), and a missing one is said at its field. The server
 * applies the rules (four eyes on High risk, blocking answers); its refusal is shown in the page's
 * language.
 */
export function ReviewPanel({ kycId, formId, hint, idPrefix }: { kycId: string; formId?: string; hint?: string; idPrefix: string }) {
  const t = useTranslations('kyc.review');
  const locale = useLocale();
  const router = useRouter();
  const [decision, setDecision] = useState<Decision | null>(null);
  const [comment, setComment] = useState('');
  const [missing, setMissing] = useState<{ decision: boolean; comment: boolean }>({ decision: false, comment: false });
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const firstChoice = useRef<HTMLInputElement>(null);
  const mutation = useMutation({
    mutationFn: (chosen: Decision) =>
      fetchJson(`/services/crm/kyc/${kycId}/reviews`, { method: 'POST', body: JSON.stringify({ decision: chosen, comment, ...(formId ? { formId } : {}) }) }),
    onSuccess: (_, chosen) => {
      setDone(chosen === 'Approve' ? t('approved') : t('rejected'));
      // A further review (the second, four eyes) starts blank too.
      setDecision(null);
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
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setError(null);
        setDone(null);
        const next = { decision: decision === null, comment: !comment.trim() };
        setMissing(next);
        if (next.decision) firstChoice.current?.focus();
        else if (next.comment) document.getElementById(id('comment'))?.focus();
        if (decision === null || next.comment) return;
        mutation.mutate(decision);
      }}
    >
      {hint ? <p className="text-sm text-slate-700">{hint}</p> : null}
      <fieldset
        className="flex flex-col gap-1"
        role="radiogroup"
        aria-required="true"
        aria-invalid={missing.decision || undefined}
        aria-describedby={missing.decision ? id('decision-error') : undefined}
      >
        <legend className="mb-1 text-sm font-medium text-slate-800">{t('decision')}</legend>
        <div className="flex flex-wrap gap-4">
          {(['Approve', 'Reject'] as const).map((value, i) => (
            <label key={value} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                ref={i === 0 ? firstChoice : undefined}
                type="radio"
                name={id('decision')}
                value={value}
                className="size-4 accent-emerald-800"
                checked={decision === value}
                onChange={() => {
                  setDecision(value);
                  setMissing((m) => ({ ...m, decision: false }));
                }}
              />
              {value === 'Approve' ? t('approve') : t('reject')}
            </label>
          ))}
        </div>
        {missing.decision ? (
          <p id={id('decision-error')} role="alert" className="text-sm text-red-700">
            {t('decisionRequired')}
          </p>
        ) : null}
      </fieldset>
      <Field label={t('comment')} htmlFor={id('comment')} error={missing.comment ? t('commentRequired') : undefined}>
        <Textarea
          id={id('comment')}
          rows={3}
          maxLength={5000}
          value={comment}
          onChange={(e) => {
            setComment(e.target.value);
            if (e.target.value.trim()) setMissing((m) => ({ ...m, comment: false }));
          }}
          required
          aria-invalid={missing.comment || undefined}
          aria-describedby={missing.comment ? `${id('comment')}-error` : undefined}
        />
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
