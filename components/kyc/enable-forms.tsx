'use client';

import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from '@/lib/i18n/navigation';
import { Button } from '@/components/ui/button';
import { fetchJson, FetchError } from '@/components/ui/fetch-json';
import { localized } from './labels';

export interface EnableableForm {
  formId: string;
  type: string;
  nameEn: string;
  nameAr: string;
  questions: { id: string; labelEn: string; labelAr: string }[];
  enabledQuestionIds: string[];
  submitted: boolean;
}

/** The RM's action: open an Edd or QualifiedInvestor form for the prospect, with the questions chosen. */
export function EnableForms({ kycId, forms }: { kycId: string; forms: EnableableForm[] }) {
  return (
    <div className="flex flex-col gap-4">
      {forms.map((form) => (
        <EnableForm key={form.formId} kycId={kycId} form={form} />
      ))}
    </div>
  );
}

function EnableForm({ kycId, form }: { kycId: string; form: EnableableForm }) {
  const t = useTranslations('kyc.enable');
  const locale = useLocale();
  const router = useRouter();
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(form.enabledQuestionIds.length ? form.enabledQuestionIds : form.questions.map((q) => q.id)));
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const name = localized(locale, form.nameEn, form.nameAr);
  const mutation = useMutation({
    mutationFn: () =>
      fetchJson(`/services/crm/kyc/${kycId}/forms/${form.formId}/enable`, {
        method: 'PATCH',
        body: JSON.stringify({ enabledQuestionIds: form.questions.map((q) => q.id).filter((id) => chosen.has(id)) }),
      }),
    onSuccess: () => {
      setNotice({ ok: true, text: t('done', { name }) });
      router.refresh();
    },
    onError: (e) => setNotice({ ok: false, text: e instanceof FetchError ? e.messageIn(locale) : t('failed') }),
  });
  const toggle = (id: string, on: boolean) => setChosen((prev) => new Set([...prev].filter((x) => x !== id).concat(on ? [id] : [])));
  return (
    <form
      className="flex flex-col gap-2 rounded-md border border-slate-200 p-3"
      data-testid={`enable-${form.type}`}
      onSubmit={(event) => {
        event.preventDefault();
        setNotice(null);
        mutation.mutate();
      }}
    >
      <fieldset className="flex flex-col gap-1" disabled={form.submitted}>
        <legend className="mb-1 text-sm font-semibold text-slate-900">
          <bdi>{name}</bdi>
          {form.enabledQuestionIds.length ? (
            <span className="ms-2 text-xs font-normal text-amber-800">{t('enabledCount', { n: form.enabledQuestionIds.length })}</span>
          ) : null}
        </legend>
        {form.questions.map((q) => (
          <label key={q.id} className="flex items-start gap-2 text-sm text-slate-800">
            <input type="checkbox" className="mt-0.5 size-4 accent-emerald-800" checked={chosen.has(q.id)} onChange={(e) => toggle(q.id, e.target.checked)} />
            <bdi>{localized(locale, q.labelEn, q.labelAr)}</bdi>
          </label>
        ))}
      </fieldset>
      {form.submitted ? (
        <p className="text-sm text-slate-600">{t('submitted')}</p>
      ) : (
        <Button type="submit" size="sm" className="self-start" disabled={mutation.isPending || chosen.size === 0}>
          {t('button', { name })}
        </Button>
      )}
      <div aria-live="polite">
        {notice ? (
          <p role={notice.ok ? 'status' : 'alert'} className={notice.ok ? 'text-sm text-emerald-800' : 'text-sm text-red-700'}>
            {notice.text}
          </p>
        ) : null}
      </div>
    </form>
  );
}
