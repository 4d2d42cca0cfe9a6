'use client';

import type { FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { fetchJson, FetchError } from '@/components/ui/fetch-json';
import { Field, Input } from '@/components/ui/field';

/** "Forgot password" through POST /services/crm/password-resets: the same answer for every address. */
export function ForgotPasswordForm() {
  const t = useTranslations('passwordLinks');
  const locale = useLocale();
  const mutation = useMutation({
    mutationFn: (email: string) => fetchJson('/services/crm/password-resets', { method: 'POST', body: JSON.stringify({ email, language: locale }) }),
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    mutation.mutate(String(new FormData(event.currentTarget).get('email') ?? ''));
  };
  if (mutation.isSuccess) {
    return (
      <p role="status" data-testid="forgot-password-sent" className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
        {t('forgotSent')}
      </p>
    );
  }
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
      <p className="text-sm text-slate-700">{t('forgotIntro')}</p>
      <Field label={t('email')} htmlFor="email">
        <Input id="email" name="email" type="email" autoComplete="username" required dir="ltr" className="text-start" />
      </Field>
      {mutation.error ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {mutation.error instanceof FetchError && mutation.error.status === 429 ? t('tooMany') : t('failed')}
        </p>
      ) : null}
      <Button type="submit" disabled={mutation.isPending}>
        {t('forgotSubmit')}
      </Button>
    </form>
  );
}
