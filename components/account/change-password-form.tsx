'use client';

import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { fetchJson, FetchError } from '@/components/ui/fetch-json';
import { Field, Input } from '@/components/ui/field';

/** Change your own password through POST /services/crm/account/password; other browsers are signed out. */
export function ChangePasswordForm() {
  const t = useTranslations('account');
  const locale = useLocale();
  const router = useRouter();
  const [mismatch, setMismatch] = useState(false);
  const mutation = useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      fetchJson<{ data: { endedSessions: number } }>('/services/crm/account/password', { method: 'POST', body: JSON.stringify(body) }),
    onSuccess: () => router.refresh(),
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const newPassword = String(form.get('newPassword') ?? '');
    setMismatch(newPassword !== String(form.get('confirmPassword') ?? ''));
    if (newPassword !== String(form.get('confirmPassword') ?? '')) return;
    mutation.mutate(
      { currentPassword: String(form.get('currentPassword') ?? ''), newPassword },
      { onSuccess: () => (event.target as HTMLFormElement).reset() },
    );
  };
  let message = '';
  if (mismatch) message = t('passwordMismatch');
  else if (mutation.isSuccess) message = t('passwordChanged', { count: mutation.data.data.endedSessions });
  else if (mutation.error) message = t('failed', { message: mutation.error instanceof FetchError ? mutation.error.messageIn(locale) : mutation.error.message });
  return (
    <form method="post" onSubmit={onSubmit} className="flex max-w-sm flex-col gap-4" data-testid="change-password" noValidate>
      <Field label={t('currentPassword')} htmlFor="currentPassword">
        <Input id="currentPassword" name="currentPassword" type="password" autoComplete="current-password" required dir="ltr" className="text-start" />
      </Field>
      <Field label={t('newPassword')} htmlFor="newPassword" hint={t('passwordHint')}>
        <Input id="newPassword" name="newPassword" type="password" autoComplete="new-password" required minLength={10} dir="ltr" className="text-start" />
      </Field>
      <Field label={t('confirmPassword')} htmlFor="confirmPassword">
        <Input id="confirmPassword" name="confirmPassword" type="password" autoComplete="new-password" required dir="ltr" className="text-start" />
      </Field>
      <div>
        <Button type="submit" disabled={mutation.isPending} aria-busy={mutation.isPending}>
          {t('submitPassword')}
        </Button>
      </div>
      <p
        role="status"
        aria-live="polite"
        data-testid="change-password-result"
        className={cn('text-sm', mutation.isSuccess && !mismatch ? 'text-emerald-800' : 'text-red-700')}
      >
        {message}
      </p>
    </form>
  );
}
