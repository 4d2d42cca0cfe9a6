'use client';

import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { Button, type ButtonVariant } from './button';
import { cn } from './cn';
import { fetchJson, FetchError } from './fetch-json';

/**
 * One button that POSTs to an API route and announces the answer: `doneKey` is a full message key
 * given `{count}` from the answer's `data.endedSessions`; `failedKey` wraps the server's message.
 */
export function PostAction({
  url,
  label,
  doneKey,
  failedKey,
  testId,
  variant = 'secondary',
  buttonHidden = false,
}: {
  url: string;
  label: string;
  doneKey: string;
  failedKey: string;
  testId: string;
  variant?: ButtonVariant;
  /** Keeps the answer on screen while the button no longer applies (the refresh after success can
   * take the action away, e.g. a recorded request becomes one to withdraw). */
  buttonHidden?: boolean;
}) {
  // Keys come from the caller, so they are checked where the caller names them, not here.
  const t = useTranslations() as unknown as (key: string, values: Record<string, string | number>) => string;
  const locale = useLocale();
  const router = useRouter();
  const mutation = useMutation({
    mutationFn: () => fetchJson<{ data: { endedSessions?: number } }>(url, { method: 'POST', body: '{}' }),
    onSuccess: () => router.refresh(),
  });
  let message = '';
  if (mutation.isSuccess) message = t(doneKey, { count: mutation.data.data.endedSessions ?? 0 });
  else if (mutation.error)
    message = t(failedKey, { message: mutation.error instanceof FetchError ? mutation.error.messageIn(locale) : mutation.error.message });
  return (
    <div className="flex flex-col gap-1" data-testid={testId}>
      {buttonHidden ? null : (
        <div>
          <Button type="button" size="sm" variant={variant} disabled={mutation.isPending} aria-busy={mutation.isPending} onClick={() => mutation.mutate()}>
            {label}
          </Button>
        </div>
      )}
      <p role="status" aria-live="polite" data-testid={`${testId}-result`} className={cn('text-sm', mutation.isSuccess ? 'text-emerald-800' : 'text-red-700')}>
        {message}
      </p>
    </div>
  );
}
