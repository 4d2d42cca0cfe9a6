'use client';

import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { useTranslations } from 'next-intl';
import { DISPOSITIONS, proposeDispositionInput } from '@/lib/transactions/schemas';
import { Button } from '@/components/ui/button';
import { Field, Textarea } from '@/components/ui/field';

type Proposal = z.output<typeof proposeDispositionInput>;

/**
 * The maker's proposal on a transaction-monitoring case, checked by the API's own schema
 * (proposeDispositionInput: a disposition and a comment); a different officer approves it. Nothing
 * is chosen in advance: the maker picks a disposition deliberately.
 */
export function DispositionForm({ pending, onPropose }: { pending: boolean; onPropose: (proposal: Proposal) => void }) {
  const t = useTranslations('transactions');
  const form = useForm<z.input<typeof proposeDispositionInput>, unknown, Proposal>({
    resolver: zodResolver(proposeDispositionInput),
    defaultValues: { comment: '' },
  });
  const { errors } = form.formState;
  // The schema's words are the API's (English); the page says them in its own language.
  const dispositionError = errors.disposition ? t('dispositionRequired') : undefined;
  const commentError = !errors.comment
    ? undefined
    : errors.comment.type === 'too_big'
      ? t('commentTooLong')
      : errors.comment.type === 'too_small'
        ? t('commentRequired')
        : errors.comment.message;
  return (
    <form className="flex flex-col gap-3" noValidate onSubmit={form.handleSubmit(onPropose)} data-testid="propose-form">
      <fieldset aria-describedby={dispositionError ? 'disposition-error' : undefined}>
        <legend className="text-sm font-medium text-slate-800">{t('disposition')}</legend>
        <div className="mt-1 grid gap-2 md:grid-cols-3">
          {DISPOSITIONS.map((d) => (
            <label
              key={d}
              htmlFor={`disposition-${d}`}
              className="flex cursor-pointer items-start gap-2 rounded-md border border-slate-200 p-2 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
            >
              <input
                id={`disposition-${d}`}
                type="radio"
                value={d}
                className="mt-1 shrink-0"
                aria-describedby={`disposition-${d}-hint`}
                {...form.register('disposition')}
              />
              <span className="flex flex-col gap-0.5">
                <span className="text-sm font-medium text-slate-900">{t(`enum.${d}`)}</span>
                <span id={`disposition-${d}-hint`} className="text-xs text-slate-600">
                  {t(`dispositionHints.${d}`)}
                </span>
              </span>
            </label>
          ))}
        </div>
        {dispositionError ? (
          <p id="disposition-error" role="alert" className="mt-1 text-sm text-red-700">
            {dispositionError}
          </p>
        ) : null}
      </fieldset>
      <Field label={t('comment')} htmlFor="propose-comment" error={commentError}>
        <Textarea
          id="propose-comment"
          dir="auto"
          rows={3}
          aria-required
          aria-invalid={commentError ? true : undefined}
          aria-describedby={commentError ? 'propose-comment-error' : undefined}
          {...form.register('comment')}
        />
      </Field>
      <div>
        <Button type="submit" disabled={pending} data-testid="propose">
          {t('propose')}
        </Button>
      </div>
    </form>
  );
}
