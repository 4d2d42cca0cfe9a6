'use client';

import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import type { z } from 'zod';
import type { invitedUserResponse, userRole } from '@/lib/tenancy/schemas';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { fetchJson, FetchError } from '@/components/ui/fetch-json';
import { Field, Input, Select } from '@/components/ui/field';

type Role = z.infer<typeof userRole>;
const ROLES: Role[] = ['officer', 'rm', 'admin'];

function useErrorText() {
  const t = useTranslations('users');
  const locale = useLocale();
  return (error: unknown) => {
    if (error instanceof FetchError && error.status === 409) return t('conflict');
    return t('failedWith', { message: error instanceof FetchError ? error.messageIn(locale) : String(error) });
  };
}

/** Invite someone by e-mail with a role (POST /services/crm/users); the e-mail carries a single-use link. */
export function InviteUserForm() {
  const t = useTranslations();
  const locale = useLocale();
  const router = useRouter();
  const errorText = useErrorText();
  const mutation = useMutation({
    mutationFn: (body: { email: string; role: Role; displayName?: string; language: 'en' | 'ar' }) =>
      fetchJson<z.infer<typeof invitedUserResponse>>('/services/crm/users', { method: 'POST', body: JSON.stringify(body) }),
    onSuccess: () => router.refresh(),
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const displayName = String(form.get('displayName') ?? '').trim();
    mutation.mutate(
      {
        email: String(form.get('email') ?? '').trim(),
        role: String(form.get('role')) as Role,
        ...(displayName ? { displayName } : {}),
        language: form.get('language') === 'ar' ? 'ar' : 'en',
      },
      { onSuccess: () => (event.target as HTMLFormElement).reset() },
    );
  };
  return (
    <form onSubmit={onSubmit} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5 lg:items-end" noValidate data-testid="invite-user">
      <Field label={t('users.email')} htmlFor="invite-email">
        <Input id="invite-email" name="email" type="email" required dir="ltr" className="text-start" autoComplete="off" />
      </Field>
      <Field label={t('users.name')} htmlFor="invite-name">
        <Input id="invite-name" name="displayName" autoComplete="off" />
      </Field>
      <Field label={t('users.role')} htmlFor="invite-role">
        <Select id="invite-role" name="role" defaultValue="officer">
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {t(`roles.${role}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('users.emailLanguage')} htmlFor="invite-language">
        <Select id="invite-language" name="language" defaultValue={locale}>
          <option value="en">English</option>
          <option value="ar">العربية</option>
        </Select>
      </Field>
      <div>
        <Button type="submit" disabled={mutation.isPending}>
          {t('users.invite')}
        </Button>
      </div>
      <p
        role="status"
        aria-live="polite"
        data-testid="invite-result"
        className={cn('text-sm sm:col-span-2 lg:col-span-5', mutation.isSuccess ? 'text-emerald-800' : 'text-red-700')}
      >
        {mutation.isSuccess ? t('users.invited', { email: mutation.data.data.email }) : mutation.error ? errorText(mutation.error) : ''}
      </p>
    </form>
  );
}

/** Change a user's role (PATCH /services/crm/users/{id}); applies at once. */
export function RoleSelect({ userId, role, label }: { userId: string; role: Role; label: string }) {
  const t = useTranslations();
  const router = useRouter();
  const errorText = useErrorText();
  const [value, setValue] = useState(role);
  const mutation = useMutation({
    mutationFn: (next: Role) => fetchJson(`/services/crm/users/${userId}`, { method: 'PATCH', body: JSON.stringify({ role: next }) }),
    onSuccess: () => router.refresh(),
    onError: () => setValue(role),
  });
  return (
    <div className="flex flex-col gap-1">
      <Select
        aria-label={label}
        className="min-w-44"
        value={value}
        data-testid="user-role"
        disabled={mutation.isPending}
        onChange={(e) => {
          const next = e.target.value as Role;
          setValue(next);
          mutation.mutate(next);
        }}
      >
        {ROLES.map((r) => (
          <option key={r} value={r}>
            {t(`roles.${r}`)}
          </option>
        ))}
      </Select>
      {mutation.error ? (
        <p role="alert" className="text-xs text-red-700">
          {errorText(mutation.error)}
        </p>
      ) : mutation.isSuccess ? (
        <p role="status" className="text-xs text-emerald-800">
          {t('users.roleChanged')}
        </p>
      ) : null}
    </div>
  );
}
