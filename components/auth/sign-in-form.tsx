'use client';

import { useState, type FormEvent } from 'react';
import { signIn } from 'next-auth/react';
import { useLocale, useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';

const MFA_REQUIRED = 'MFA_REQUIRED:';

/**
 * Sign-in in one or two steps: the e-mail and password, then, for a user enrolled in two-step
 * sign-in, a code from the authenticator app (or a recovery code). The password step of such a
 * user opens no session; it answers a challenge that the `mfa` provider takes with the code.
 */
export function SignInForm({ next }: { next: string }) {
  const t = useTranslations('auth');
  const locale = useLocale();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [challenge, setChallenge] = useState<string | null>(null);

  const errorText = (code: string | null | undefined) =>
    code === 'LOCKED'
      ? t('locked')
      : code === 'THROTTLED'
        ? t('throttled')
        : code === 'MFA_EXPIRED'
          ? t('mfaExpired')
          : challenge
            ? t('mfaInvalid')
            : t('invalid');

  async function onPassword(event: FormEvent<HTMLFormElement>) {
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
    if (result?.error?.startsWith(MFA_REQUIRED)) {
      setChallenge(result.error.slice(MFA_REQUIRED.length));
      return;
    }
    setError(errorText(result?.error));
  }

  async function onCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(null);
    const result = await signIn('mfa', { redirect: false, challenge: challenge ?? '', code: String(form.get('code') ?? '') });
    if (result?.ok && !result.error) {
      window.location.assign(next);
      return;
    }
    setPending(false);
    if (result?.error === 'MFA_EXPIRED') {
      setChallenge(null);
      setError(t('mfaExpired'));
      return;
    }
    setError(errorText(result?.error));
  }

  const alert = error ? (
    <p role="alert" data-testid="sign-in-error" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {error}
    </p>
  ) : null;

  if (challenge) {
    return (
      // Keyed apart from the password form: React must not reuse the password input (and its value) as the code field.
      <form method="post" key="code" onSubmit={onCode} className="flex flex-col gap-4" noValidate data-testid="mfa-step">
        <p className="text-sm text-slate-700">{t('mfaPrompt')}</p>
        <Field label={t('mfaCode')} htmlFor="code" hint={t('mfaCodeHint')}>
          <Input id="code" name="code" inputMode="text" autoComplete="one-time-code" required autoFocus dir="ltr" className="text-start" maxLength={20} />
        </Field>
        {alert}
        <Button type="submit" disabled={pending}>
          {pending ? t('signingIn') : t('mfaSubmit')}
        </Button>
        <button type="button" className="text-start text-sm text-brand-700 underline" onClick={() => (setChallenge(null), setError(null))}>
          {t('mfaBack')}
        </button>
      </form>
    );
  }

  return (
    <form method="post" key="password" onSubmit={onPassword} className="flex flex-col gap-4" noValidate>
      <Field label={t('email')} htmlFor="email">
        <Input id="email" name="email" type="email" autoComplete="username" required dir="ltr" className="text-start" />
      </Field>
      <Field label={t('password')} htmlFor="password">
        <Input id="password" name="password" type="password" autoComplete="current-password" required dir="ltr" className="text-start" />
      </Field>
      {alert}
      <Button type="submit" disabled={pending}>
        {pending ? t('signingIn') : t('submit')}
      </Button>
      <a href={`/${locale}/forgot-password`} className="text-sm text-brand-700 underline">
        {t('forgot')}
      </a>
    </form>
  );
}
