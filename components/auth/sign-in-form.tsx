'use client';

import { useState, type FormEvent } from 'react';
import { signIn } from 'next-auth/react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';

export function SignInForm({ next }: { next: string }) {
  const t = useTranslations('auth');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(null);
    const result = await signIn('credentials', { redirect: false, email: String(form.get('email') ?? ''), password: String(form.get('password') ?? '') });
    if (result?.ok && !result.error) {
      // A full navigation so the server components see the new session cookie.
      window.location.assign(next);
      return;
    }
    setPending(false);
    setError(result?.error === 'LOCKED' ? t('locked') : result?.error === 'THROTTLED' ? t('throttled') : t('invalid'));
  }

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
      <Field label={t('email')} htmlFor="email">
        <Input id="email" name="email" type="email" autoComplete="username" required dir="ltr" className="text-start" />
      </Field>
      <Field label={t('password')} htmlFor="password">
        <Input id="password" name="password" type="password" autoComplete="current-password" required dir="ltr" className="text-start" />
      </Field>
      {error ? (
        <p role="alert" data-testid="sign-in-error" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <Button type="submit" disabled={pending}>
        {pending ? t('signingIn') : t('submit')}
      </Button>
    </form>
  );
}
