'use client';

import { useActionState, type ReactNode } from 'react';
import { Button, type ButtonVariant } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import type { ActionResult } from './action-result';

/** A form bound to one server action, with its pending state and its result announced politely. */
export function ActionForm({
  action,
  label,
  variant = 'secondary',
  testId,
  children,
  className,
}: {
  action: (prev: ActionResult, form: FormData) => Promise<ActionResult>;
  label: string;
  variant?: ButtonVariant;
  testId: string;
  children?: ReactNode;
  className?: string;
}) {
  const [result, formAction, pending] = useActionState(action, null);
  return (
    <form action={formAction} className={cn('flex flex-col gap-3', className)} data-testid={testId}>
      {children}
      <div>
        <Button type="submit" variant={variant} disabled={pending} aria-busy={pending}>
          {label}
        </Button>
      </div>
      <p role="status" aria-live="polite" data-testid={`${testId}-result`} className={cn('text-sm', result?.ok ? 'text-emerald-800' : 'text-red-700')}>
        {result?.message ?? ''}
      </p>
    </form>
  );
}
