'use client';

import type { FormEvent, ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { Button, type ButtonVariant } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { fetchJson, FetchError } from '@/components/ui/fetch-json';

type T = ReturnType<typeof useTranslations<'webhooks'>>;
type Answer = {
  status?: string;
  handshake?: { ok: boolean; error: string | null; status: string } | null;
  ok?: boolean;
  error?: string | null;
  id?: string;
  replaying?: number;
};

/** The webhook administration actions: the API route each calls and what it reports when done. */
const ACTIONS = {
  register: {
    request: (form: FormData) => [
      'PUT',
      '/services/crm/webhook-endpoint',
      { url: form.get('url'), secret: form.get('secret'), eventTypes: form.getAll('eventTypes') },
    ],
    done: (t: T, a: Answer) => t('done.registered', { status: t(`status.${a.status}` as 'status.Active') }),
  },
  subscriptions: {
    request: (form: FormData) => ['PATCH', '/services/crm/webhook-endpoint', { eventTypes: form.getAll('eventTypes') }],
    done: (t: T) => t('done.subscriptions'),
  },
  handshake: {
    request: () => ['POST', '/services/crm/webhook-endpoint/handshake', {}],
    done: (t: T, a: Answer) => {
      const status = t(`status.${a.status}` as 'status.Active');
      return a.ok ? t('done.handshakeOk', { status }) : t('done.handshakeFailed', { error: a.error ?? '', status });
    },
  },
  test: { request: () => ['POST', '/services/crm/crm/webhook/test', {}], done: (t: T, a: Answer) => t('done.test', { id: a.id ?? '' }) },
  replay: { request: () => ['POST', '/services/crm/webhook-endpoint/replay', {}], done: (t: T, a: Answer) => t('done.replay', { count: a.replaying ?? 0 }) },
  disable: { request: () => ['POST', '/services/crm/webhook-endpoint/disable', {}], done: (t: T) => t('done.disabled') },
  enable: {
    request: () => ['POST', '/services/crm/webhook-endpoint/enable', {}],
    done: (t: T, a: Answer) => t('done.enabled', { status: t(`status.${a.status}` as 'status.Active') }),
  },
} satisfies Record<string, { request: (form: FormData) => [string, string, unknown]; done: (t: T, a: Answer) => string }>;

export type WebhookAction = keyof typeof ACTIONS;

/** A form that runs one webhook administration action through its API route, with its pending state and its result announced politely. */
export function ActionForm({
  action,
  label,
  variant = 'secondary',
  testId,
  children,
  className,
}: {
  action: WebhookAction;
  label: string;
  variant?: ButtonVariant;
  testId: string;
  children?: ReactNode;
  className?: string;
}) {
  const t = useTranslations('webhooks');
  const locale = useLocale();
  const router = useRouter();
  const mutation = useMutation({
    mutationFn: (form: FormData) => {
      const [method, url, body] = ACTIONS[action].request(form);
      return fetchJson<Answer>(url, { method, body: JSON.stringify(body) });
    },
    onSuccess: () => router.refresh(),
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    mutation.mutate(new FormData(event.currentTarget));
  };
  let message = '';
  if (mutation.isSuccess) message = ACTIONS[action].done(t, mutation.data);
  else if (mutation.error instanceof FetchError && action === 'replay' && mutation.error.errorCode === 'CONFLICT')
    message = t('failed', { message: t('replayNeedsActive') });
  else if (mutation.error) message = t('failed', { message: mutation.error instanceof FetchError ? mutation.error.messageIn(locale) : mutation.error.message });
  return (
    <form onSubmit={onSubmit} className={cn('flex flex-col gap-3', className)} data-testid={testId}>
      {children}
      <div>
        <Button type="submit" variant={variant} disabled={mutation.isPending} aria-busy={mutation.isPending}>
          {label}
        </Button>
      </div>
      <p role="status" aria-live="polite" data-testid={`${testId}-result`} className={cn('text-sm', mutation.isSuccess ? 'text-emerald-800' : 'text-red-700')}>
        {message}
      </p>
    </form>
  );
}
