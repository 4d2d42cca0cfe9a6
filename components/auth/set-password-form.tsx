'use client';

import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { fetchJson, FetchError } from '@/components/ui/fetch-json';
import { Field, Input } from '@/components/ui/field';

/** Sets a password from an e-mailed link through POST /services/crm/user-links/redeem (the token in the body). */
export function SetPasswordForm({ token, kind }: { token: string; kind: 'invite' | 'reset' }) {
  const t = useTranslations('passwordLinks');
  const locale = useLocale();
  const [mismatch, setMismatch] = useState(false);
  const mutation = useMutation({
    mutationFn: (password: string) => fetchJson('/services/crm/user-links/redeem', { method: 'POST', body: JSON.stringify({ token, password }) }),
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password') ?? '');
    const same = password === String(form.get('confirm') ?? '');
    setMismatch(!same);
    if (same) mutation.mutate(password);
  };
  if (mutation.isSuccess) {
    return (
      <div className="flex flex-col gap-4">
        <p role="status" data-testid="set-password-done" className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
          {kind === 'invite' ? t('inviteDone') : t('resetDone')}
        </p>
        <a href={`/${locale}/sign-in`} className="text-sm font-medium text-brand-700 underline">
          {t('toSignIn')}
        </a>
      </div>
    );
  }
  const problem = (() => {
    if (mismatch) return t('mismatch');
    if (!mutation.error) return null;
    const errors = mutation.error instanceof FetchError ? (mutation.error.body?.validationErrors ?? []) : [];
    if (errors.some((e) => e.startsWith('password:'))) return t('tooShort');
    if (errors.some((e) => e.includes('expired'))) return t('expired');
    if (errors.some((e) => e.includes('already used'))) return t('used');
    if (errors.some((e) => e.startsWith('token:'))) return t('invalid');
    return mutation.error instanceof FetchError && mutation.error.status === 429 ? t('tooMany') : t('failed');
  })();
  return (
    <form method="post" onSubmit={onSubmit} className="flex flex-col gap-4" noValidate data-testid="set-password">
      <Field label={t('newPassword')} htmlFor="password" hint={t('hint')}>
        <Input id="password" name="password" type="password" autoComplete="new-password" required minLength={10} dir="ltr" className="text-start" />
      </Field>
      <Field label={t('confirmPassword')} htmlFor="confirm">
        <Input id="confirm" name="confirm" type="password" autoComplete="new-password" required dir="ltr" className="text-start" />
      </Field>
      {problem ? (
        <p role="alert" data-testid="set-password-error" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {problem}
        </p>
      ) : null}
      <Button type="submit" disabled={mutation.isPending}>
        {kind === 'invite' ? t('inviteSubmit') : t('resetSubmit')}
      </Button>
    </form>
  );
}
