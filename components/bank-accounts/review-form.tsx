'use client';

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/field';

export type Decision = { decision: 'Approve' | 'Reject'; comment?: string };

/** Same rule as the server: rejecting needs a comment; comments are at most 5,000 characters. */
function decisionSchema(messages: { required: string; tooLong: string }) {
  return z
    .object({ decision: z.enum(['Approve', 'Reject']), comment: z.string().trim().max(5000, messages.tooLong) })
    .refine((v) => v.decision === 'Approve' || v.comment.length > 0, { path: ['comment'], message: messages.required });
}

export function ReviewForm({
  iban,
  accountId,
  disabled,
  onDecide,
}: {
  iban: string;
  accountId: string;
  disabled: boolean;
  onDecide: (decision: Decision) => void;
}) {
  const t = useTranslations('bankReview');
  const tc = useTranslations('common');
  const schema = decisionSchema({ required: t('commentRequired'), tooLong: t('commentTooLong') });
  const form = useForm<z.infer<typeof schema>>({ resolver: zodResolver(schema), defaultValues: { decision: 'Approve', comment: '' } });
  const [pending, setPending] = useState<z.infer<typeof schema> | null>(null);
  const commentId = `comment-${accountId}`;
  const error = form.formState.errors.comment?.message;

  const submitAs = (decision: 'Approve' | 'Reject') => {
    form.setValue('decision', decision);
    void form.handleSubmit((values) => setPending(values))();
  };

  return (
    <form className="flex flex-col gap-2" aria-label={t('decision', { iban })} onSubmit={(event) => event.preventDefault()} data-testid={`review-${accountId}`}>
      <label htmlFor={commentId} className="text-xs font-medium text-slate-700">
        {t('comment')}
      </label>
      <Textarea
        id={commentId}
        rows={2}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${commentId}-error` : undefined}
        {...form.register('comment')}
        disabled={disabled}
      />
      {error ? (
        <p id={`${commentId}-error`} role="alert" className="text-xs text-red-700">
          {error}
        </p>
      ) : null}
      {pending ? (
        <div role="alertdialog" aria-labelledby={`${commentId}-confirm`} className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-2">
          <p id={`${commentId}-confirm`} className="text-sm text-amber-950">
            {pending.decision === 'Approve' ? t('confirmApprove', { iban }) : t('confirmReject', { iban })}
          </p>
          <div className="flex gap-2">
            <Button
              size="sm"
              variant={pending.decision === 'Approve' ? 'primary' : 'danger'}
              autoFocus
              onClick={() => {
                onDecide({ decision: pending.decision, comment: pending.comment || undefined });
                setPending(null);
              }}
            >
              {tc('confirm')}
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setPending(null)}>
              {tc('cancel')}
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" disabled={disabled} onClick={() => submitAs('Approve')}>
            {t('approve')}
          </Button>
          <Button size="sm" variant="danger" disabled={disabled} onClick={() => submitAs('Reject')}>
            {t('reject')}
          </Button>
        </div>
      )}
    </form>
  );
}
