'use client';

import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Field, Textarea } from '@/components/ui/field';
import type { CaseView } from './types';

const DISPOSITIONS = ['FalsePositive', 'TruePositive', 'Reported'] as const satisfies readonly NonNullable<CaseView['proposedDisposition']>[];

/**
 * The server's rule (proposeDispositionInput): a disposition and a comment of at most 5,000
 * characters. Nothing is chosen in advance: the maker picks a disposition deliberately.
 */
function proposalSchema(messages: { disposition: string; comment: string; tooLong: string }) {
  return z.object({
    disposition: z.enum(DISPOSITIONS, { error: messages.disposition }),
    comment: z.string().trim().min(1, messages.comment).max(5000, messages.tooLong),
  });
}
export type Proposal = z.output<ReturnType<typeof proposalSchema>>;

/** The maker's proposal on a transaction-monitoring case; a different officer approves it. */
export function DispositionForm({ pending, onPropose }: { pending: boolean; onPropose: (proposal: Proposal) => void }) {
  const t = useTranslations('transactions');
  const schema = proposalSchema({ disposition: t('dispositionRequired'), comment: t('commentRequired'), tooLong: t('commentTooLong') });
  const form = useForm<z.input<typeof schema>, unknown, Proposal>({ resolver: zodResolver(schema), defaultValues: { comment: '' } });
  const { errors } = form.formState;
  return (
    <form className="flex flex-col gap-3" noValidate onSubmit={form.handleSubmit(onPropose)} data-testid="propose-form">
      <fieldset aria-describedby={errors.disposition ? 'disposition-error' : undefined}>
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
        {errors.disposition?.message ? (
          <p id="disposition-error" role="alert" className="mt-1 text-sm text-red-700">
            {errors.disposition.message}
          </p>
        ) : null}
      </fieldset>
      <Field label={t('comment')} htmlFor="propose-comment" error={errors.comment?.message}>
        <Textarea
          id="propose-comment"
          dir="auto"
          rows={3}
          aria-required
          aria-invalid={errors.comment ? true : undefined}
          aria-describedby={errors.comment ? 'propose-comment-error' : undefined}
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
